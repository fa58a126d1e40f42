import TrackBenchModel
import TrackBenchMetrics
import TrackBenchFilters

/// One unit of the engine's work: a scenario simulated under a seed, or a recording replayed against its truth.
///
/// A unit makes the fixes the filters are fed and the truth their estimates
/// are measured against, and `scores(filters:)` runs every filter over it.
/// Units are independent: a simulated unit draws from random streams derived
/// from its seed and scenario id, a replayed one draws none, so a unit's
/// scores do not depend on which units run before it or on which thread.
package enum WorkUnit: Sendable {
    /// A scenario simulated under one seed: its delivered fixes (and sensor events), scored against its exact track.
    case simulated(Scenario, seed: UInt64)
    /// A recording replayed once, as recorded, scored against its aligned truth.
    case replayed(RecordingReplay)

    /// The run this unit's rows name: its seed (a replay's is `RecordingReplay.seed`) and its scenario or recording id.
    package var run: ScenarioScore.Run {
        switch self {
        case let .simulated(scenario, seed): ScenarioScore.Run(seed: seed, scenarioID: scenario.id)
        case let .replayed(replay): ScenarioScore.Run(seed: RecordingReplay.seed, scenarioID: replay.id)
        }
    }

    /// What the unit costs to run, in expected delivered fixes: a scenario's duration over its mean fix interval, a
    /// replay's fixes. Shards are dealt by it, so they take about equally long whatever the mix of units.
    package var cost: Double {
        switch self {
        case let .simulated(scenario, _): scenario.durationSeconds / scenario.signal.fixIntervalMeanSeconds
        case let .replayed(replay): Double(replay.fixes.count)
        }
    }

    /// Runs every filter over this unit and scores each.
    /// - Returns: One score per filter, in filter order.
    package func scores(filters: [FilterConfiguration]) -> [ScenarioScore] {
        switch self {
        case let .simulated(scenario, seed): Self.scores(of: scenario, seed: seed, filters: filters)
        case let .replayed(replay): Self.scores(of: replay, filters: filters)
        }
    }
}
