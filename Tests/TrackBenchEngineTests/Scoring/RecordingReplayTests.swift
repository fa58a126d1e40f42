import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
import TrackBenchTestSupport

/// Aligning a recording with its truth, on tracks whose answers are known: a runner going north at 2 m/s
/// and a phone whose every fix lies exactly 3 m east of the truth.
@Suite struct RecordingReplayTests {
    private static let frame = LocalFrame(origin: Coordinate(latitude: 0, longitude: 10))

    private static func fix(east: Double, north: Double, time: Double) -> LocationFix {
        let coordinate = frame.coordinate(for: LocalPoint(east: east, north: north))
        return LocationFix(latitude: coordinate.latitude, longitude: coordinate.longitude, horizontalAccuracyMeters: 4, timestampSeconds: time)
    }

    /// Truth at 10 Hz from t = 1000 s to 1100 s; fixes at 1 Hz from 995 s to 1105 s, their clock `clockAheadSeconds` ahead.
    private static func entry(
        timedTruth: Bool = true, clockAheadSeconds: Double = 0, offset: Double = 0, distance: Double? = nil
    ) -> RecordingSuite.Entry {
        let truth = (0...1000).map { index in fix(east: 0, north: Double(index) * 0.2, time: 1000 + Double(index) / 10) }
        let fixes = (995...1105).map { second in
            fix(east: 3, north: 2 * min(max(Double(second) - 1000, 0), 100), time: Double(second) + clockAheadSeconds)
        }
        func recording(_ fixes: [LocationFix], hasTimes: Bool) -> Recording {
            Recording(format: .csv, fixes: fixes, hasTimes: hasTimes, timeBase: .unixUTC, skipped: [], notes: [])
        }
        return RecordingSuite.Entry(
            id: "north", fixes: recording(fixes, hasTimes: true), truth: recording(truth, hasTimes: timedTruth),
            distanceMeters: distance, timeOffsetSeconds: offset, tags: ["device": "test"], fixesFile: "f", truthFile: "t"
        )
    }

    private func rawScore(_ replay: RecordingReplay) -> ScenarioScore {
        WorkUnit.replayed(replay).scores(filters: [try! FilterRegistry.builtIn.configuration(parsing: "raw")])[0]
    }

