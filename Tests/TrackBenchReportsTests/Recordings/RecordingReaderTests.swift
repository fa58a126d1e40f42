import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchReports
import TrackBenchTestSupport

/// Each reader on a small recording written for the test, with the answer worked out by hand.
@Suite struct RecordingReaderTests {
    private func read(_ text: String, options: RecordingReadOptions = RecordingReadOptions()) throws -> Recording {
        try Recording.read(Data(text.utf8), file: "test", options: options)
    }

    @Test func nmeaWithGSTTakesDateFromRMCAndAccuracyFromGST() throws {
        let text = [
            Fixtures.nmeaSentence("GPGGA,123519.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,"),
            Fixtures.nmeaSentence("GNRMC,123519.00,A,4807.0380,N,01131.0000,E,10.0,84.4,230394,003.1,W"),
            Fixtures.nmeaSentence("GPGST,123519.00,1.0,3.0,2.0,0.0,3.0,4.0,5.0"),
        ].joined(separator: "\r\n")
        let recording = try read(text)
        #expect(recording.format == .nmea)
        #expect(recording.fixes.count == 1)
        let fix = recording.fixes[0]
        #expect(abs(fix.latitude - (48 + 7.038 / 60)) < 1e-12)
        #expect(abs(fix.longitude - (11 + 31.0 / 60)) < 1e-12)
        #expect(fix.altitudeMeters == 545.4)
        #expect(fix.horizontalAccuracyMeters == 5)  // sqrt(3^2 + 4^2)
        #expect(fix.verticalAccuracyMeters == 5)
        #expect(abs(fix.speedMetersPerSecond - 10 * 1852 / 3600) < 1e-12)
        #expect(fix.courseDegrees == 84.4)
        // 1994-03-23 12:35:19 UTC
        #expect(fix.timestampSeconds == 764_426_119)
        #expect(recording.timeBase == .unixUTC)
    }

    @Test func aNaNAltitudeReadsAsAnUnknownAltitudeWhichEveryAltitudeFilterPassesThrough() throws {
        let csv = try read("""
        timestamp_s,latitude,longitude,altitude_m,horizontal_accuracy_m,vertical_accuracy_m
        0,37.1,-122.1,NaN,5,3
        1,37.1001,-122.1,12.5,5,3
        """)
        #expect(csv.fixes.map(\.verticalAccuracyMeters) == [-1, 3])
        #expect(csv.fixes.allSatisfy { $0.altitudeMeters.isFinite })
        let gpx = try read("""
        <gpx><trk><trkseg><trkpt lat="37.1" lon="-122.1"><ele>NaN</ele><time>2024-01-01T00:00:00Z</time></trkpt>\
        <trkpt lat="37.1001" lon="-122.1"><ele>12</ele><time>2024-01-01T00:00:01Z</time></trkpt></trkseg></trk></gpx>
        """)
        #expect(gpx.fixes.map(\.verticalAccuracyMeters) == [-1, 0])
        for filter in FilterRegistry.builtIn.filterTypes.filter({ !$0.runsByDefault && !$0.needsElevationModel }) {
            let estimates = FilterConfiguration(stages: [FilterStage(filterType: filter)]).makeFilter().estimatedPath(for: Path(csv.fixes)).fixes
            #expect(estimates[0] == csv.fixes[0], "\(filter.name)")
        }
    }

    @Test func nmeaWithAnEmptyAltitudeHasAnUnknownAltitudeEvenWithAGSTDeviationAndANaNOneIsMalformed() throws {
        let text = [
            Fixtures.nmeaSentence("GPGGA,123519.00,4807.0380,N,01131.0000,E,1,08,0.9,,M,46.9,M,,"),
            Fixtures.nmeaSentence("GPGST,123519.00,1.0,3.0,2.0,0.0,3.0,4.0,5.0"),
            Fixtures.nmeaSentence("GPGGA,123520.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,"),
            Fixtures.nmeaSentence("GPGST,123520.00,1.0,3.0,2.0,0.0,3.0,4.0,5.0"),
            Fixtures.nmeaSentence("GPGGA,123521.00,4807.0380,N,01131.0000,E,1,08,0.9,NaN,M,46.9,M,,"),
        ].joined(separator: "\n")
        let recording = try read(text)
        #expect(recording.fixes.map(\.verticalAccuracyMeters) == [-1, 5])
        #expect(recording.fixes.map(\.altitudeMeters) == [0, 545.4])
        #expect(recording.skipped.map(\.reason).first == "malformed or truncated GGA")
    }

