import Testing
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchGate
import TrackBenchTestSupport
import TrackBenchRunFixtures

/// The gate's paired verdicts on the default suite's raw and kalman rows under one seed (72 pairs each).
struct PairedVerdictsTests {
    private let baseline = Fixtures.defaultScores

    /// The baseline with `edit` applied to every row of `filter` that `where` selects.
    private func changed(
        _ filter: String, where selected: (ScenarioScore) -> Bool = { _ in true }, _ edit: (inout ScenarioScore) -> Void
    ) -> [ScenarioScore] {
        baseline.map { score in
            var score = score
            if score.filter == filter && selected(score) { edit(&score) }
            return score
        }
    }

    private func verdicts(
        _ current: [ScenarioScore], tolerances: ToleranceSet = ToleranceSet(standard: Tolerance(absolute: 0.001, relative: 0.01))
    ) -> PairedVerdicts {
        PairedVerdicts(BaselineComparison(baseline: baseline, current: current), tolerances: tolerances)
    }

    @Test func theSameResultsAreIdenticalInEveryTest() {
        let result = verdicts(baseline)
        #expect(!result.hasRegression && !result.hasImprovement)
        #expect(result.tests.allSatisfy { $0.verdict == .identical } && result.tests.count > 100)
        #expect(result.filters == ["raw", "kalman"])
        // Nothing changed, so nothing can err: no test runs, and none counts towards a family.
        #expect(result.testCount == 0)
    }

    @Test func aRealImprovementIsAnImprovementEvenThoughSomeRowsGetWorse() throws {
        // Halve kalman's distance error everywhere: rows whose error was near zero barely move, the rest improve.
        let current = changed("kalman") {
            $0.estimatedDistanceMeters = $0.trueDistanceMeters + ($0.estimatedDistanceMeters - $0.trueDistanceMeters) / 2
        }
        let result = verdicts(current)
        #expect(!result.hasRegression)
        let whole = try #require(result.tests.first { $0.filter == "kalman" && $0.metric == .errorPercent && $0.group == PairedVerdicts.wholeSuite })
        #expect(whole.verdict == .improvement && whole.worsening < 0)
        #expect(result.tests(of: "raw").allSatisfy { $0.verdict == .identical })
    }

    @Test func aRegressionConfinedToWeakSignalIsCaughtOverTheSuiteAndInItsGroup() throws {
        // 20 % more position error on the 18 weak-signal scenarios only: the 54 unchanged pairs are dropped from the
        // signed-rank test instead of counting on both sides, so the change shows over the whole suite and in its group.
        let current = changed("kalman", where: { $0.signal == "weak" }) { $0.metrics.positionRMSEMeters! *= 1.2 }
        let result = verdicts(current)
        let first = try #require(result.regressions.first)
        #expect(first.filter == "kalman" && first.metric == .positionRMSEMeters && first.group == PairedVerdicts.wholeSuite)
        #expect(first.changedCount == 18 && first.pairCount == 72)
        let weak = try #require(result.regressions.first { $0.group == "signal weak" })
        #expect(weak.pairCount == 18 && weak.metric == .positionRMSEMeters)
        #expect(!result.regressions.contains { $0.group.hasPrefix("signal ") && $0.group != "signal weak" })
        let report = BaselineReport(
            comparison: BaselineComparison(baseline: baseline, current: current), verdicts: result,
            tolerances: ToleranceSet(), isStrict: false, baselineFile: "b.csv", updateCommand: "trackbench check --update-baseline"
        )
        #expect(report.outcome == .regressed)
        #expect(report.verdict.hasPrefix("FAILED: `kalman` got worse: `position_rmse_m` +"))
        #expect(report.verdict.contains(" m in all scenarios ("))
    }

