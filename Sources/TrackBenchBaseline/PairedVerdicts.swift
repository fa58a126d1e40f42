import Foundation
import TrackBenchSupport
import TrackBenchScoring

/// The regression gate's statistical verdicts: per filter, metric and scenario group, baseline against run.
///
/// A row is one noisy sample, so a real change of a filter moves some rows
/// up and others down; judging rows one by one fails every real improvement.
/// Instead, for each filter and metric the gate pairs the baseline's and the
/// run's values over (scenario, seed) and tests the shift with
/// `Significance` (Wilcoxon's signed-rank test, the Hodges-Lehmann estimate
/// and its interval), over the whole suite and within each group of scenarios
/// (signal, speed or gait, distance, path type, and a recording suite's tags).
///
/// A test is a **regression** when its shift is significant and the estimated
/// worsening exceeds the metric's allowance (`allowance(for:baselineMean:tolerances:)`:
/// the larger of its absolute tolerance, its relative tolerance times the
/// baseline's mean, and the resolution `results.csv` writes it with). The level is
/// `familyAlpha` divided by the number of tests (Bonferroni), so a gate run
/// whose filters did not change raises a false alarm with probability at most
/// `familyAlpha`, however many filters and groups it tests. The interval is
/// computed at that same level, so it excludes zero exactly when the test is
/// significant.
///
/// A filter and metric with too few pairs for any significant result at that
/// level (fewer than 20 or so: the example recordings, one seed of a small
/// suite) cannot be tested; its rows are judged one by one against the
/// tolerance instead, as `--exact` judges every row, and the report says so.
public struct PairedVerdicts: Sendable {
    /// The family-wise false-alarm probability the gate allows per run: 1 %.
    public static let familyAlpha = 0.01

    /// What one test found.
    public enum Verdict: String, Sendable, Equatable, CaseIterable {
        /// Significantly worse by more than the allowance.
        case regression
        /// Significantly better by more than the allowance.
        case improvement
        /// Significant, but the estimate is within the allowance, which decided.
        case withinTolerance = "within tolerance"
        /// Not significant.
        case withinNoise = "within noise"
        /// Every pair gave the same value.
        case identical
        /// Too few pairs for a test at the gate's level; the rows are judged one by one.
        case rowByRow = "row by row"
    }

    /// One filter's metric within one group, baseline against run.
    public struct Test: Sendable {
        /// The filter label.
        public var filter: String
        /// The metric.
        public var metric: Metric
        /// The group, such as "all scenarios" or "signal weak".
        public var group: String
        /// The baseline's mean of the metric over the pairs (absolute where closer to zero is better).
        public var baselineMean: Double
        /// This run's mean over the same pairs.
        public var currentMean: Double
        /// The paired shift, run minus baseline, in the metric's unit, at the gate's level.
        public var significance: Significance
        /// The largest worsening or improvement that does not count, in the metric's unit.
        public var allowance: Double
        /// The verdict.
        public var verdict: Verdict

        /// The estimated worsening in the metric's unit: positive means worse, whichever way the metric points.
        public var worsening: Double { metric.worsening(ofShift: significance.estimate) }
        /// The worsening in multiples of the allowance, to rank findings.
        var severity: Double { allowance > 0 ? worsening / allowance : worsening }
    }

    /// The group every row belongs to.
    public static let wholeSuite = "all scenarios"

    /// Every test, by filter (in baseline order), metric (in column order) and group (whole suite first).
    public private(set) var tests: [Test] = []
    /// The level each test uses: `familyAlpha` divided by the number of tests with at least two pairs.
    public private(set) var level: Double = familyAlpha
    /// The filters judged, in baseline order.
    public private(set) var filters: [String] = []
    /// The rows judged one by one because their filter and metric had too few pairs for a test.
    public private(set) var rowRegressions: [BaselineComparison.Change] = []
    /// The improvements among those rows.
    public private(set) var rowImprovements: [BaselineComparison.Change] = []

    /// Tests that found a regression: by metric in column order (the headline distance error first), the whole
    /// suite before its groups, then the most severe first (the change in multiples of its allowance).
    public var regressions: [Test] { ordered(.regression) }
    /// Tests that found an improvement, in the same order.
    public var improvements: [Test] { ordered(.improvement) }

    private func ordered(_ verdict: Verdict) -> [Test] {
        let order = Dictionary(uniqueKeysWithValues: Metric.allCases.enumerated().map { ($1.column, $0) })
        return tests.filter { $0.verdict == verdict }.sorted { a, b in
            let (metricA, metricB) = (order[a.metric.column] ?? 0, order[b.metric.column] ?? 0)
            if metricA != metricB { return metricA < metricB }
            let (wholeA, wholeB) = (a.group == Self.wholeSuite, b.group == Self.wholeSuite)
            if wholeA != wholeB { return wholeA }
            return abs(a.severity) > abs(b.severity)
        }
    }

