import TrackBenchMetrics

/// The per-scenario guard's finding: one scenario whose mean over seeds got worse beyond both of the guard's thresholds.
///
/// The suite-wide and group tests weigh a scenario by its share of the
/// pairs, so a filter broken on one scenario (one speed, one distance, one
/// signal at once) can move a group's mean by less than the tests resolve.
/// The guard catches it: a scenario whose mean of the metric over at least
/// `minimumSeeds` seeds got worse by more than `relativeThreshold` of its
/// own baseline mean **and** by more than `allowanceMultiple` times the
/// metric's allowance over the whole suite is a regression, whatever the rest
/// of the suite did, when the change is also significant: Student's paired
/// t-test over the scenario's seeds, one more test in its filter's family.
/// One scenario's ten-seed mean moves by 50 % and more on independent noise
/// (heavy-tailed errors), so the thresholds alone would fail unchanged
/// filters in most runs; a real fault of one scenario moves it on every seed.
/// The thresholds and the test are printed with each finding.
package struct ScenarioWorsening: Sendable {
    /// A scenario's mean must get worse by more than this fraction of its baseline mean: 0.5 (50 %).
    package static let relativeThreshold = 0.5
    /// ... and by more than this many times the metric's allowance over the whole suite: 10.
    package static let allowanceMultiple = 10.0
    /// A scenario is guarded only with at least this many seeds, as many as the test over seeds needs.
    package static let minimumSeeds = PairedDecision.minimumSeeds

    /// The filter label.
    package var filter: String
    /// The metric.
    package var metric: Metric
    /// The scenario.
    package var scenarioID: String
    /// How many seeds the means cover.
    package var seedCount: Int
    /// The baseline's mean of the metric over the scenario's seeds (absolute where closer to zero is better).
    package var baselineMean: Double
    /// This run's mean over the same seeds.
    package var currentMean: Double
    /// The absolute threshold, in the metric's unit: `allowanceMultiple` times the whole suite's allowance.
    package var absoluteThreshold: Double
    /// The paired t-test over the scenario's seeds.
    package var seedTest: PairedTTest
    /// The level Holm's procedure compared `seedTest` with.
    package var level = 0.0
    /// Whether Holm's procedure rejected `seedTest` within the filter's family.
    package var isRejected = false

    /// How much worse the mean got, in the metric's unit: positive means worse, whichever way the metric points.
    package var worsening: Double { metric.worsening(ofShift: currentMean - baselineMean) }
    /// The relative threshold in the metric's unit: `relativeThreshold` of the baseline mean.
    package var relativeAmount: Double { Self.relativeThreshold * abs(baselineMean) }
    /// Whether the worsening exceeds both thresholds.
    package var exceedsThresholds: Bool { worsening > absoluteThreshold && worsening > relativeAmount }
    /// The worsening in multiples of the larger threshold, to rank findings.
    var severity: Double { worsening / max(absoluteThreshold, relativeAmount, .leastNonzeroMagnitude) }

    /// The scenario as a candidate, not yet judged, when it has at least `minimumSeeds` seeds and a change;
    /// `allowance` is the metric's allowance over the whole suite.
    static func candidate(filter: String, metric: Metric, scenario: ScenarioTally, allowance: Double) -> ScenarioWorsening? {
        guard scenario.count >= minimumSeeds, scenario.changedCount > 0, let test = PairedTTest(scenario.changes) else { return nil }
        let count = Double(scenario.count)
        return ScenarioWorsening(
            filter: filter, metric: metric, scenarioID: scenario.scenarioID, seedCount: scenario.count,
            baselineMean: scenario.beforeSum / count, currentMean: scenario.afterSum / count,
            absoluteThreshold: allowanceMultiple * allowance, seedTest: test
        )
    }
}
