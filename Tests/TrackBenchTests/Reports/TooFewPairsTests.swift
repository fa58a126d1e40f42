import Testing
@testable import TrackBenchScoring
@testable import TrackBenchReports

/// A comparison with too few pairs for either test shows no p-value: `compare`, the report and `sweep` say so in words.
struct TooFewPairsTests {
    /// Three recordings 29 % worse: the smallest two-sided p-value of 3 pairs is 0.25, which cannot reach 0.05.
    private let three = Significance(first: [1.0, 2.0, 3.0], second: [1.29, 2.58, 3.87])

    /// The same three pairs judged by the one decision: one seed, three changed pairs, so neither test can run.
    private var decision: PairedDecision {
        var differences = PairedDifferences()
        for (a, b) in [(1.0, 1.29), (2.0, 2.58), (3.0, 3.87)] { differences.add(a, b) }
        return PairedDecision.comparing(metric: .errorPercent, differences: differences, seedTest: nil, seedCount: 1)
    }

    @Test func compareAndTheReportSayTooFewPairsInsteadOfAPValue() {
        #expect(decision.verdict == .tooFewPairs && decision.pValue == nil)
        #expect(decision.testText == "too few pairs for a test (n = 3)")
        let difference = ComparisonReport.PairedDifference(filter: "kalman", significance: three, decision: decision)
        #expect(ComparisonReport.verdict(difference) == "too few pairs for a test (n = 3)")
    }

    @Test func sweepSaysTooFewPairsInsteadOfAPValue() {
        #expect(SweepReport.versusBestText(decision) == "too few pairs for a test (n = 3)")
        #expect(SweepReport.versusBestText(three) == "too few pairs for a test (n = 3)")
        // Six pairs can reach 0.05 (2 / 64): a tuning's held-out comparison shows a p-value again.
        let six = Significance(first: [1, 2, 3, 4, 5, 6], second: [2, 3, 4, 5, 6, 7.5])
        #expect(SweepReport.versusBestText(six).hasPrefix("= 0.03"))
    }
}