    /// NMEA GGA (and RMC when `date` is given) every `stepSeconds` from `start` seconds before midnight to `end` after,
    /// going north about 1 m/s from 100 m before midnight's place; an RMC with a wrong checksum when `brokenRMC`.
    private static func nmea(from start: Int, to end: Int, stepSeconds: Double, date: String?, brokenRMC: Bool = false) -> String {
        var lines: [String] = []
        for tenth in stride(from: Double(start) * 10, through: Double(end) * 10, by: stepSeconds * 10) {
            let seconds = tenth / 10
            let ofDay = (seconds + 86_400).truncatingRemainder(dividingBy: 86_400)
            let time = String(format: "%02d%02d%05.2f", Int(ofDay) / 3600, Int(ofDay) % 3600 / 60, ofDay.truncatingRemainder(dividingBy: 60))
            let minutes = String(format: "%09.6f", (seconds + 100) / 1852)
            lines.append(Fixtures.nmeaSentence("GPGGA,\(time),48\(minutes),N,01100.000000,E,1,08,1.0,10.0,M,0,M,,"))
            if let date {
                lines.append(Fixtures.nmeaSentence("GPRMC,\(time),A,48\(minutes),N,01100.000000,E,1.9,0.0,\(date),,"))
            } else if brokenRMC {
                lines.append(String(Fixtures.nmeaSentence("GPRMC,\(time),A,48\(minutes),N,01100.000000,E,1.9,0.0,311221,,").dropLast(2)) + "00")
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test func aTruthWithTimesOfDayOnlyIsPlacedOnTheFixesDateAcrossMidnight() throws {
        // The fixes start on 2022-01-01 just after midnight; the undated truth starts 15 s before it.
        let fixes = try Recording.read(Data(Self.nmea(from: 5, to: 20, stepSeconds: 1, date: "010122").utf8), file: "fixes")
        let truthText = Self.nmea(from: -15, to: 25, stepSeconds: 0.1, date: nil, brokenRMC: true)
        let truth = try Recording.read(Data(truthText.utf8), file: "truth")
        #expect(truth.timeBase == .timeOfDay)
        #expect(truth.skipped == [Recording.Skip(reason: "RMC sentences with a bad checksum", count: 401, firstLine: 2)])
        let replay = try RecordingReplay(id: "midnight", fixes: fixes, truth: truth)
        #expect(replay.fixesOutsideTruth == 0)
        #expect(replay.fixes.count == 16)
        #expect(
            replay.alignmentNotes == [
                "the truth has times of day only (no valid RMC date): aligned to the fixes' date by time of day, its start on 2021-12-31"
            ])
        #expect(abs(replay.trueDistanceMeters - 15) < 0.05)
        #expect(rawScore(replay).metrics.positionRMSEMeters! < 0.01)
    }

    @Test func aDatedTruthIsLeftWhereItsDatesPutIt() throws {
        let fixes = try Recording.read(Data(Self.nmea(from: 5, to: 20, stepSeconds: 1, date: "010122").utf8), file: "fixes")
        let truth = try Recording.read(Data(Self.nmea(from: 5, to: 25, stepSeconds: 0.1, date: "020122").utf8), file: "truth")
        #expect(throws: RecordingReplay.AlignmentError.self) { try RecordingReplay(id: "next-day", fixes: fixes, truth: truth) }
    }

    @Test func fixesOutsideTheTruthsSpanAreLeftOutAndCounted() throws {
        let replay = try RecordingReplay(Self.entry())
        #expect(replay.fixesOutsideTruth == 10)
        #expect(replay.fixes.count == 101)
        #expect(replay.fixes.fixes[0].timestampSeconds == 0)
        #expect(replay.durationSeconds == 100)
        #expect(replay.alignment == .time)
    }

    @Test func timeAlignedErrorsAreTheDistanceFromTheInterpolatedTruth() throws {
        let replay = try RecordingReplay(Self.entry())
        let score = rawScore(replay)
        #expect(abs(replay.trueDistanceMeters - 200) < 1e-6)
        #expect(abs(score.metrics.positionMedianMeters! - 3) < 1e-6)
        #expect(abs(score.metrics.position95thPercentileMeters! - 3) < 1e-6)
        #expect(abs(score.metrics.positionRMSEMeters! - 3) < 1e-6)
        #expect(score.metrics.lagSeconds == 0)
        #expect(abs(score.errorPercent) < 1e-6)
        #expect(score.truth == .time && score.tags == ["device": "test"] && score.signal == "test")
        #expect(replay.bestTimeOffsetSeconds == 0)
    }

    @Test func theBestTimeOffsetFindsAClockThatRunsAhead() throws {
        let unaligned = try RecordingReplay(Self.entry(clockAheadSeconds: 2))
        #expect(unaligned.bestTimeOffsetSeconds == -2)
        #expect(rawScore(unaligned).metrics.positionMedianMeters! > 4)
        let aligned = try RecordingReplay(Self.entry(clockAheadSeconds: 2, offset: -2))
        #expect(aligned.bestTimeOffsetSeconds == -2)
        #expect(abs(rawScore(aligned).metrics.positionMedianMeters! - 3) < 1e-6)
    }

    @Test func aRouteWithoutTimesMeasuresTheDistanceToTheRoute() throws {
        let replay = try RecordingReplay(Self.entry(timedTruth: false))
        let score = rawScore(replay)
        #expect(replay.alignment == .route)
        #expect(replay.fixesOutsideTruth == 0)
        #expect(abs(replay.trueDistanceMeters - 200) < 1e-6)
        #expect(abs(score.metrics.positionMedianMeters! - 3) < 1e-6)
        #expect(score.metrics.lagSeconds == nil && score.metrics.speedRMSEMetersPerSecond == nil)
    }

    @Test func aDistanceOnlyRecordingScoresDistanceAndNoPositions() throws {
        var entry = Self.entry(distance: 250)
        entry.truth = nil
        let replay = try RecordingReplay(entry)
        let score = rawScore(replay)
        #expect(replay.alignment == .distance && replay.trueDistanceMeters == 250)
        #expect(abs(score.errorPercent - (200 - 250) / 250 * 100) < 1e-6)
        #expect(score.metrics.positionMedianMeters == nil && score.metrics.lagSeconds == nil)
        #expect(score.metrics.keptPercent == 100)
    }

    @Test func aTruthThatDoesNotOverlapTheFixesIsAnErrorNamingBothSpans() {
        #expect {
            try RecordingReplay(Self.entry(offset: 5000))
        } throws: { error in
            let text = (error as? RecordingReplay.AlignmentError)?.problem ?? ""
            return text.contains("the truth covers 1970-01-01T00:16:40Z to 1970-01-01T00:18:20Z") && text.contains("timeOffsetSeconds")
        }
    }

    @Test func aTimedTruthThatStandsStillWhileTheFixesRunIsAnError() {
        // The truth moves only after 1100 s; the fixes cover 1000 to 1100 s, over which it covers no distance.
        let truth = (0...2000).map { index in Self.fix(east: 0, north: max(0, Double(index) - 1000) * 0.2, time: 1000 + Double(index) / 10) }
        let fixes = (1000...1100).map { second in Self.fix(east: 3, north: 0, time: Double(second)) }
        func recording(_ fixes: [LocationFix]) -> Recording {
            Recording(format: .csv, fixes: fixes, hasTimes: true, timeBase: .unixUTC, skipped: [], notes: [])
        }
        let entry = RecordingSuite.Entry(
            id: "still", fixes: recording(fixes), truth: recording(truth), distanceMeters: nil, timeOffsetSeconds: 0,
            tags: [:], fixesFile: "f.csv", truthFile: "t.gpx"
        )
        #expect {
            try RecordingReplay(entry)
        } throws: { error in
            let text = (error as? RecordingReplay.AlignmentError)?.errorDescription ?? ""
            return text.hasPrefix("recording 'still': truth 't.gpx' does not move from 1970-01-01T00:16:40Z to 1970-01-01T00:18:20Z")
                && text.contains("the true distance is 0 m")
        }
    }