    @Test func nmeaWithoutGSTUsesHDOPTimesTheRangeErrorAndRollsOverMidnight() throws {
        let text = [
            Fixtures.nmeaSentence("GNRMC,235959.00,A,4807.0380,N,01131.0000,E,0.0,,311221,,"),
            Fixtures.nmeaSentence("GNGGA,235959.00,4807.0380,N,01131.0000,E,1,08,1.5,545.4,M,46.9,M,,"),
            Fixtures.nmeaSentence("GNGGA,000000.00,4807.0390,N,01131.0000,E,1,08,2.0,545.4,M,46.9,M,,"),
            Fixtures.nmeaSentence("GNGGA,000001.00,4807.0400,N,01131.0000,E,0,00,,,M,,M,,"),
            Fixtures.nmeaSentence("GNGGA,000002.00,4807.0400,N,01131.0000,E,1,08,2.0,545.4,M,46.9,M,,").dropLast() + "0",
            "$GNGGA,000003.00,4807.04",
        ].joined(separator: "\n")
        let recording = try read(text, options: RecordingReadOptions(userEquivalentRangeErrorMeters: 4))
        #expect(recording.fixes.map(\.horizontalAccuracyMeters) == [6, 8])
        // 2021-12-31 23:59:59 UTC, then 2022-01-01 00:00:00.
        #expect(recording.fixes.map(\.timestampSeconds) == [1_640_995_199, 1_640_995_200])
        #expect(recording.skipped.map(\.reason) == ["GGA sentences with a bad checksum", "malformed or truncated GGA", "fix quality 0 (no fix)"])
        #expect(recording.skipped.map(\.firstLine) == [5, 6, 4])
        #expect(recording.accuracyNotes.count == 1)
    }

    @Test func sentencesRepeatingATimeAreCountedAndTheFirstOfEachTypeKept() throws {
        let text = [
            Fixtures.nmeaSentence("GNGGA,120000.00,4807.0380,N,01131.0000,E,1,08,1.5,545.4,M,46.9,M,,"),
        ] + (1...5).map { minute in
            Fixtures.nmeaSentence("GNGGA,120000.00,4807.0\(minute)80,N,01131.0000,E,1,08,1.5,545.4,M,46.9,M,,")
        } + [
            Fixtures.nmeaSentence("GNGGA,120001.00,4807.0390,N,01131.0000,E,1,08,1.5,545.4,M,46.9,M,,"),
        ]
        let recording = try read(text.joined(separator: "\n"))
        #expect(recording.fixes.count == 2)
        #expect(abs(recording.fixes[0].latitude - (48 + 7.038 / 60)) < 1e-9)
        #expect(recording.skipped.map(\.reason) == ["GGA repeating an earlier sentence's time (the first kept)"])
        #expect(recording.skipped.map(\.count) == [5])
        #expect(recording.skipped.map(\.firstLine) == [2])
    }

    @Test func aGGARunLabelledASecondLateMovesBackASecondAndAPlainRepeatIsStillSkipped() throws {
        // Fixes taken at 10, 11, 12, 13 s labelled 10, 12, 13, 13 (as WHU Mi 8 and P20 logs write them), then a
        // quality-0 repeat of 14 s: the run moves back, the repeat is counted.
        let epochs = [(10, "0380", 1), (12, "0390", 1), (13, "0400", 1), (13, "0410", 1), (14, "0420", 1), (14, "0420", 0)]
        let text = epochs.map { second, minutes, quality in
            Fixtures.nmeaSentence("GPGGA,1200\(second).999,4807.\(minutes),N,01131.0000,E,\(quality),08,1,545.4,M,46.9,M,,")
        }
        let recording = try read(text.joined(separator: "\n"))
        #expect(recording.fixes.map { $0.timestampSeconds.rounded() } == [43211, 43212, 43213, 43214, 43215])
        #expect(recording.fixes.map { (($0.latitude - 48) * 60 * 1e4).rounded() } == [70380, 70390, 70400, 70410, 70420])
        #expect(recording.skipped.map(\.reason) == ["GGA repeating an earlier sentence's time (the first kept)"])
        #expect(recording.notes.contains { $0.hasPrefix("2 GGA labelled a second late") })
    }

