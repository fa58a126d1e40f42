import Testing
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchGate
import TrackBenchTestSupport
import TrackBenchRunFixtures

struct BaselineComparisonTests {
    private let baseline = Array(Fixtures.defaultScores.prefix(8))

    private func edited(_ index: Int, _ edit: (inout ScenarioScore) -> Void) -> [ScenarioScore] {
        var scores = baseline
        edit(&scores[index])
        return scores
    }

    @Test func identicalRunsPassWithEveryMetricCompared() {
        let comparison = BaselineComparison(baseline: baseline, current: baseline)
        #expect((comparison.verdict(strict: true) == .pass))
        let applicable = baseline.reduce(0) { count, score in count + Metric.allCases.filter { $0.value(in: score) != nil }.count }
        #expect(comparison.unchangedCount == applicable)
    }

    @Test func aWorseDistanceErrorIsARegressionWithBothValues() throws {
        let current = edited(1) { $0.estimatedDistanceMeters *= 1.05 }
        let comparison = BaselineComparison(baseline: baseline, current: current)
        #expect((comparison.verdict(strict: false) == .regressed))
        let change = try #require(comparison.regressions.first)
        #expect(change.metric == .errorPercent && change.key.filter == baseline[1].filter)
        #expect(change.baseline == baseline[1].errorPercent && change.current == current[1].errorPercent)
    }

    @Test func directionDecidesWhatIsWorse() {
        let lessKept = edited(0) { $0.metrics.keptPercent = 90 }
        #expect(BaselineComparison(baseline: baseline, current: lessKept).regressions.map(\.metric) == [.keptPercent])
        let smallerError = edited(0) { $0.metrics.positionRMSEMeters! -= 1 }
        let comparison = BaselineComparison(baseline: baseline, current: smallerError)
        #expect(comparison.regressions.isEmpty && comparison.improvements.map(\.metric) == [.positionRMSEMeters])
        #expect(comparison.verdict(strict: false) == .pass && comparison.verdict(strict: true) == .improvedOnly)
    }

    @Test func changesWithinEitherAllowanceAreIgnored() {
        let tiny = edited(0) { $0.metrics.positionRMSEMeters! += 0.0005 }
        #expect(BaselineComparison(baseline: baseline, current: tiny).verdict(strict: true) == .pass)
        let loose = ToleranceSet(absoluteOverrides: [.positionRMSEMeters: 2])
        let larger = edited(0) { $0.metrics.positionRMSEMeters! += 1.5 }
        #expect(BaselineComparison(baseline: baseline, current: larger, tolerances: loose).verdict(strict: true) == .pass)
        #expect(BaselineComparison(baseline: baseline, current: larger).verdict(strict: false) == .regressed)
    }

    @Test func aMetricThatStopsApplyingIsARegression() {
        let silent = edited(0) { $0.metrics.positionMedianMeters = nil }
        #expect(BaselineComparison(baseline: baseline, current: silent).regressions.map(\.metric) == [.positionMedianMeters, .phoneScoreMeters])
    }

    @Test func missingAndAddedPairsAreReported() {
        var current = Array(baseline.dropLast())
        var extra = baseline[0]
        extra.filter = "kalman:q=9"
        current.append(extra)
        let comparison = BaselineComparison(baseline: baseline, current: current)
        #expect(comparison.missing == [baseline[7].key])
        #expect(comparison.added == [extra.key])
        #expect((comparison.verdict(strict: false) == .regressed))
    }

    @Test func changedSimulatedInputIsNotBlamedOnTheFilter() {
        let current = edited(2) { $0.noisyDistanceMeters += 10 }
        let comparison = BaselineComparison(baseline: baseline, current: current)
        #expect(comparison.changedInputs.count == 1 && comparison.regressions.isEmpty)
        #expect((comparison.verdict(strict: false) == .regressed))
    }

