import Foundation
import Testing
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// The bound on points per recording file, with a bound of 3 so the files stay small: a file of 3 points reads,
/// one of 4 is refused at the fourth point's line, in every format.
@Suite struct RecordingPointLimitTests {
    private static var options: RecordingReadOptions {
        var options = RecordingReadOptions()
        options.pointLimit = 3
        return options
    }

    /// A file of `count` points in `format`.
    private static func file(_ format: RecordingFormat, points count: Int) -> String {
        let rows = (0..<count).map { index in
            let second = String(format: "%02d", index)
            switch format {
            case .nmea:
                // Two sentences an epoch: the bound counts epochs, not sentences.
                return Fixtures.nmeaSentence("GPGGA,1200\(second).00,4807.0\(second),N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,") + "\n"
                    + Fixtures.nmeaSentence("GPRMC,1200\(second).00,A,4807.0\(second),N,01131.0000,E,1.0,84.4,230394,,")
            case .gpx:
                return "<trkpt lat=\"47.00\(second)\" lon=\"8.0\"><time>2024-01-01T00:00:\(second)Z</time></trkpt>"
            case .tcx:
                return "<Trackpoint><Time>2024-01-01T00:00:\(second)Z</Time>"
                    + "<Position><LatitudeDegrees>47.00\(second)</LatitudeDegrees><LongitudeDegrees>8</LongitudeDegrees></Position></Trackpoint>"
            case .gnssTable:
                return "4449\(second).0 40.00\(second) 116.0"
            case .getSensorData:
                return "GNSS;\(index).0;16867296\(second).0;49.46\(second);11.11;346.0;79.5;9.0;0.5;22;19"
            case .checkpoints:
                return "c\(index),12:00:\(second),47.00\(second),8.0"
            default:
                return "\(index),47.00\(second),8.0,5"
            }
        }
        switch format {
        case .nmea:
            return rows.joined(separator: "\r")
        case .gpx:
            return "<gpx version=\"1.1\"><trk><trkseg>\n" + rows.joined(separator: "\n") + "\n</trkseg></trk></gpx>"
        case .tcx:
            return "<TrainingCenterDatabase><Activities><Activity><Lap><Track>\n" + rows.joined(separator: "\n")
                + "\n</Track></Lap></Activity></Activities></TrainingCenterDatabase>"
        case .gnssTable:
            return (["GPSTime Latitude Longitude"] + rows).joined(separator: "\n")
        case .getSensorData:
            return (["% LogFile created by the 'GetSensorData' App for Android."] + rows).joined(separator: "\n")
        case .checkpoints:
            return (["checkpoint,time,latitude,longitude"] + rows).joined(separator: "\n")
        default:
            return (["timestamp_s,latitude,longitude,horizontal_accuracy_m"] + rows).joined(separator: "\r\n")
        }
    }

    /// The line of the fourth point in `file(format, points: 4)`.
    private static let fourthPointLine: [RecordingFormat: Int] = [
        .nmea: 7, .gpx: 5, .tcx: 5, .gnssTable: 5, .getSensorData: 5, .checkpoints: 5, .csv: 5,
    ]

    @Test(arguments: [RecordingFormat.nmea, .gpx, .tcx, .gnssTable, .getSensorData, .checkpoints, .csv])
    func aFileOfMorePointsThanTheBoundIsRefusedAtTheFirstPointPastIt(format: RecordingFormat) throws {
        let atBound = try Recording.read(Data(Self.file(format, points: 3).utf8), file: "log", options: Self.options)
        #expect(atBound.format == format)
        #expect(atBound.fixes.count == 3)
        #expect(throws: RecordingFileError.tooManyPoints(file: "log", line: Self.fourthPointLine[format]!, limit: 3)) {
            try Recording.read(Data(Self.file(format, points: 4).utf8), file: "log", options: Self.options)
        }
    }

    @Test func theRefusalNamesTheFileTheLineTheBoundAndWhatToDo() {
        let error = RecordingFileError.tooManyPoints(file: "drive.nmea", line: 4_000_001, limit: Recording.pointLimit)
        #expect(error.errorDescription == "recording file 'drive.nmea', line 4000001: more than 2000000 points (fixes, NMEA epochs or track points); "
            + "expected at most 2000000 per file: split the file into several recordings")
    }

    @Test func pointsSkippedAfterTheyAreReadStillCount() {
        // Four rows at one time: three are skipped as duplicates, yet each was read and held on the way.
        let text = "timestamp_s,latitude,longitude\n" + Array(repeating: "0,47.0,8.0", count: 4).joined(separator: "\n")
        #expect(throws: RecordingFileError.tooManyPoints(file: "log", line: 5, limit: 3)) {
            try Recording.read(Data(text.utf8), file: "log", options: Self.options)
        }
    }

    @Test func theDefaultBoundIsTwoMillionPoints() {
        #expect(RecordingReadOptions().pointLimit == 2_000_000)
        #expect(Recording.pointLimit == 2_000_000)
    }
}
