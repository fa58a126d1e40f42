import Foundation
import Testing
@testable import TrackBenchSupport
@testable import TrackBenchFormats

/// Logged numbers are plain decimals: the other forms Swift's Double parser takes are corrupt fields.
struct DecimalNumberTests {
    @Test(arguments: [("47.5", 47.5), ("-0.25", -0.25), ("+3", 3.0), (".5", 0.5), ("5.", 5.0), ("1e3", 1000.0), ("2.5E-2", 0.025)])
    func plainDecimalsRead(text: String, value: Double) {
        #expect(DecimalNumber.value(text) == value)
    }

    @Test(arguments: ["0x1p3", "0X10", "inf", "-infinity", "nan", "NaN", "", "-", ".", "1e", "1e+", " 1", "1 ", "1.2.3", "12a"])
    func otherFormsAreNotNumbers(text: String) {
        #expect(DecimalNumber.value(text) == nil)
    }

    @Test func aHexadecimalTimeInALogIsNotATime() throws {
        let csv = "timestamp_s,latitude,longitude\n0x1p3,47.5,8.5\n9,47.5,8.5\n10,47.5001,8.5\n"
        let recording = try Recording.read(Data(csv.utf8), file: "log.csv")
        #expect(recording.fixes.count == 2 && recording.fixes.allSatisfy { $0.timestampSeconds >= 9 })
    }
}