    @Test func aFixAfterAQualityZeroGGAAtTheSameTimeReplacesItAndAPlainRepeatIsSkipped() throws {
        // As the WHU P20 writes them: a quality-0 GGA repeating the last position, then that second's fix; and a fix,
        // then a quality-0 GGA repeating it.
        let text = [
            Fixtures.nmeaSentence("GPGGA,164531.999,3959.9852180,N,11640.2344551,E,3,19,1,17.1,M,0,M,0,"),
            Fixtures.nmeaSentence("GPGGA,164532.999,3959.9852180,N,11640.2344551,E,0,18,1,17.1,M,0,M,0,"),
            Fixtures.nmeaSentence("GPGGA,164532.999,3959.9891396,N,11640.2356987,E,3,18,1,17.3,M,0,M,0,"),
            Fixtures.nmeaSentence("GPGGA,164533.999,3959.9931412,N,11640.2370338,E,3,19,1,17.4,M,0,M,0,"),
            Fixtures.nmeaSentence("GPGGA,164533.999,3959.9931412,N,11640.2370338,E,0,19,1,17.4,M,0,M,0,"),
        ].joined(separator: "\n")
        let recording = try read(text)
        #expect(recording.fixes.map { $0.timestampSeconds.rounded() } == [60_332, 60_333, 60_334])
        #expect(abs(recording.fixes[1].latitude - (39 + 59.9891396 / 60)) < 1e-9)
        #expect(recording.skipped.map(\.reason) == [
            "GGA without a fix (quality 0) followed by one with a fix at its time (the fix kept)",
            "GGA repeating an earlier sentence's time (the first kept)",
        ])
        #expect(recording.skipped.map(\.firstLine) == [2, 5])
    }

    /// GGA at `labels` (seconds after 12:00:00) for a car heading north at `speed` m/s whose fixes were taken at
    /// `taken` seconds: the position is the one of the time taken. Labels in `placeholders` get quality 0, as the WHU
    /// phones write a second without a fix: the last position repeated.
    private func northbound(taken: [Int], labels: [Int], speed: Double, placeholders: Set<Int> = []) -> String {
        zip(taken, labels).map { taken, label in
            let minutes = String(format: "%.7f", Double(taken) * speed / 111_320 * 60)
            let quality = placeholders.contains(label) ? 0 : 1
            return Fixtures.nmeaSentence(
                "GPGGA,1200\(String(format: "%02d", label)).999,4807\(minutes.dropFirst()),N,01131.0000,E,\(quality),08,1,545.4,M,46.9,M,,")
        }.joined(separator: "\n")
    }

    @Test func aLateFixAfterAQualityZeroGGAMovesBackOntoItsSecondAndReplacesIt() throws {
        // As the WHU P20 writes them: fixes taken at 0, 2, 3, 4 s labelled 0, 2, 4, 4, with a quality-0 GGA at 3 s
        // repeating the 2 s position. The placeholder is the missing second: only the 3 s fix moves back, onto it.
        let text = northbound(taken: [0, 2, 2, 3, 4], labels: [0, 2, 3, 4, 4], speed: 20, placeholders: [3])
        let recording = try read(text)
        #expect(recording.fixes.map { $0.timestampSeconds.rounded() } == [0, 2, 3, 4].map { 43_201 + Double($0) })
        #expect(recording.notes.contains { $0.hasPrefix("1 GGA labelled a second late (a second missing before them, then a GGA") })
        #expect(recording.skipped == [
            Recording.Skip(reason: "GGA without a fix (quality 0) followed by one with a fix at its time (the fix kept)", count: 1, firstLine: 3),
        ])
    }

    @Test func aLateRunFoundByItsSpacingLooksPastQualityZeroGGAAndTwoSecondGaps() throws {
        // The Mi 8's lost fix with a quality-0 GGA in the missing second: taken at 8...12, 14, 15, 16 s, labelled
        // 8, 9, 10, [11: no fix], 12, 13, 14, 15, 16.
        let placeholder = try read(northbound(
            taken: [8, 9, 10, 10, 11, 12, 14, 15, 16], labels: [8, 9, 10, 11, 12, 13, 14, 15, 16], speed: 20, placeholders: [11]
        ))
        #expect(placeholder.fixes.map { $0.timestampSeconds.rounded() } == [8, 9, 10, 11, 12, 14, 15, 16].map { 43_201 + Double($0) })
        #expect(placeholder.skipped.map(\.count) == [1])
        // The P20's single late fix between seconds lost: taken at 63, 65, 66, 68, 70 s, labelled 63, 65, 67, 68, 70;
        // the speed comes from the fixes two seconds apart on either side.
        let single = try read(northbound(taken: [3, 5, 6, 8, 10], labels: [3, 5, 7, 8, 10], speed: 20))
        #expect(single.fixes.map { $0.timestampSeconds.rounded() } == [3, 5, 6, 8, 10].map { 43_201 + Double($0) })
        // The same labels with every fix where its label says: nothing moves.
        let honest = try read(northbound(taken: [3, 5, 7, 8, 10], labels: [3, 5, 7, 8, 10], speed: 20))
        #expect(honest.fixes.map { $0.timestampSeconds.rounded() } == [3, 5, 7, 8, 10].map { 43_201 + Double($0) })
        #expect(!honest.notes.contains { $0.contains("labelled a second late") })
    }

    @Test func aGGARunLabelledLateThatEndsInALostFixMovesBackByItsSpacing() throws {
        // Taken at 8, 9, 10, 11, 12, 14, 15, 16 s (the 13 s fix lost), labelled 8, 9, 10, 12, 13, 14, 15, 16, as the
        // WHU Mi 8 writes them: no repeated time gives the run away, only the spacing (20 m, then 40 m in a second).
        let late = try read(northbound(taken: [8, 9, 10, 11, 12, 14, 15, 16], labels: [8, 9, 10, 12, 13, 14, 15, 16], speed: 20))
        #expect(late.fixes.map { $0.timestampSeconds.rounded() } == [8, 9, 10, 11, 12, 14, 15, 16].map { 43_201 + Double($0) })
        #expect(late.notes.contains { $0.hasPrefix("2 GGA labelled a second late (a second missing before them, and their spacing") })
        // A fix truly lost at 11 s, labels right: the spacing agrees with the labels, nothing moves.
        let lost = try read(northbound(taken: [8, 9, 10, 12, 13, 14, 15], labels: [8, 9, 10, 12, 13, 14, 15], speed: 20))
        #expect(lost.fixes.map { $0.timestampSeconds.rounded() } == [8, 9, 10, 12, 13, 14, 15].map { 43_201 + Double($0) })
        #expect(!lost.notes.contains { $0.contains("labelled a second late") })
        // At walking speed a second's travel is lost in the error's own steps: the labels stand.
        let walking = try read(northbound(taken: [8, 9, 10, 11, 12, 14, 15, 16], labels: [8, 9, 10, 12, 13, 14, 15, 16], speed: 1.4))
        #expect(walking.fixes.map { $0.timestampSeconds.rounded() } == [8, 9, 10, 12, 13, 14, 15, 16].map { 43_201 + Double($0) })
    }

    @Test func aGGAMalformedAfterItsFixQualityIsCountedOnceAndLeavesNothingInItsEpoch() throws {
        let text = [
            Fixtures.nmeaSentence("GPGGA,120000.00,0100.0000,N,00100.0000,E,1,08,1.0,12.0,M,0,M,,"),
            // Quality and HDOP parse, the latitude does not.
            Fixtures.nmeaSentence("GPGGA,120001.00,01x0.0000,N,00100.0000,E,1,08,1.0,12.0,M,0,M,,"),
            Fixtures.nmeaSentence("GPGGA,120002.00,0100.0000,N,00100.0000,E,1,08,2.0,NaN,M,0,M,,"),
            // The same time as the malformed GGA: the fix is RMC's alone, without that GGA's HDOP.
            Fixtures.nmeaSentence("GPRMC,120002.00,A,0100.0000,N,00100.0000,E,1.0,90.0,010120,,"),
        ].joined(separator: "\n")
        let recording = try read(text, options: RecordingReadOptions(userEquivalentRangeErrorMeters: 4))
        #expect(recording.skipped == [Recording.Skip(reason: "malformed or truncated GGA", count: 2, firstLine: 2)])
        #expect(recording.fixes.count == 2)
        // HDOP 1 x 4 m, then the range error alone (no HDOP), not the malformed GGA's 2 x 4 m.
        #expect(recording.fixes.map(\.horizontalAccuracyMeters) == [4, 4])
        #expect(recording.fixes.map(\.altitudeMeters) == [12, 0])
    }

    @Test func nmeaWithoutAnyDateCountsSecondsOfTheDayAndSaysSo() throws {
        let text = Fixtures.nmeaSentence("GPGGA,000010.00,0100.0000,S,00100.0000,W,1,08,1.0,0,M,0,M,,")
        let recording = try read(text)
        #expect(recording.timeBase == .timeOfDay)
        #expect(recording.fixes[0].timestampSeconds == 10)
        #expect(recording.fixes[0].latitude == -1 && recording.fixes[0].longitude == -1)
        #expect(recording.notes.contains { $0.contains("no RMC sentence gave a date") })
    }

    @Test func nmeaVoidStatusIsSkippedAndCounted() throws {
        let text = [
            Fixtures.nmeaSentence("GPRMC,120000.00,V,,,,,,,010120,,"),
            Fixtures.nmeaSentence("GPRMC,120001.00,A,0100.0000,N,00100.0000,E,1.0,90.0,010120,,"),
        ].joined(separator: "\r")
        let recording = try read(text)
        #expect(recording.fixes.count == 1)
        #expect(recording.skipped == [Recording.Skip(reason: "RMC status V (void)", count: 1, firstLine: 1)])
    }

    @Test func gpxWithOffsetsNamespacesAndExtensions() throws {
        let text = """
        \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Garmin" xmlns="http://www.topografix.com/GPX/1/1" \
        xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
         <trk><trkseg>
          <trkpt lat="47.5" lon="8.25"><ele>410.5</ele><time>2021-04-28T21:01:42.250+02:00</time><hdop>2</hdop>
           <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>141</gpxtpx:hr><time>bogus</time></gpxtpx:TrackPointExtension></extensions>
          </trkpt>
          <trkpt lat="47.5001" lon="8.25"><time>2021-04-28T19:01:43Z</time></trkpt>
          <trkpt lat="95" lon="8.25"><time>2021-04-28T19:01:44Z</time></trkpt>
         </trkseg></trk>
        </gpx>
        """
        let recording = try read(text)
        #expect(recording.format == .gpx)
        #expect(recording.hasTimes)
        // 2021-04-28 19:01:42.25 UTC
        #expect(recording.fixes.map(\.timestampSeconds) == [1_619_636_502.25, 1_619_636_503])
        #expect(recording.fixes.map(\.horizontalAccuracyMeters) == [10, 5])
        #expect(recording.fixes[0].altitudeMeters == 410.5)
        #expect(recording.skipped.map(\.reason) == ["lat or lon missing or out of range"])
        #expect(recording.skipped[0].firstLine == 8)
    }

    @Test func tcxReadsEveryLapsTrackpointsAndCountsThoseWithoutAPosition() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
        xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
         <Activities><Activity Sport="Running"><Id>2021-04-28T19:01:42.000Z</Id>
          <Lap StartTime="2021-04-28T19:01:42.000Z"><TotalTimeSeconds>2.0</TotalTimeSeconds><Track>
           <Trackpoint><Time>2021-04-28T19:01:42.250Z</Time>
            <Position><LatitudeDegrees>47.5</LatitudeDegrees><LongitudeDegrees>8.25</LongitudeDegrees></Position>
            <AltitudeMeters>410.5</AltitudeMeters><DistanceMeters>0.0</DistanceMeters><HeartRateBpm><Value>141</Value></HeartRateBpm>
            <Extensions><ns3:TPX><ns3:Speed>2.5</ns3:Speed><Time>bogus</Time></ns3:TPX></Extensions>
           </Trackpoint>
           <Trackpoint><Time>2021-04-28T19:01:43Z</Time><HeartRateBpm><Value>142</Value></HeartRateBpm></Trackpoint>
          </Track></Lap>
          <Lap StartTime="2021-04-28T19:01:44.000Z"><Track>
           <Trackpoint><Time>2021-04-28T21:01:44+02:00</Time>
            <Position><LatitudeDegrees>47.5001</LatitudeDegrees><LongitudeDegrees>8.25</LongitudeDegrees></Position>
           </Trackpoint>
          </Track></Lap>
         </Activity></Activities>
        </TrainingCenterDatabase>
        """
        let recording = try read(text)
        #expect(recording.format == .tcx)
        #expect(recording.fixes.map(\.timestampSeconds) == [1_619_636_502.25, 1_619_636_504])
        #expect(recording.fixes.map(\.latitude) == [47.5, 47.5001])
        #expect(recording.fixes[0].altitudeMeters == 410.5 && recording.fixes[0].verticalAccuracyMeters == 0)
        #expect(recording.fixes[1].verticalAccuracyMeters == -1)  // no AltitudeMeters: the altitude is unknown
        #expect(recording.fixes.map(\.horizontalAccuracyMeters) == [5, 5])  // no accuracy or HDOP: the range error
        #expect(recording.skipped.map(\.reason) == ["no Position, or one out of range"])
        #expect(recording.skipped[0].firstLine == 10)
    }

    @Test func anXMLFileOfNeitherFormatNamesBoth() {
        #expect(
            throws: RecordingFileError.malformed(
                file: "test", line: 1, problem: "expected a <gpx> root element (GPX 1.0 or 1.1) or a <TrainingCenterDatabase> one (TCX)")
        ) {
            try read("<kml><Placemark/></kml>")
        }
    }

    @Test func gpxWithoutTimesIsARoute() throws {
        let text = """
        <gpx version="1.1"><rte><rtept lat="1" lon="2"/><rtept lat="1.001" lon="2"/></rte></gpx>
        """
        let recording = try read(text)
        #expect(!recording.hasTimes)
        #expect(recording.fixes.count == 2)
    }

    @Test func aTrackWhoseEveryTimeIsMalformedHasNoUsableFixesInsteadOfBecomingARoute() {
        let text = """
        <gpx version="1.1"><trk><trkseg>
        <trkpt lat="1" lon="2"><time>2024-01-01T00:00:00+99:99</time></trkpt>
        <trkpt lat="1.001" lon="2"><time>2024-13-01T00:00:01Z</time></trkpt>
        <trkpt lat="1.002" lon="2"><time>2024-01-01T24:00:02Z</time></trkpt>
        </trkseg></trk></gpx>
        """
        #expect(throws: RecordingFileError.noFixes(file: "test", detail: "every fix was skipped: point without a valid time: 3 (first at line 2)")) {
            try read(text)
        }
    }

    @Test(arguments: [
        ("<trkpt lat=\"1\" lon=\"2\"><time>2024-01-01T00:00:00Z</time>\n<time>2024-01-01T00:00:09Z</time></trkpt>", "time", 2, 3),
        ("<Trackpoint><Time>2024-01-01T00:00:00Z</Time><Position><LatitudeDegrees>1</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees>"
            + "</Position>\n<Position><LatitudeDegrees>5</LatitudeDegrees><LongitudeDegrees>6</LongitudeDegrees></Position></Trackpoint>",
         "Position", 2, 3),
        ("<Trackpoint><Position><LatitudeDegrees>1</LatitudeDegrees>\n<LatitudeDegrees>5</LatitudeDegrees></Position></Trackpoint>",
         "Position/LatitudeDegrees", 2, 3),
    ])
    func twoElementsOfOneValueInAPointAreAnErrorNamingBoth(point: String, element: String, first: Int, second: Int) {
        let isTCX = point.hasPrefix("<Trackpoint")
        let text = isTCX
            ? "<TrainingCenterDatabase><Activities><Activity><Lap><Track>\n\(point)</Track></Lap></Activity></Activities></TrainingCenterDatabase>"
            : "<gpx><trk><trkseg>\n\(point)</trkseg></trk></gpx>"
        #expect(throws: RecordingFileError.malformed(
            file: "test", line: second,
            problem: "the point at line \(first) has two \(element) elements (lines \(first) and \(second)), so which to read is ambiguous; keep one"
        )) {
            try read(text)
        }
    }

    @Test(arguments: [
        ("time,lat,latitude,lon", "2 (\"lat\") and 3 (\"latitude\")"), ("time,latitude,longitude,Latitude", "2 (\"latitude\") and 4 (\"Latitude\")"),
    ])
    func twoColumnsOfOneFieldAreAnErrorNamingBoth(header: String, columns: String) {
        let text = header + "\n2024-01-01T00:00:00Z,1,1,2\n2024-01-01T00:00:01Z,1.001,1.001,2\n"
        #expect(throws: RecordingFileError.malformed(
            file: "test", line: 1,
            problem: "columns \(columns) of the header hold the same field, so which to read is ambiguous; remove or rename one of them"
        )) {
            try read(text)
        }
    }

    @Test func malformedGPXNamesTheLineAndColumnOfTheFault() {
        #expect(throws: RecordingFileError.malformedXML(
            file: "test", line: 4, column: 3,
            problem: "the end tag '</gpx>' does not match the start tag '<trkpt>' opened at line 3, column 1"
        )) {
            try read("<gpx>\n<trk>\n<trkpt lat=\"1\" lon=\"2\">\n  </gpx>")
        }
        let error = RecordingFileError.malformedXML(file: "a.gpx", line: 4, column: 3, problem: "expected '>'")
        #expect(error.localizedDescription == "recording file 'a.gpx', line 4, column 3: expected '>'")
    }

    @Test func gnssLoggerReadsTheChosenProviderOnly() throws {
        let text = """
        # Version: v3.0.5.6 Platform: 13
        # Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,BearingDegrees,\
        UnixTimeMillis,SpeedAccuracyMps,BearingAccuracyDegrees,elapsedRealtimeNanos,VerticalAccuracyMeters
        Raw,1,2,3
        Fix,GPS,37.5,-122.25,10.0,1.5,3.8,90.0,1700000000000,0.5,10,5,1.0
        Fix,FLP,37.6,-122.25,10.0,1.5,3.8,,1700000000200,,,5,
        Fix,gps,37.5001,-122.25,,,,,1700000001000,,,6,
        """
        let recording = try read(text)
        #expect(recording.format == .gnssLogger)
        #expect(recording.fixes.count == 2)
        #expect(recording.fixes[0].timestampSeconds == 1_700_000_000)
        #expect(recording.fixes[0].speedMetersPerSecond == 1.5 && recording.fixes[0].courseDegrees == 90)
        #expect(recording.fixes[1].horizontalAccuracyMeters == 5)  // no accuracy: the range error
        #expect(recording.fixes[1].speedMetersPerSecond == -1 && recording.fixes[1].courseDegrees == -1)
        let fused = try read(text, options: RecordingReadOptions(provider: "fused"))
        #expect(fused.fixes.map(\.latitude) == [37.6])
        #expect(throws: RecordingFileError.self) { try read(text, options: RecordingReadOptions(provider: "NLP")) }
    }

    @Test func gsdc2021TruthConvertsGPSTimeWithLeapSeconds() throws {
        let text = """
        collectionName,phoneName,millisSinceGpsEpoch,latDeg,lngDeg,heightAboveWgs84EllipsoidM,timeSinceFirstFixSeconds,hDop,vDop,speedMps,courseDegree
        2020-05-14-US-MTV-1,Pixel4,1273529463442,37.4231,-122.0940,-33.29,3.442,0,0,0.0,0.0
        """
        let recording = try read(text)
        #expect(recording.format == .csv)
        // GPS 1273529463.442 s = Unix 315964800 + that - 18 leap seconds.
        #expect(abs(recording.fixes[0].timestampSeconds - (315_964_800 + 1_273_529_463.442 - 18)) < 1e-6)
        #expect(recording.fixes[0].altitudeMeters == -33.29)
    }

    @Test func gsdc2022TruthReadsFixRowsByColumnName() throws {
        let text = """
        MessageType,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,BearingDegrees,UnixTimeMillis
        Fix,GT,37.416,-122.082,-28.8,0.0,0.1,92.7,1620000000000
        Fix,GT,37.417,-122.082,-28.8,0.5,0.1,92.7,1620000000100
        """
        let recording = try read(text, options: RecordingReadOptions(provider: "GT"))
        #expect(recording.fixes.map(\.timestampSeconds) == [1_620_000_000, 1_620_000_000.1])
        #expect(recording.fixes.map(\.horizontalAccuracyMeters) == [0.1, 0.1])
    }

    /// A SensorLog (iOS) export: a row per sensor sample, each repeating the latest location until the next fix.
    static let sensorLog = """
        loggingTime(txt),loggingSample(N),locationTimestamp_since1970(s),locationLatitude(WGS84),\
        locationLongitude(WGS84),locationAltitude(m),locationSpeed(m/s),\
        locationSpeedAccuracy(m/s),locationCourse(°),locationCourseAccuracy(°),locationVerticalAccuracy(m),\
        locationHorizontalAccuracy(m),locationFloor(Z),accelerometerTimestamp_sinceReboot(s),accelerometerAccelerationX(G)
        2023-06-01 07:30:00.012 +0200,0,1685597399.5,48.137154,11.576124,519.2,1.35,0.4,87.5,12.0,3.9,4.7,0,5120.001,0.01
        2023-06-01 07:30:00.022 +0200,1,1685597399.5,48.137154,11.576124,519.2,1.35,0.4,87.5,12.0,3.9,4.7,0,5120.011,0.02
        2023-06-01 07:30:01.004 +0200,2,1685597400.5,48.137166,11.57613,519.4,-1.0,-1.0,-1.0,-1.0,3.9,-1.0,0,5121.003,0.02
        """

    @Test func sensorLogReadsEachFixOnceAndCountsTheRowsThatRepeatIt() throws {
        let recording = try read(Self.sensorLog)
        #expect(recording.format == .csv)
        #expect(recording.fixes.map(\.timestampSeconds) == [1_685_597_399.5, 1_685_597_400.5])
        #expect(recording.fixes.map(\.latitude) == [48.137154, 48.137166])
        #expect(recording.fixes[0].altitudeMeters == 519.2 && recording.fixes[0].verticalAccuracyMeters == 3.9)
        #expect(recording.fixes[0].horizontalAccuracyMeters == 4.7)
        #expect(recording.fixes[0].speedMetersPerSecond == 1.35 && recording.fixes[0].courseDegrees == 87.5)
        // Core Location's -1: speed and course unknown, the coordinate invalid (kept, as the phone delivered it).
        #expect(recording.fixes[1].speedMetersPerSecond == -1 && recording.fixes[1].courseDegrees == -1)
        #expect(recording.fixes[1].horizontalAccuracyMeters == -1)
        #expect(recording.skipped.map(\.reason) == ["repeats of the fix before (same time and position)"])
        #expect(recording.skipped.map(\.firstLine) == [3])
    }

    @Test(arguments: [";", "\t", "|"])
    func aFileSeparatedByAnotherCharacterWithDecimalCommasReadsLikeTheCommaSeparatedOne(separator: String) throws {
        // Each field's decimal point becomes a comma, then each separating comma the other separator.
        let rows = Self.sensorLog.split(separator: "\n").map { row in
            row.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: ".", with: ",") }
                .joined(separator: separator)
        }
        let recording = try read(rows.joined(separator: "\r\n"))
        #expect(recording.fixes == (try read(Self.sensorLog)).fixes)
    }

    @Test func aDecimalCommaInACommaSeparatedFileIsNoNumber() throws {
        let recording = try read("time,lat,lon,speed\n1700000000,48.1,11.5,\"1,5\"\n1700000001,48.1001,11.5,1.5\n")
        #expect(recording.fixes.map(\.timestampSeconds) == [1_700_000_001])
        #expect(recording.skipped.map(\.reason) == ["a field that is not a number"])
    }

    @Test func rowsEndingWithACommaAndQuotedFieldsReadLikePlainOnes() throws {
        let plain = try read("time,lat,lon,provider\n1700000000,48.1,11.5,gps\n1700000001,48.1001,11.5,gps\n")
        // Every row ends with a comma; the second quotes its fields, a comma inside one.
        let variant = try read("time,lat,lon,provider\n1700000000,48.1,11.5,gps,\n\"1700000001\",\"48.1001\",11.5,\"gps\",\n")
        #expect(variant.fixes == plain.fixes)
        #expect(variant.fixes.count == 2)
        let quotedComma = try read(
            "time,lat,lon,provider\n1700000000,48.1,11.5,\"gps, chip\"\n", options: RecordingReadOptions(provider: "gps, chip"))
        #expect(quotedComma.fixes.map(\.latitude) == [48.1])
    }

    @Test func gpsLoggerReadsTheGPSRowsWithTheirElevation() throws {
        let text = """
        time,lat,lon,elevation,accuracy,bearing,speed,satellites,provider,\
        hdop,vdop,pdop,geoidheight,ageofdgpsdata,dgpsid,activity,battery,annotation,\
        timestamp_ms,time_offset,distance,starttimestamp_ms,profile_name,battery_charging
        2024-03-19T23:12:40.600Z,48.1861084,11.5593367,561.6000366210938,,,,,network,,,,,,,,,,,,,,,
        2024-03-19T23:12:41.000Z,48.1861,11.5593,560.5,3.9,219.9,0.94,12,gps,0.8,1.1,1.4,47.0,\
        ,,,88,,1710889961000,2024-03-20T00:12:41.000+01:00,0.0,1710889960000,Default Profile,false
        2024-03-19T23:12:42.000Z,48.18612,11.55931,560.7,4.2,,0.0,12,gps,0.8,1.1,1.4,47.0,\
        ,,,88,,1710889962000,2024-03-20T00:12:42.000+01:00,2.3,1710889960000,Default Profile,false
        """
        let recording = try read(text)
        #expect(recording.fixes.map(\.timestampSeconds) == [1_710_889_961, 1_710_889_962])
        #expect(recording.fixes.map(\.altitudeMeters) == [560.5, 560.7])
        #expect(recording.fixes.map(\.horizontalAccuracyMeters) == [3.9, 4.2])
        #expect(recording.fixes.map(\.courseDegrees) == [219.9, -1])
        #expect(recording.notes.contains("read provider GPS; passed over 1 NLP rows"))
    }

    @Test func trackBenchPathCSVReplaysExactly() throws {
        let path = Path([
            LocationFix(
                latitude: 37.1, longitude: -122.2, altitudeMeters: 3, horizontalAccuracyMeters: 4.5, verticalAccuracyMeters: 2, courseDegrees: 10,
                speedMetersPerSecond: 2.5, timestampSeconds: 0),
            LocationFix(latitude: 37.100_012_345_678_9, longitude: -122.2, horizontalAccuracyMeters: 4.25, timestampSeconds: 1.01),
        ])
        let recording = try read(PathCSV.render(path).replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(recording.timeBase == .asWritten)
        #expect(recording.fixes == path.fixes)
    }

    @Test func timesOutOfOrderAreSkippedAndCounted() throws {
        let text = "timestamp_s,latitude,longitude\n0,1,1\n1,1.0001,1\n1,1.0002,1\n0.5,1.0003,1\nx,1,1\n2,1.0004\n"
        let recording = try read(text)
        #expect(recording.fixes.map(\.timestampSeconds) == [0, 1])
        #expect(
            recording.skipped.map(\.reason) == [
                "duplicate timestamp", "time went backwards", "time missing or malformed", "row with 2 fields under a header of 3 (truncated?)",
            ])
    }

    @Test func aLoneFixWithATimeFarAheadIsDroppedNotEveryFixAfterIt() throws {
        // A garbled year on one fix (2030 among 2023) used to skip the rest of the file as going backwards.
        let far = "timestamp_s,latitude,longitude\n0,1,1\n1,1.0001,1\n220000000,1.0002,1\n3,1.0003,1\n4,1.0004,1\n"
        let recording = try read(far)
        #expect(recording.fixes.map(\.timestampSeconds) == [0, 1, 3, 4])
        #expect(recording.skipped.map(\.reason) == ["a lone fix over 600 s ahead of the fixes around it"])
        #expect(recording.skipped.first?.firstLine == 4)
        // The same at the start; and a real gap (the fixes go on from the later time) is kept.
        #expect(try read("timestamp_s,latitude,longitude\n900000,1,1\n1,1.0001,1\n2,1.0002,1\n").fixes.map(\.timestampSeconds) == [1, 2])
        let gap = try read("timestamp_s,latitude,longitude\n0,1,1\n1,1.0001,1\n5000,1.0002,1\n5001,1.0003,1\n3,1.0004,1\n")
        #expect(gap.fixes.map(\.timestampSeconds) == [0, 1, 5000, 5001] && gap.skipped.map(\.reason) == ["time went backwards"])
    }

    @Test func anExportWithStaleFixesReadsBackFixForFixInDeliveryOrder() throws {
        // The hard suite's city canyon re-delivers cached fixes: the export must replay exactly.
        let scenario = Fixtures.hardSuite.scenarios.first { $0.signal.faults.staleFixProbability > 0 }!
        let noisy = scenario.simulate(seed: 100).noisyPath
        #expect(noisy.fixes.contains { $0.deliveryTimeSeconds > $0.timestampSeconds })
        let recording = try read(PathCSV.render(noisy))
        #expect(recording.skippedCount == 0)
        #expect(recording.fixes == noisy.fixes)
    }

    @Test func anEmptyRecordingIsAnErrorNamingTheFile() {
        #expect(throws: RecordingFileError.noFixes(file: "test", detail: "the file holds no fixes")) { try read("timestamp_s,latitude,longitude\n") }
        for empty in ["", "\u{FEFF}", "\r\n  \r\n", "\n\t\n"] {
            #expect(throws: RecordingFileError.noFixes(file: "test", detail: "the file is empty")) { try read(empty) }
        }
    }

    @Test func aHeaderWithoutCoordinatesListsItsColumnsButNeverQuotesAFileThatIsNoCSV() throws {
        do {
            _ = try read("time,lat,speed\n1,47.5,2\n")
            Issue.record("a header without longitude was read")
        } catch {
            #expect(error.localizedDescription.contains("it has time,lat,speed"), "\(error.localizedDescription)")
        }
        do {
            _ = try read("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/:/bin/sh\n")
            Issue.record("a system file was read as a recording")
        } catch {
            #expect(!error.localizedDescription.contains("root:x"), "\(error.localizedDescription)")
        }
    }
}
