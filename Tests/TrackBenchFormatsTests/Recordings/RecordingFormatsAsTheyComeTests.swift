import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// The readers for files as real phones and references write them: a GNSS/INS table, GetSensorData logs, checkpoint
/// CSVs, and NMEA whose minutes lost a zero; each on a small file written here, with LF, CRLF, CR and a byte order mark.
struct RecordingFormatsAsTheyComeTests {
    private func read(_ text: String) throws -> Recording {
        try Recording.read(Data(text.utf8), file: "test")
    }

    /// Each line ending, and a byte order mark with CRLF.
    static let endings = [("\n", ""), ("\r\n", ""), ("\r", ""), ("\r\n", "\u{FEFF}")]

    static let table = [
        "",
        "   GPSTime         Latitude        Longitude      H-Ell      Vel-N      Vel-E    Vel-U       Q  ",
        "     (sec)            (Deg)            (Deg)        (m)      (m/s)      (m/s)    (m/s)          ",
        "444931.000    40.2163720347   116.2134968698     61.310      3.000      4.000   -0.117       1 ",
        "444932.000    40.2163990000   116.2135400000     61.300      3.000      4.000   -0.100       2 ",
        "444933.000    40.2164260000   116.2135900000     61.300      3.000      4.000   -0.100       0 ",
        "444934.000    40.2164530000   116.2136400000     61.300      3.000      4.000   -0.100       3 ",
        "444960.000    40.2170000000   116.2140000000     61.300      3.000      4.000   -0.100       0 ",
        "444961.000    40.2170270000   116.2140500000     61.300      3.000      4.000   -0.100       7 ",
        "444962.000    40.2170540000   116.2141000000     61.300      3.000      4.000   -0.100       x ",
    ]

