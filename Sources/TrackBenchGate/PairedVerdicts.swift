import Foundation
import TrackBenchMetrics

/// The regression gate's statistical verdicts: per filter, metric and scenario group, baseline against run.
///
/// A row is one noisy sample, so a real change of a filter moves some rows
/// up and others down; judging rows one by one fails every real improvement.
/// Instead, for each filter and metric the gate pairs the baseline's and the
/// run's values over (scenario, seed) and weighs the change in the mean, over
/// the whole suite and within each group of scenarios (signal, speed or gait,
/// distance, path type, and a recording suite's tags), with two tests
/// (`PairedDecision`): Student's paired t-test over seeds, the seed being the
/// unit of replication, and Wilcoxon's signed-rank test on the pairs that
/// changed.
///
/// **One family per filter.** A filter's tests that ran are one family, and
/// Holm's step-down correction holds the chance of any false alarm in it at
/// `familyAlpha` (`HolmCorrection`); groups in which no pair changed cannot
/// err and are left out. So a filter's verdict never depends on which other
/// filters the baseline holds.
///
/// A test is a **regression** when either of its tests is significant within
/// the family and the change in the mean is a worsening beyond the metric's
/// allowance (`allowance(for:baselineMean:tolerances:)`: the larger of its
/// absolute tolerance, its relative tolerance times the baseline's mean, and
/// the resolution `results.csv` writes it with). Besides, a scenario whose
/// mean over seeds got worse beyond `ScenarioWorsening`'s thresholds, and
/// significantly over its seeds within the family, is a regression on its own
/// (the per-scenario guard).
///
/// A filter and metric with too few pairs for either test (fewer than
/// `PairedDecision.minimumSeeds` seeds and fewer than
/// `PairedDecision.minimumChangedPairs` pairs: the example recordings) cannot be
/// tested; its rows are judged one by one against the tolerance instead, as
/// `--exact` judges every row, and the report says so. With enough pairs of
/// which too few changed (a row or two of one seed), no test runs either and
/// the change is within noise.
package struct PairedVerdicts: Sendable {
    /// The false-alarm probability the gate allows per filter and run: 0.1 %, so that a baseline of ten filters
    /// that did not change fails at most 1 % of the time, while each filter's verdict stays its own.
    package static let familyAlpha = PairedDecision.level

    /// What one test found: `PairedDecision`'s verdict, the one decision `compare`, `sweep` and the report share.
    package typealias Verdict = PairedDecision.Verdict

    /// One filter's metric within one group, baseline against run.
    package struct Test: Sendable {
        /// The filter label.
        package var filter: String
        /// The metric.
        package var metric: Metric
        /// The group, such as "all scenarios" or "signal weak".
        package var group: String
        /// How many pairs (scenario, seed) the test had.
        package var pairCount: Int
        /// How many of them changed.
        package var changedCount: Int
        /// How many seeds they cover.
        package var seedCount: Int
        /// The baseline's mean of the metric over the pairs (absolute where closer to zero is better).
        package var baselineMean: Double
        /// This run's mean over the same pairs.
        package var currentMean: Double
        /// The paired t-test over seeds of the change in the mean; nil with too few seeds.
        package var seedTest: PairedTTest?
        /// The level Holm's procedure compared `seedTest` with.
        package var seedLevel: Double?
        /// The signed-rank test on the changed pairs; nil with too few of them.
        package var consistency: Significance?
        /// The level Holm's procedure compared `consistency` with.
        package var consistencyLevel: Double?
        /// Whether Holm's procedure rejected `seedTest` within its filter's family.
        package var seedRejected = false
        /// Whether Holm's procedure rejected `consistency` within its filter's family.
        package var consistencyRejected = false
        /// The largest worsening or improvement that does not count, in the metric's unit.
        package var allowance: Double
        /// The verdict.
        package var verdict: Verdict
        /// The same test as the one decision `compare`, `sweep` and the report make, the baseline the first side.
        package var decision: PairedDecision

        /// The change in the mean, run minus baseline, in the metric's unit: the statistic the test over seeds tests.
        package var change: Double { currentMean - baselineMean }
        /// The change as a worsening in the metric's unit: positive means worse, whichever way the metric points.
        package var worsening: Double { metric.worsening(ofShift: change) }
        /// The worsening in multiples of the allowance, to rank findings.
        var severity: Double { allowance > 0 ? worsening / allowance : worsening }
        /// Whether either test was significant within its filter's family.
        package var isSignificant: Bool { seedRejected || consistencyRejected }
        /// Whether at least one of the two tests ran.
        package var hasTest: Bool { seedTest != nil || consistency?.pValue != nil }
        /// How many of the two tests ran in the family: none where no pair changed.
        var testCount: Int { (seedLevel == nil ? 0 : 1) + (consistencyLevel == nil ? 0 : 1) }
    }

    /// The group every row belongs to.
    package static let wholeSuite = "all scenarios"

    /// Every test, by filter (in baseline order), metric (in column order) and group (whole suite first).
    package private(set) var tests: [Test] = []
    /// Scenarios whose mean over seeds got worse beyond the per-scenario guard's thresholds, worst first.
    package private(set) var scenarioWorsenings: [ScenarioWorsening] = []
    /// The filters judged, in baseline order.
    package private(set) var filters: [String] = []
    /// How many scenarios' tests over seeds ran in each filter's family (the per-scenario guard's).
    package private(set) var scenarioTestCounts: [String: Int] = [:]
    /// The rows judged one by one because their filter and metric had too few pairs for a test.
    package private(set) var rowRegressions: [BaselineComparison.Change] = []
    /// The improvements among those rows.
    package private(set) var rowImprovements: [BaselineComparison.Change] = []

    /// Tests that found a regression: the whole suite's first, each kind the most severe first (the worsening in
    /// multiples of its allowance).
    package var regressions: [Test] { ordered(.regression) }
    /// Tests that found an improvement, in the same order.
    package var improvements: [Test] { ordered(.improvement) }

    private func ordered(_ verdict: Verdict) -> [Test] {
        tests.filter { $0.verdict == verdict }.sorted { a, b in
            let (wholeA, wholeB) = (a.group == Self.wholeSuite, b.group == Self.wholeSuite)
            if wholeA != wholeB { return wholeA }
            return abs(a.severity) > abs(b.severity)
        }
    }

    /// How many tests ran, over every filter: what the families were corrected for.
    package var testCount: Int { tests.reduce(0) { $0 + $1.testCount } + scenarioTestCounts.values.reduce(0, +) }

    /// How many tests ran in one filter's family.
    package func testCount(of filter: String) -> Int { tests(of: filter).reduce(0) { $0 + $1.testCount } + (scenarioTestCounts[filter] ?? 0) }

    /// Judges the pairs a row comparison matched.
    /// - Parameters:
    ///   - comparison: The row comparison: its pairs (same input on both sides) and its row-level changes.
    ///   - tolerances: The allowance per metric.
    package init(_ comparison: BaselineComparison, tolerances: ToleranceSet) {
        self.init(comparison.paired, tolerances: tolerances, rowChanges: (comparison.regressions, comparison.improvements))
    }

    /// Judges the pairs gathered in `tally`; `rowChanges` are their changes row by row, for the filters and metrics
    /// with too few pairs for a test.
    init(
        _ tally: PairedTally, tolerances: ToleranceSet,
        rowChanges: (regressions: [BaselineComparison.Change], improvements: [BaselineComparison.Change])
    ) {
        filters = tally.filters
        let cells = tally.testedCells
        var rowByRow: Set<String> = []
        for filter in filters {
            let family = cells.filter { $0.filter == filter }
            let evidence = family.map { cell in
                let differences = cell.cell.differences
                let allowance = Self.allowance(
                    for: cell.metric, baselineMean: differences.firstSum / Double(max(1, differences.count)), tolerances: tolerances
                )
                return PairedDecision(
                    metric: cell.metric, differences: differences, seedTest: cell.cell.seedMeans.test, seedCount: cell.cell.seedMeans.seedCount,
                    allowance: allowance
                )
            }
            var scenarios = family.indices.filter { family[$0].group == Self.wholeSuite }.flatMap { position in
                let cell = family[position]
                return tally.scenarios(filter: filter, metric: cell.metric).compactMap { scenario in
                    ScenarioWorsening.candidate(filter: filter, metric: cell.metric, scenario: scenario, allowance: evidence[position].allowance)
                }
            }
            // One family: every test that ran in a group where something changed, and every guarded scenario's.
            let holm = HolmCorrection(pValues: evidence.flatMap(\.pValues) + scenarios.map(\.seedTest.pValue), alpha: Self.familyAlpha)
            let judged = Self.judge(family.map { ($0.filter, $0.group) }, evidence: evidence, holm: holm)
            for test in judged where test.verdict == .tooFewPairs && test.group == Self.wholeSuite {
                rowByRow.insert(Self.cellKey(test.filter, test.metric))
            }
            tests += judged
            let offset = holm.levels.count - scenarios.count
            for index in scenarios.indices {
                scenarios[index].level = holm.levels[offset + index]
                scenarios[index].isRejected = holm.rejected[offset + index]
            }
            scenarioWorsenings += scenarios.filter { $0.isRejected && $0.exceedsThresholds }
            scenarioTestCounts[filter] = scenarios.count
        }
        scenarioWorsenings = scenarioWorsenings.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
        rowRegressions = rowChanges.regressions.filter { $0.current != nil && rowByRow.contains(Self.cellKey($0.key.filter, $0.metric)) }
        rowImprovements = rowChanges.improvements.filter { $0.baseline != nil && rowByRow.contains(Self.cellKey($0.key.filter, $0.metric)) }
    }

    /// One filter's tests, judged with the family's Holm correction, whose p-values start with theirs in order.
    private static func judge(_ cells: [(filter: String, group: String)], evidence: [PairedDecision], holm: HolmCorrection) -> [Test] {
        var position = 0
        return zip(cells, evidence).map { cell, evidence in
            var decision = evidence
            let count = decision.pValues.count
            decision.applying(levels: holm.levels[position..<position + count], rejected: holm.rejected[position..<position + count])
            position += count
            return Test(
                filter: cell.filter, metric: decision.metric, group: cell.group, pairCount: decision.pairCount, changedCount: decision.changedCount,
                seedCount: decision.seedCount, baselineMean: decision.firstMean, currentMean: decision.secondMean,
                seedTest: decision.seedTest, seedLevel: decision.seedLevel, consistency: decision.consistency,
                consistencyLevel: decision.consistencyLevel, seedRejected: decision.seedRejected,
                consistencyRejected: decision.consistencyRejected, allowance: decision.allowance, verdict: decision.verdict,
                decision: decision
            )
        }
    }

    /// Whether any test or row-by-row judgement found a regression.
    package var hasRegression: Bool { !regressions.isEmpty || !rowRegressions.isEmpty || !scenarioWorsenings.isEmpty }
    /// Whether any test or row-by-row judgement found an improvement.
    package var hasImprovement: Bool { !improvements.isEmpty || !rowImprovements.isEmpty }

    /// The tests of one filter, whole suite first.
    package func tests(of filter: String) -> [Test] { tests.filter { $0.filter == filter } }

    /// The largest change that does not count: the larger of the metric's absolute tolerance, its relative
    /// tolerance times the baseline's mean, and one unit of the last digit `results.csv` writes (0.1 s for
    /// `lag_s`), since a change below the written resolution is rounding, not a filter getting worse.
    static func allowance(for metric: Metric, baselineMean: Double, tolerances: ToleranceSet) -> Double {
        let tolerance = tolerances[metric]
        return PairedDecision.allowance(for: metric, firstMean: baselineMean, absolute: tolerance.absolute, relative: tolerance.relative)
    }

    private static func cellKey(_ filter: String, _ metric: Metric) -> String { filter + "\u{0}" + metric.column }
}
