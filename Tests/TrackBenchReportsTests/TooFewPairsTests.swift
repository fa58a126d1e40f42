import Testing
@testable import TrackBenchMetrics
@testable import TrackBenchReports
import TrackBenchTestSupport

/// A comparison with too few pairs for either test shows no p-value: `compare`, the report and `sweep` say so in words.
struct TooFewPairsTests {
    /// Three recordings 29 % worse: the smallest two-sided p-value of 3 pairs is 0.25, which cannot reach 0.05.
    private let three = Significance(first: [1.0, 2.0, 3.0], second: [1.29, 2.58, 3.87])

    /// Three rows of one seed, the second side's distance error 29 % larger: neither test can run.
    private var decision: PairedDecision? {
        let first = Array(Fixtures.defaultScores.filter { $0.filter == "kalman" }.prefix(3))
        let second = first.map { score in
            var score = score
            score.estimatedDistanceMeters = score.trueDistanceMeters + 1.29 * (score.estimatedDistanceMeters - score.trueDistanceMeters)
            return score
        }
        return PairedFamily(first: first, second: second).decisions[.errorPercent]?[PairedFamily.wholeSuite]
    }

    @Test func compareAndTheReportSayTooFewPairsInsteadOfAPValue() throws {
        let decision = try #require(decision)
        #expect(decision.verdict == .tooFewPairs && decision.pValue == nil)
        #expect(decision.testText == "too few pairs for a test (n = 3)")
        let difference = ComparisonReport.PairedDifference(filter: "kalman", significance: three, decision: decision)
        #expect(ComparisonReport.verdict(difference) == "too few pairs for a test (n = 3)")
    }

    @Test func sweepSaysTooFewPairsInsteadOfAPValue() throws {
        #expect(SweepReport.versusBestText(try #require(decision)) == "too few pairs for a test (n = 3)")
        #expect(SweepReport.versusBestText(three) == "too few pairs for a test (n = 3)")
        // Six pairs can reach 0.05 (2 / 64): a tuning's held-out comparison shows a p-value again.
        let six = Significance(first: [1, 2, 3, 4, 5, 6], second: [2, 3, 4, 5, 6, 7.5])
        #expect(SweepReport.versusBestText(six).hasPrefix("= 0.03"))
    }
}