    @Test(arguments: 0..<4) func aGNSSTableReadsWithQualitiesMappedAndPoorOnesCounted(ending: Int) throws {
        let (newline, bom) = Self.endings[ending]
        let recording = try read(bom + Self.table.joined(separator: newline) + newline)
        #expect(recording.format == .gnssTable)
        #expect(recording.timeBase == .gpsWeekSeconds)
        // 1 and 2 kept; 0 kept 1 s from a float row, skipped 28 s from one; 3 and 7 skipped; a bad row counted.
        #expect(recording.fixes.map(\.timestampSeconds) == [444_931, 444_932, 444_933])
        #expect(recording.fixes[0].speedMetersPerSecond == 5)
        #expect(abs(recording.fixes[0].courseDegrees - 53.130_102) < 1e-5)
        #expect(recording.skipped.map(\.reason) == [
            "rows that are not 8 numbers under the header", "quality 3 (metre-level)",
            "quality 0 (inertial only) over 10 s from a fixed or float row", "quality 7 (not 0 to 3 in RTKLIB's coding)",
        ])
        #expect(recording.skipped.map(\.firstLine) == [10, 7, 8, 9])
    }

    @Test func aQualityFlagThatIsNoSmallWholeNumberIsSkippedAndCountedNotATrap() throws {
        // Found by fuzzing: a flag of 27 digits trapped converting to an integer.
        let recording = try read(Self.table.prefix(5).joined(separator: "\n") + "\n"
            + "444933.000    40.2164260000   116.2135900000     61.300      3.000      4.000   -0.100   888888888888888888888888888\n"
            + "444934.000    40.2164530000   116.2136400000     61.300      3.000      4.000   -0.100     1.5\n")
        #expect(recording.fixes.map(\.timestampSeconds) == [444_931, 444_932])
        #expect(recording.skipped == [Recording.Skip(reason: "quality flag not a whole number from 0 to 99", count: 2, firstLine: 6)])
    }

    @Test func aGNSSTableWithoutAQualityColumnKeepsEveryRowAndRollsOverTheWeek() throws {
        let recording = try read("""
        Project: drive 3
        GPSTime Latitude Longitude
        604799.0 40.0 116.0
        0.0 40.00001 116.0
        1.0 40.00002 116.0
        """)
        #expect(recording.fixes.map(\.timestampSeconds) == [604_799, 604_800, 604_801])
        #expect(recording.skipped.isEmpty)
    }

    static let getSensorData = [
        "% LogFile created by the 'GetSensorData' App for Android.",
        "% Date of creation: Wed Jun 14 10:00:58 GMT+02:00 2023",
        "ACCE;0.01;65093.5;0.1;0.2;9.8;3",
        "GNSS;1.0;1686729680.0;49.461269;11.111049;346.000;79.500;9.0;0.5;22;19",
        "GNSS;1.1;1686729680.0;49.461269;11.111049;346.000;79.500;9.0;0.5;22;19",
        "POSI;1.5;1;49.461270;11.111050;0;100",
        "GNSS;2.0;1686729662.2;49.461693;11.109047;0.000;0.000;748.0;0.0;24;21",
        "GNSS;2.0;1686729681.0;49.461279;11.111049;346.000;0.000;9.0;1.0;22;19",
        "GYRO;2.1;65093.6;0.1;0.2;0.3;3",
        "GNSS;3.0;1686729682.0;49.461289;11.111049;346.000;0.000;9.0;1.0;22;19",
        "GNSS;3.5;bad",
        "POSI;3.0;2;49.461289;11.111050;0;100",
    ]

    @Test(arguments: 0..<4) func aGetSensorDataLogGivesFixesAndItsLandmarksAsCheckpoints(ending: Int) throws {
        let (newline, bom) = Self.endings[ending]
        let recording = try read(bom + Self.getSensorData.joined(separator: newline))
        #expect(recording.format == .getSensorData)
        #expect(recording.fixes.map(\.timestampSeconds) == [1_686_729_680, 1_686_729_681, 1_686_729_682])
        #expect(recording.fixes[0].horizontalAccuracyMeters == 9 && recording.fixes[0].courseDegrees == 79.5)
        #expect(recording.skipped.map(\.reason) == [
            "GNSS records written twice (exact repeats, merged)", "GNSS records that do not parse (expected 8 numbers after GNSS;)",
            "network locations (time over 5 s behind the fixes' clock, or altitude 0 with accuracy over 100 m)",
        ])
        #expect(recording.skipped.map(\.firstLine) == [5, 11, 7])
        // App time + the median of fix time minus app time (1686729679).
        #expect(recording.checkpoints.map(\.timestampSeconds) == [1_686_729_680.5, 1_686_729_682])
        #expect(recording.notes.contains("log created 2023-06-14T08:00:58Z"))
        #expect(recording.notes.contains("passed over 2 records of other types (ACCE 1, GYRO 1)"))
        let truth = recording.truthRecording
        #expect(truth.isCheckpoints && truth.fixes == recording.checkpoints)
    }

    @Test func landmarksWithoutFixesAreTimedByTheDateOfCreation() throws {
        let landmarks = "\nPOSI;1.5;1;49.46127;11.11105;0;100\nPOSI;9;2;49.4613;11.1111;0;100"
        let recording = try read(Self.getSensorData.prefix(3).joined(separator: "\n") + landmarks)
        #expect(recording.isCheckpoints)
        #expect(recording.fixes.map(\.timestampSeconds) == [1_686_729_659.5, 1_686_729_667])
    }

    @Test func aCheckpointCSVReadsDatedTimesOrTimesOfDay() throws {
        let dated = try read(
            "checkpoint,time,latitude,longitude\r\nstart,2023-06-14T08:02:01.5Z,49.4613,11.1109\r\nmat 2,1686729800,49.4614,11.1110\r\n"
        )
        #expect(dated.format == .checkpoints && dated.isCheckpoints && dated.timeBase == .unixUTC)
        #expect(dated.fixes.map(\.timestampSeconds) == [1_686_729_721.5, 1_686_729_800])
        let ofDay = try read("Checkpoint, Time, Latitude, Longitude\n1,23:59:58,49.4613,11.1109\n2,00:00:03.5,49.4614,11.1110\n3,later,49.4,11.1\n")
        #expect(ofDay.timeBase == .timeOfDay)
        #expect(ofDay.fixes.map(\.timestampSeconds) == [86_398, 86_403.5])
        #expect(ofDay.skipped.map(\.firstLine) == [4])
    }

    @Test func aCheckpointCSVMixingTimesOfDayAndDatesNamesTheLine() {
        #expect(throws: RecordingFileError.malformed(
            file: "test", line: 3,
            problem: "a time of day among dated times (or the reverse); expected every time as hh:mm:ss, or every one dated"
        )) {
            try read("checkpoint,time,latitude,longitude\na,12:00:00,49.4613,11.1109\nb,1686729800,49.4614,11.1110\n")
        }
    }

    @Test func nmeaMinutesThatLostAZeroAreReadTheWayNearerTheFixBefore() throws {
        let text = [
            Fixtures.nmeaSentence("GPGGA,034018.00,4010.0010,N,11614.2746,E,1,29,1,35.2,M,0,M,0,"),
            Fixtures.nmeaSentence("GPGGA,034019.00,409.9963,N,11614.2746,E,1,29,1,35.2,M,0,M,0,"),
            Fixtures.nmeaSentence("GPGGA,034020.00,409.9839,N,11614.2782,E,1,29,1,35.0,M,0,M,0,"),
        ].joined(separator: "\n")
        let recording = try read(text)
        #expect(recording.timeBase == .timeOfDay)
        let expected: [Double] = [40 + 10.001 / 60, 40 + 9.9963 / 60, 40 + 9.9839 / 60]
        #expect(zip(recording.fixes.map(\.latitude), expected).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(recording.notes.contains { $0.hasPrefix("2 positions written with a zero missing") })
    }

    @Test func aLongitudeThatLostAZeroAndReadsNoOtherWayIsReadSoNotSkipped() throws {
        // The WHU Vivo X30 writes 116 deg 09.99' as 1169.99: as the standard reads it, 69.99 minutes, impossible. 131
        // such fixes of one drive were skipped as malformed, and their 131 s read as a dropout that calibrate fitted.
        let text = [
            Fixtures.nmeaSentence("GPGGA,125757.00,4011.9037857,N,11610.0037155,E,3,23,1,47.0,M,0,M,0,"),
            Fixtures.nmeaSentence("GPGGA,125758.00,4011.9029255,N,1169.9910975,E,3,24,1,47.0,M,0,M,0,"),
            Fixtures.nmeaSentence("GPGGA,125759.00,4011.9018497,N,1169.9784937,W,3,23,1,47.0,M,0,M,0,"),
        ].joined(separator: "\r\n")
        let recording = try read(text)
        let expected: [Double] = [116 + 10.0037155 / 60, 116 + 9.9910975 / 60, -(116 + 9.9784937 / 60)]
        #expect(zip(recording.fixes.map(\.longitude), expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(recording.fixes.map(\.longitude))")
        #expect(recording.skipped.isEmpty)
        #expect(recording.notes.contains { $0.hasPrefix("2 positions written with a zero missing where no other reading is possible") })
        // Minutes of 60 or more that no zero explains stay malformed.
        let impossible = try read(Fixtures.nmeaSentence("GPGGA,125758.00,4011.9,N,11669.99,E,3,24,1,47.0,M,0,M,0,") + "\n"
            + Fixtures.nmeaSentence("GPGGA,125759.00,4011.9,N,11610.0,E,3,24,1,47.0,M,0,M,0,"))
        #expect(impossible.fixes.count == 1 && impossible.skipped.map(\.reason) == ["malformed or truncated GGA"])
    }
}