    @Test func symmetricNoiseOnEveryRowIsWithinNoise() {
        // Each row's position error moves up or down by up to 3 % at random: row by row that is dozens of changes,
        // as a whole nothing. (Noise added to a signed distance error would be a real regression of its absolute
        // value, which is what the gate judges.)
        var generator = SplitMix64(seed: 42)
        let current = changed("kalman") { $0.metrics.positionRMSEMeters! *= 1 + 0.03 * (2 * generator.nextUnit() - 1) }
        let result = verdicts(current)
        #expect(!result.hasRegression && !result.hasImprovement)
        #expect(result.tests.contains { $0.verdict == .withinNoise })
        #expect(BaselineComparison(baseline: baseline, current: current).regressions.count > 10)
    }

    @Test func aConsistentChangeUnderTheAllowanceIsWithinTolerance() throws {
        // 1 cm more position RMSE on every row: significant, but under the allowance (1 % of a mean of metres).
        let current = changed("kalman") { $0.metrics.positionRMSEMeters! += 0.01 }
        let result = verdicts(current)
        let whole = try #require(
            result.tests.first { $0.filter == "kalman" && $0.metric == .positionRMSEMeters && $0.group == PairedVerdicts.wholeSuite })
        #expect(whole.isSignificant && whole.verdict == .withinTolerance)
        #expect(!result.hasRegression)
    }

    @Test func aConsistentChangeBelowTheWrittenResolutionIsWithinTolerance() throws {
        // lag_s is written to 0.1 s: 0.1 s more lag on every row is significant, but no more than rounding.
        let current = changed("kalman") { $0.metrics.lagSeconds! += 0.1 }
        let whole = try #require(
            verdicts(current).tests.first { $0.filter == "kalman" && $0.metric == .lagSeconds && $0.group == PairedVerdicts.wholeSuite })
        #expect(whole.isSignificant && whole.allowance == 0.1 && whole.verdict == .withinTolerance)
        let more = changed("kalman") { $0.metrics.lagSeconds! += 0.3 }
        #expect(verdicts(more).regressions.contains { $0.metric == .lagSeconds && $0.group == PairedVerdicts.wholeSuite })
    }

    @Test func tooFewPairsForATestAreJudgedRowByRow() throws {
        let few = Array(baseline.filter { $0.filter == "kalman" }.prefix(3))
        var current = few
        current[1].estimatedDistanceMeters *= 1.05
        let comparison = BaselineComparison(baseline: few, current: current)
        let result = PairedVerdicts(comparison, tolerances: ToleranceSet())
        let whole = try #require(result.tests.first { $0.metric == .errorPercent })
        #expect(whole.verdict == .tooFewPairs)
        #expect(result.rowRegressions.map(\.key) == [few[1].key] && result.hasRegression)
    }

    @Test func theJUnitReportHasAFailingCaseForTheRegressedGroup() {
        let current = changed("kalman", where: { $0.signal == "weak" }) { $0.metrics.positionRMSEMeters! *= 1.2 }
        let comparison = BaselineComparison(baseline: baseline, current: current)
        let report = BaselineReport(
            comparison: comparison,
            verdicts: PairedVerdicts(comparison, tolerances: ToleranceSet(standard: Tolerance(absolute: 0.001, relative: 0.01))),
            tolerances: ToleranceSet(), isStrict: false, baselineFile: "b.csv", updateCommand: "trackbench check --update-baseline"
        )
        let xml = BaselineJUnit.render(report)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"))
        #expect(xml.contains("<testcase name=\"signal weak\" classname=\"kalman\">\n      <failure message=\"`position_rmse_m` +"))
        #expect(xml.contains("<testcase name=\"signal weak\" classname=\"raw\"/>"))
        #expect(BaselineJUnit.escaped("a<b & \"c\"\u{1B}") == "a&lt;b &amp; &quot;c&quot;\u{FFFD}")
        #expect(BaselineJUnit.escaped("it's\r\n\tx>\u{FFFF}") == "it&apos;s\u{FFFD}\n\tx&gt;\u{FFFD}")
        #expect(BaselineJUnit.escaped("&\u{301}<\u{301}") == "&amp;\u{301}&lt;\u{301}")
    }
}