    @Test func changedInputIsCaughtWhateverTheMetricTolerances() {
        // 4 m more true distance on a 5 km route is 0.08 %: within a loose distance tolerance, yet other input.
        let current = edited(2) { $0.trueDistanceMeters += 4 }
        let loose = ToleranceSet(standard: Tolerance(absolute: 5, relative: 0.5))
        let comparison = BaselineComparison(baseline: baseline, current: current, tolerances: loose)
        #expect(comparison.changedInputs == [baseline[2].key] && comparison.verdict(strict: false) == .regressed)
    }

    @Test func anEmptyOrNonFiniteBaselineValueIsUnusable() {
        var blank = baseline
        blank[0].metrics.positionRMSEMeters = nil
        let comparison = BaselineComparison(baseline: blank, current: baseline)
        #expect(comparison.badBaselineValues.map(\.metric) == [.positionRMSEMeters])
        #expect(comparison.improvements.isEmpty && comparison.verdict(strict: false) == .regressed)
        var infinite = baseline
        infinite[1].metrics.lagSeconds = .infinity
        #expect(BaselineComparison(baseline: infinite, current: baseline).badBaselineValues.map(\.metric) == [.lagSeconds])
        // A filter that produced no estimate has no position to measure: empty is right there.
        var silent = baseline
        silent[0].estimatedFixes = 0
        silent[0].metrics.positionRMSEMeters = nil
        #expect(BaselineComparison(baseline: silent, current: baseline).badBaselineValues.isEmpty)
    }

    @Test func reportListsRegressionsFirstWithAVerdict() {
        let current = edited(1) { $0.estimatedDistanceMeters *= 1.05; $0.metrics.positionRMSEMeters! -= 1 }
        let report = BaselineReport(
            comparison: BaselineComparison(baseline: baseline, current: current), verdicts: nil,
            tolerances: ToleranceSet(), isStrict: false, baselineFile: "Results/baseline.csv",
            updateCommand: "trackbench check --update-baseline"
        )
        let text = report.render()
        #expect(report.verdict.hasPrefix("FAILED: 1 regression in 1 scenario"))
        let regressions = text.range(of: "### Regressions (1)")
        let improvements = text.range(of: "### Improvements (1)")
        #expect(regressions != nil && improvements != nil && regressions!.lowerBound < improvements!.lowerBound)
        #expect(text.contains("--update-baseline"))
    }

    /// `kept_pct`'s two decimals hide one fix of a long run; the count itself is compared exactly and reported.
    @Test func aChangedEstimateCountIsReportedExactlyEvenWhereKeptPercentCannotShowIt() {
        let current = edited(2) { $0.estimatedFixes -= 1 }
        let comparison = BaselineComparison(baseline: baseline, current: current)
        let fixes = baseline[2].estimatedFixes
        let expected = BaselineComparison.EstimateCountChange(key: baseline[2].key, baseline: fixes, current: fixes - 1)
        #expect(comparison.estimateCountChanges == [expected])
        let text = BaselineReport(
            comparison: comparison, verdicts: nil, tolerances: ToleranceSet(), isStrict: false, baselineFile: "Results/baseline.csv",
            updateCommand: "trackbench check --update-baseline"
        ).render()
        #expect(text.contains("### Estimated fixes changed (1)"))
        #expect(text.contains("`estimated_fixes` was compared exactly: 1 of 8 paired results differ"))
        #expect(BaselineComparison(baseline: baseline, current: baseline).estimateCountChanges.isEmpty)
    }

    @Test func aComparisonWithNoPairDoesNotCallItsValuesIdentical() {
        func extent(current: [ScenarioScore]) -> String {
            let comparison = BaselineComparison(baseline: baseline, current: current)
            return BaselineReport(
                comparison: comparison, verdicts: PairedVerdicts(comparison, tolerances: ToleranceSet()), tolerances: ToleranceSet(),
                isStrict: false, baselineFile: "Results/baseline.csv", updateCommand: "trackbench check --update-baseline"
            ).extent
        }
        let none = extent(current: [])
        #expect(none.contains(" 0 results paired"), "\(none)")
        #expect(!none.contains("identical") && !none.contains("test"), "\(none)")
        #expect(extent(current: baseline).hasSuffix("8 results paired, every value identical, so no test was needed"))
    }
}
