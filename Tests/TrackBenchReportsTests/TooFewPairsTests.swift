import Testing
@testable import TrackBenchMetrics
@testable import TrackBenchReports

/// A comparison with too few pairs for any p-value to reach its level shows no p-value: `compare`, the report and
/// `sweep` say so in words.
struct TooFewPairsTests {
    /// Three recordings 29 % worse: the smallest two-sided p-value of 3 pairs is 0.25, which cannot reach 0.05.
    private let three = Significance(first: [1.0, 2.0, 3.0], second: [1.29, 2.58, 3.87])

    @Test func compareAndTheReportSayTooFewPairsInsteadOfAPValue() {
        #expect(three.pValue == 0.25 && three.interval == nil)
        #expect(ComparisonReport.verdict(three) == "tied: too few pairs for a test (n = 3)")
        #expect(MarkdownReport.tie(three) == "tied: too few pairs for a test (n = 3)")
    }

    @Test func sweepSaysTooFewPairsInsteadOfAPValue() {
        #expect(SweepReport.versusBestText(three) == "too few pairs for a test (n = 3)")
        // Six pairs can reach 0.05 (2 / 64): a p-value again.
        let six = Significance(first: [1, 2, 3, 4, 5, 6], second: [2, 3, 4, 5, 6, 7.5])
        #expect(SweepReport.versusBestText(six).hasPrefix("= 0.03"))
    }
}
