import TrackBenchModel
import TrackBenchMetrics

/// The units of work of a whole run, in run order: every scenario under every seed, or every recording once.
///
/// Units are named by their position in run order and made only when run
/// (`unit(at:)`), so a plan of any number of seeds holds its scenarios once,
/// not a copy per unit. Simulations are seed-major: seed, then scenario in
/// suite order, so each seed's units are exactly what that seed gives alone.
package enum Workload: Sendable {
    /// Every scenario under every seed.
    case simulations([Scenario], seeds: SeedRange)
    /// Every recording, replayed once, in suite order.
    case replays([RecordingReplay])
    /// Any units, in the order given; each names a different run.
    case units([WorkUnit])

    /// How many units the whole run has.
    package var count: Int {
        switch self {
        case let .simulations(scenarios, seeds): seeds.count * scenarios.count
        case let .replays(replays): replays.count
        case let .units(units): units.count
        }
    }

    /// The unit at `index` in run order (0..<`count`).
    package func unit(at index: Int) -> WorkUnit {
        switch self {
        case let .simulations(scenarios, seeds): .simulated(scenarios[index % scenarios.count], seed: seeds.first + UInt64(index / scenarios.count))
        case let .replays(replays): .replayed(replays[index])
        case let .units(units): units[index]
        }
    }

    /// The run the unit at `index` scores, without making the unit.
    package func run(at index: Int) -> ScenarioScore.Run {
        switch self {
        case let .simulations(scenarios, seeds):
            ScenarioScore.Run(seed: seeds.first + UInt64(index / scenarios.count), scenarioID: scenarios[index % scenarios.count].id)
        case .replays, .units: unit(at: index).run
        }
    }

    /// What each unit costs to run, in run order, in expected delivered fixes: what shards are dealt by, so that
    /// shards take about equally long whatever the mix of short and long scenarios.
    package var costs: [Double] {
        switch self {
        case let .simulations(scenarios, seeds):
            let costs = scenarios.map { WorkUnit.simulated($0, seed: seeds.first).cost }
            return (0..<seeds.count).flatMap { _ in costs }
        case let .replays(replays):
            return replays.map { WorkUnit.replayed($0).cost }
        case let .units(units):
            return units.map(\.cost)
        }
    }

    /// The shard (1...`count`) of each unit, in run order, dealt by `costs` (`Shard.assignment`).
    package func shardAssignment(count: Int) -> [Int] {
        Shard.assignment(costs: costs, count: count)
    }

    /// Finds the position in run order of the unit that scores `run`, without making the units: 8 bytes a scenario
    /// or recording, for answering about runs of any number of seeds.
    /// - Returns: A function from a run to its position; nil for a run this workload does not have.
    package var positions: @Sendable (ScenarioScore.Run) -> Int? {
        switch self {
        case let .simulations(scenarios, seeds):
            let positions = Dictionary(scenarios.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            let scenarioCount = scenarios.count
            return { run in
                guard seeds.first <= run.seed, run.seed <= seeds.last, let position = positions[run.scenarioID] else { return nil }
                return Int(run.seed - seeds.first) * scenarioCount + position
            }
        case let .replays(replays):
            let positions = Dictionary(replays.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            return { run in run.seed == RecordingReplay.seed ? positions[run.scenarioID] : nil }
        case let .units(units):
            let positions = Dictionary(units.enumerated().map { ($1.run, $0) }, uniquingKeysWith: { first, _ in first })
            return { run in positions[run] }
        }
    }
}
