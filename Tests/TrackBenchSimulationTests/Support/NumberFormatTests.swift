import Foundation
import Testing
@testable import TrackBenchSupport
@testable import TrackBenchSimulation

/// Report numbers: printf's digits, never `-0.00`, never `nan`.
struct NumberFormatTests {
    @Test func fastFormattingWritesExactlyWhatPrintfWrites() {
        var generator = SplitMix64(seed: 7)
        var checked = 0
        for index in 0..<200_000 {
            let bits = generator.next()
            let decimals = Int(bits % 6)
            // Values like the results': errors of a few percent, distances in metres, and some exact ties.
            let magnitude = [1e-4, 1, 100, 1e4, 1e7][Int((bits >> 8) % 5)]
            var value = (Double(bits >> 11) / Double(1 << 53) - 0.5) * magnitude
            if index % 10 == 0 { value = (value * 1000).rounded() / 1000 + 0.0005 }
            let expected = String(format: "%.\(decimals)f", value)
            let printed = NumberFormat.fixed(value, decimals: decimals)
            let withoutNegativeZero =
                expected.hasPrefix("-") && expected.dropFirst().allSatisfy { $0 == "0" || $0 == "." } ? String(expected.dropFirst()) : expected
            if printed != withoutNegativeZero {
                Issue.record("\(value) with \(decimals) decimals: \(printed), printf \(expected)")
                return
            }
            if NumberFormat.roundedUnits(value, decimals: decimals) != nil { checked += 1 }
        }
        // Nearly every value takes the fast path; ties and huge values go to printf.
        #expect(checked > 170_000)
    }

    @Test(arguments: [
        (0.125, 2, "0.12"), (0.375, 2, "0.38"), (2.5, 0, "2"), (-0.0001, 2, "0.00"), (-1.5, 1, "-1.5"), (1e300, 2, String(format: "%.2f", 1e300)),
    ])
    func tiesHugeValuesAndNegativeZeroFollowPrintf(value: Double, decimals: Int, expected: String) {
        #expect(NumberFormat.fixed(value, decimals: decimals) == expected)
    }

    @Test func nonFiniteValuesSayTheFilterDiverged() {
        #expect(NumberFormat.fixed(.nan, decimals: 2) == "diverged")
        #expect(NumberFormat.fixed(-.infinity, decimals: 2) == "diverged")
    }
}

/// Compact numbers drop the binary artefacts of arithmetic on decimal inputs.
struct CompactNumberTests {
    @Test func aProductOfDecimalsIsWrittenAsItsDecimalValue() {
        #expect(1.32 * 2.6 != 3.432)
        #expect(NumberFormat.compact(1.32 * 2.6) == "3.432")
        #expect(NumberFormat.compactValue(1.32 * 2.6) == 3.432)
        #expect(NumberFormat.compact(0.1 + 0.2) == "0.3")
    }

    @Test func shortValuesAreWrittenWhole() {
        #expect(NumberFormat.compact(2.8) == "2.8" && NumberFormat.compact(5000) == "5000" && NumberFormat.compact(-0.0) == "0")
        #expect(NumberFormat.compact(1.4142135623) == "1.4142135623")
        #expect(NumberFormat.compact(1e-7) == "1e-07")
    }
}
