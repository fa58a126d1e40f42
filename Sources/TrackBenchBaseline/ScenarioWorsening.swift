import TrackBenchScoring

/// The per-scenario guard's finding: one scenario whose mean over seeds got worse beyond both of the guard's thresholds.
///
/// The suite-wide and group tests weigh a scenario by its share of the
/// pairs, so a filter broken on one scenario (one speed, one distance, one
/// signal at once) can move a group's mean by less than the tests resolve.
/// The guard catches it: a scenario whose mean of the metric over seeds got
/// worse by more than `relativeThreshold` of its own baseline mean **and**
/// by more than `allowanceMultiple` times the metric's allowance over the
/// whole suite is a regression, whatever the rest of the suite did. Both
/// thresholds are far beyond what independent noise moves a ten-seed mean
/// of one scenario (Docs/statistics.md measures it), and both are printed
/// with each finding.
public struct ScenarioWorsening: Sendable, Hashable {
    /// A scenario's mean must get worse by more than this fraction of its baseline mean: 0.5 (50 %).
    public static let relativeThreshold = 0.5
    /// ... and by more than this many times the metric's allowance over the whole suite: 10.
    public static let allowanceMultiple = 10.0

    /// The filter label.
    public var filter: String
    /// The metric.
    public var metric: Metric
    /// The scenario.
    public var scenarioID: String
    /// How many seeds the means cover.
    public var seedCount: Int
    /// The baseline's mean of the metric over the scenario's seeds (absolute where closer to zero is better).
    public var baselineMean: Double
    /// This run's mean over the same seeds.
    public var currentMean: Double
    /// The absolute threshold, in the metric's unit: `allowanceMultiple` times the whole suite's allowance.
    public var absoluteThreshold: Double

    /// How much worse the mean got, in the metric's unit: positive means worse, whichever way the metric points.
    public var worsening: Double { metric.worsening(ofShift: currentMean - baselineMean) }
    /// The relative threshold in the metric's unit: `relativeThreshold` of the baseline mean.
    public var relativeAmount: Double { Self.relativeThreshold * abs(baselineMean) }
    /// The worsening in multiples of the larger threshold, to rank findings.
    var severity: Double { worsening / max(absoluteThreshold, relativeAmount, .leastNonzeroMagnitude) }

    /// The scenarios among `pairs` (scenario, before, after) whose mean got worse beyond both thresholds, in
    /// first-appearance order; `allowance` is the metric's allowance over the whole suite.
    static func findings(
        filter: String, metric: Metric, pairs: [(scenario: String, before: Double, after: Double)], allowance: Double
    ) -> [ScenarioWorsening] {
        var sums: [String: (before: Double, after: Double, count: Int)] = [:]
        var order: [String] = []
        for pair in pairs {
            if sums[pair.scenario] == nil { order.append(pair.scenario) }
            sums[pair.scenario, default: (0, 0, 0)].before += pair.before
            sums[pair.scenario, default: (0, 0, 0)].after += pair.after
            sums[pair.scenario, default: (0, 0, 0)].count += 1
        }
        return order.compactMap { scenario in
            let sum = sums[scenario]!
            let finding = ScenarioWorsening(
                filter: filter, metric: metric, scenarioID: scenario, seedCount: sum.count,
                baselineMean: sum.before / Double(sum.count), currentMean: sum.after / Double(sum.count),
                absoluteThreshold: allowanceMultiple * allowance
            )
            return finding.worsening > finding.absoluteThreshold && finding.worsening > finding.relativeAmount ? finding : nil
        }
    }
}
