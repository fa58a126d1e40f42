import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// Values no receiver could mean (an HDOP of 1e308, a GST deviation of 1e200) skip their fix, counted by reason,
/// instead of reaching the filters as accuracies of 1e308 m.
struct RecordingPlausibilityTests {
    private func read(_ text: String) throws -> Recording {
        try Recording.read(Data(text.utf8), file: "test")
    }

    private func gga(_ time: String, hdop: String) -> String {
        Fixtures.nmeaSentence("GPGGA,\(time),4807.0380,N,01131.0000,E,1,08,\(hdop),545.4,M,46.9,M,,")
    }

    @Test func nmeaSkipsAHugeHDOPAndAHugeGSTDeviationNamingEach() throws {
        let text = [
            gga("123519.00", hdop: "0.9"),
            gga("123520.00", hdop: "1e308"),
            gga("123521.00", hdop: "0.9"),
            Fixtures.nmeaSentence("GPGST,123521.00,1.0,3.0,2.0,0.0,1e200,4.0,5.0"),
            gga("123522.00", hdop: "1.2"),
        ].joined(separator: "\n")
        let recording = try read(text)
        #expect(recording.fixes.count == 2)
        #expect(recording.fixes.allSatisfy { $0.horizontalAccuracyMeters < 10 })
        #expect(recording.skipped.map(\.reason) == ["HDOP above 100", "horizontal accuracy above 10000 m"])
        #expect(recording.skipped.map(\.firstLine) == [2, 3])
    }

    @Test func csvSkipsEachImplausibleValueUnderItsOwnReason() throws {
        let recording = try read("""
        timestamp_s,latitude,longitude,altitude_m,horizontal_accuracy_m,vertical_accuracy_m,speed_mps,hdop
        0,37.1,-122.2,10,5,3,2,
        1,37.1001,-122.2,10,1e308,3,2,
        2,37.1002,-122.2,10,1e5,3,2,
        3,37.1003,-122.2,10,5,1e9,2,
        4,37.1004,-122.2,10,5,3,5000,
        5,37.1005,-122.2,1e6,5,3,2,
        6,37.1006,-122.2,-2000,5,3,2,
        7,37.1007,-122.2,10,,3,2,150
        8,37.1008,-122.2,10,-1,3,2,
        9,37.1009,-122.2,10,0,3,2,
        """)
        // A negative accuracy marks an invalid fix and 0 an exact one (export's true.csv): both are kept.
        #expect(recording.fixes.map(\.timestampSeconds) == [0, 8, 9])
        #expect(recording.skipped.map { "\($0.reason): \($0.count)" } == [
            "horizontal accuracy above 10000 m: 2",
            "vertical accuracy above 10000 m: 1",
            "speed above 1000 m/s: 1",
            "altitude outside -1000...20000 m: 2",
            "HDOP above 100: 1",
        ])
    }

    @Test func aNaNReachingTheCheckIsNeverBelieved() {
        let fix = LocationFix(latitude: 1, longitude: 1, horizontalAccuracyMeters: .nan, timestampSeconds: 0)
        #expect(RecordingPlausibility.problem(with: fix) == "horizontal accuracy above 10000 m")
        let fine = LocationFix(latitude: 1, longitude: 1, horizontalAccuracyMeters: 5, verticalAccuracyMeters: -1, timestampSeconds: 0)
        #expect(RecordingPlausibility.problem(with: fine) == nil)
    }
}