    /// The distance from `query` to the nearest of the polyline's segments, measuring every one.
    private static func nearestByScan(_ query: LocalPoint, along points: [LocalPoint]) -> Double {
        var best = Double.infinity
        for index in points.indices.dropLast() {
            let (a, b) = (points[index], points[index + 1])
            let (dx, dy) = (b.east - a.east, b.north - a.north)
            let t = min(1, max(0, ((query.east - a.east) * dx + (query.north - a.north) * dy) / (dx * dx + dy * dy)))
            best = min(best, query.distance(to: LocalPoint(east: a.east + t * dx, north: a.north + t * dy)))
        }
        return best
    }

    @Test func routeDistanceMatchesABruteForceSearch() {
        var generator = SplitMix64(seed: 7)
        let points = (0..<200).map { _ in LocalPoint(east: generator.nextUnit() * 2000 - 1000, north: generator.nextUnit() * 2000 - 1000) }
        let route = RouteTrack(points: points)
        for _ in 0..<300 {
            let query = LocalPoint(east: generator.nextUnit() * 3000 - 1500, north: generator.nextUnit() * 3000 - 1500)
            let best = Self.nearestByScan(query, along: points)
            #expect(abs(route.distance(from: query) - best) < 1e-9)
        }
    }

    @Test func routeDistanceFromFixesKilometresAwayIsTheExactNearest() {
        // A 100 m route north from the origin; fixes 100 km away once searched every 25 m ring around them up to the route.
        let short = RouteTrack(points: [LocalPoint(east: 0, north: 0), LocalPoint(east: 0, north: 100)])
        #expect(short.distance(from: LocalPoint(east: 100_000, north: 50)) == 100_000)
        #expect(short.distance(from: LocalPoint(east: 0, north: -100_000)) == 100_000)
        #expect(short.distance(from: LocalPoint(east: -60_000, north: 80_100)) == 100_000)
        // A zigzag of 50 points over 2 km, and points around it 5 to 50 km away: each the distance to its nearest segment.
        let points = (0..<50).map { LocalPoint(east: Double($0) * 40, north: $0.isMultiple(of: 2) ? 0 : 300) }
        let zigzag = RouteTrack(points: points)
        for index in 0..<72 {
            let angle = Double(index) * .pi / 36
            let radius = 5_000 + Double(index) * 625
            let query = LocalPoint(east: 1000 + radius * cos(angle), north: 150 + radius * sin(angle))
            let best = Self.nearestByScan(query, along: points)
            #expect(zigzag.distance(from: query) == best)
        }
    }

    @Test func utcTimesRoundTripThroughTheCalendar() {
        #expect(UTCTime.days(year: 1970, month: 1, day: 1) == 0)
        #expect(UTCTime.days(year: 2000, month: 3, day: 1) == 11_017)
        #expect(UTCTime.text(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(UTCTime.parseISO8601("2000-02-30T00:00:00Z") == nil)
        #expect(UTCTime.parseISO8601("2016-12-31T23:59:60Z")?.seconds == 1_483_228_800)
        #expect(UTCTime.unixSeconds(gpsMilliseconds: 0) == UTCTime.gpsEpochUnixSeconds)
    }
}
