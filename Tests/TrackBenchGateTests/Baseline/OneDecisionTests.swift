import Testing
@testable import TrackBenchSimulation
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
@testable import TrackBenchGate
import TrackBenchTestSupport
import TrackBenchRunFixtures

/// `check`, `compare`, `sweep` and the report make one decision (`PairedDecision`): on borderline pairs (just over and
/// just under the allowance, significant or not, few seeds, three recordings) they give the same verdict.
struct OneDecisionTests {
    /// Kalman's rows of the default suite over ten seeds, each seed's distance error moved by up to ±15 %.
    private static let first: [ScenarioScore] = {
        var generator = SplitMix64(seed: 11)
        return (0..<10).flatMap { offset in
            Fixtures.defaultScores.filter { $0.filter == "kalman" }.map { score in
                var score = score
                score.seed = 100 + UInt64(offset)
                let error: Double = (score.estimatedDistanceMeters - score.trueDistanceMeters) * (1 + 0.3 * (generator.nextUnit() - 0.5))
                score.estimatedDistanceMeters = score.trueDistanceMeters + error
                return score
            }
        }
    }()

    /// The rows with each distance error scaled by `factor(row index)`.
    private static func scaled(_ rows: [ScenarioScore], _ factor: (Int) -> Double) -> [ScenarioScore] {
        rows.enumerated().map { index, score in
            var score = score
            let error: Double = score.estimatedDistanceMeters - score.trueDistanceMeters
            score.estimatedDistanceMeters = score.trueDistanceMeters + error * factor(index)
            return score
        }
    }

    private static func relabeled(_ rows: [ScenarioScore], _ label: String) -> [ScenarioScore] {
        rows.map { score in
            var score = score
            score.filter = label
            return score
        }
    }

    /// Each tool's verdict on the distance error of `second` against `first`, as one of `PairedDecision.Verdict`'s words.
    private func verdicts(_ first: [ScenarioScore], _ second: [ScenarioScore]) throws -> [String: PairedDecision.Verdict] {
        let tolerances = ToleranceSet(standard: Tolerance(absolute: PairedDecision.absoluteAllowance, relative: PairedDecision.relativeAllowance))
        let gate = PairedVerdicts(BaselineComparison(baseline: first, current: second, tolerances: tolerances), tolerances: tolerances)
        let check = try #require(gate.tests.first { $0.metric == .errorPercent && $0.group == PairedVerdicts.wholeSuite })
        let file = { (rows: [ScenarioScore]) in ResultsFile(context: Fixtures.context(), scores: rows) }
        let comparison = ComparisonReport(
            first: ("a.csv", file(first)), second: ("b.csv", file(second)), grouping: .none,
            decisions: PairedVerdicts.decisions(of: .errorPercent, first: first, second: second)
        )
        let compare = try #require(comparison.groups.first?.differences.first?.decision)
        // Two filters in one run: the first side ranked above the second (its mean is lower or equal in every case).
        let run = Self.relabeled(first, "a") + Self.relabeled(second, "b")
        let ranking = FilterRanking(scores: run)
        #expect(ranking.entries.map(\.summary.filter) == ["a", "b"])
        let report = try #require(ranking.entries.first?.versusNext)
        let sweep = SweepReport(filter: "kalman", parameter: "q", values: [(1, "a"), (2, "b")], scores: run, rankingMetric: .errorPercent)
        let swept = try #require(sweep.rows[1].versusBest)
        return ["check": check.verdict, "compare": compare.verdict, "report": report.verdict, "sweep": swept.verdict]
    }

    private func expectAgreement(_ first: [ScenarioScore], _ second: [ScenarioScore], on expected: PairedDecision.Verdict) throws {
        let found = try verdicts(first, second)
        #expect(Set(found.values) == [expected], "\(found)")
    }

    @Test func justOverTheAllowanceIsARegressionEverywhere() throws {
        try expectAgreement(Self.first, Self.scaled(Self.first) { _ in 1.012 }, on: .regression)
    }

    @Test func justUnderTheAllowanceIsWithinToleranceEverywhere() throws {
        try expectAgreement(Self.first, Self.scaled(Self.first) { _ in 1.008 }, on: .withinTolerance)
    }

    @Test func aChangeThatIsNotSignificantIsWithinNoiseEverywhere() throws {
        // Every row moves at random by up to ±5 % around +0.3 %: the mean hardly moves and neither test can tell.
        var generator = SplitMix64(seed: 3)
        let factors = Self.first.map { _ in 1.003 + 0.1 * (generator.nextUnit() - 0.5) }
        try expectAgreement(Self.first, Self.scaled(Self.first) { factors[$0] }, on: .withinNoise)
    }

    /// Noisy changes of growing size, from within noise through just significant to real: across the margin where a
    /// smaller family would already reject and `check`'s does not, every tool gives `check`'s verdict (measured: within noise up to
    /// +0.8 %, within tolerance at +1.1 %, a regression at +1.4 %).
    @Test(arguments: [0.004, 0.006, 0.008, 0.011, 0.014])
    func noisyChangesAcrossTheMarginGetCheckVerdictEverywhere(shift: Double) throws {
        var generator = SplitMix64(seed: 5)
        let factors = Self.first.map { _ in 1 + shift + 0.1 * (generator.nextUnit() - 0.5) }
        let found = try verdicts(Self.first, Self.scaled(Self.first) { factors[$0] })
        #expect(Set(found.values).count == 1, "\(found)")
    }

    @Test func fewSeedsDecideByTheSignedRankAloneEverywhere() throws {
        // Four seeds: no t-test over seeds; 216 changed pairs for the signed rank.
        let four = Self.first.filter { $0.seed < 104 }
        try expectAgreement(four, Self.scaled(four) { _ in 1.05 }, on: .regression)
    }

    @Test func threeRecordingsAreTooFewPairsForATestEverywhere() throws {
        let three = Array(Self.first.filter { $0.seed == 100 }.prefix(3))
        try expectAgreement(three, Self.scaled(three) { _ in 1.29 }, on: .tooFewPairs)
    }

    @Test func identicalRowsAreIdenticalEverywhere() throws {
        try expectAgreement(Self.first, Self.first, on: .identical)
    }
}