    /// How many tests had at least two pairs: the number the level is divided by.
    public var testCount: Int { tests.filter { $0.significance.hasTest }.count }

    /// Judges the pairs a row comparison matched.
    /// - Parameters:
    ///   - comparison: The row comparison: its pairs (same input on both sides) and its row-level changes.
    ///   - tolerances: The allowance per metric.
    public init(_ comparison: BaselineComparison, tolerances: ToleranceSet) {
        self.init(comparison.paired, tolerances: tolerances, rowChanges: (comparison.regressions, comparison.improvements))
    }

    /// Judges pairs of rows with the same input; `rowChanges` are their changes row by row, for the filters and
    /// metrics with too few pairs for a test.
    init(
        pairs: [(baseline: ScenarioScore, current: ScenarioScore)], tolerances: ToleranceSet,
        rowChanges: (regressions: [BaselineComparison.Change], improvements: [BaselineComparison.Change]) = ([], [])
    ) {
        var tally = PairedTally()
        for pair in pairs {
            tally.add(baseline: pair.baseline, current: pair.current)
        }
        self.init(tally, tolerances: tolerances, rowChanges: rowChanges)
    }

    /// Judges the pairs gathered in `tally`.
    init(
        _ tally: PairedTally, tolerances: ToleranceSet,
        rowChanges: (regressions: [BaselineComparison.Change], improvements: [BaselineComparison.Change])
    ) {
        filters = tally.filters
        let cells = tally.testedCells
        let testable = cells.filter { $0.differences.count >= 2 }.count
        level = Self.familyAlpha / Double(max(1, testable))
        var rowByRow: Set<String> = []
        for cell in cells {
            let significance = Significance(cell.differences, level: level)
            let pairCount = Double(cell.differences.count)
            let baselineMean = cell.differences.firstSum / pairCount
            let allowance = Self.allowance(for: cell.metric, baselineMean: baselineMean, tolerances: tolerances)
            var test = Test(
                filter: cell.filter, metric: cell.metric, group: cell.group, baselineMean: baselineMean,
                currentMean: cell.differences.secondSum / pairCount, significance: significance, allowance: allowance, verdict: .withinNoise
            )
            test.verdict = Self.verdict(of: test)
            if test.verdict == .rowByRow, cell.group == Self.wholeSuite { rowByRow.insert(Self.cellKey(cell.filter, cell.metric)) }
            tests.append(test)
        }
        rowRegressions = rowChanges.regressions.filter { $0.current != nil && rowByRow.contains(Self.cellKey($0.key.filter, $0.metric)) }
        rowImprovements = rowChanges.improvements.filter { $0.baseline != nil && rowByRow.contains(Self.cellKey($0.key.filter, $0.metric)) }
    }

    /// Whether any test or row-by-row judgement found a regression.
    public var hasRegression: Bool { !regressions.isEmpty || !rowRegressions.isEmpty }
    /// Whether any test or row-by-row judgement found an improvement.
    public var hasImprovement: Bool { !improvements.isEmpty || !rowImprovements.isEmpty }

    /// The tests of one filter, whole suite first.
    public func tests(of filter: String) -> [Test] { tests.filter { $0.filter == filter } }

    /// The largest change that does not count: the larger of the metric's absolute tolerance, its relative
    /// tolerance times the baseline's mean, and one unit of the last digit `results.csv` writes (0.1 s for
    /// `lag_s`), since a change below the written resolution is rounding, not a filter getting worse.
    static func allowance(for metric: Metric, baselineMean: Double, tolerances: ToleranceSet) -> Double {
        let tolerance = tolerances[metric]
        let resolution = pow(10, -Double(metric.decimals))
        return max(tolerance.absolute, tolerance.relative * abs(baselineMean), resolution)
    }

    private static func cellKey(_ filter: String, _ metric: Metric) -> String { filter + "\u{0}" + metric.column }

    private static func verdict(of test: Test) -> Verdict {
        let significance = test.significance
        if significance.nonZeroCount == 0 { return .identical }
        // No interval at this level means no result could be significant: judge the rows instead.
        guard significance.hasTest, significance.interval != nil else { return .rowByRow }
        guard significance.isSignificant else { return .withinNoise }
        // Differences of values written with few decimals carry binary noise (0.5 - 0.4 > 0.1): a hair over the
        // allowance is the allowance.
        let limit = test.allowance * (1 + 1e-9)
        if test.worsening > limit { return .regression }
        if -test.worsening > limit { return .improvement }
        return .withinTolerance
    }
}
