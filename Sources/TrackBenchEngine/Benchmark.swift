import Foundation
import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchSupport

/// The one engine: runs every filter over every unit of work (a scenario under a seed, or a recording) and scores them.
///
/// Units run in parallel, but each draws from its own random streams (a
/// replay from none) and results are handed over in run order (seed, then
/// scenario, then filter; a recording suite's in suite order), so the output
/// is the same for any number of threads, and each seed's rows are exactly
/// what that seed gives alone. A shard runs its share of the units, dealt by
/// their expected fixes.
public struct Benchmark: Sendable {
    /// The units of the whole run, in run order.
    package var workload: Workload
    /// The filters to run on each unit, in report order.
    package var filters: [FilterConfiguration]
    /// The share of the units to run; nil for all of them.
    package var shard: Shard?

    /// The first seed of the default run, 100, the seed Phillips 2019 used for every scenario (Docs/sources.md).
    package static let defaultSeed = SeedRange.defaultSeed

    /// The seeds a run uses unless told otherwise: ten, because ten consecutive seeds named the
    /// 130-seed winner in 119 of 121 windows, against 69 % for one seed (Docs/statistics.md).
    public static let defaultSeeds = SeedRange(first: defaultSeed, last: defaultSeed + 9)!

    /// Creates a benchmark of `workload`'s units.
    package init(_ workload: Workload, filters: [FilterConfiguration], shard: Shard? = nil) {
        self.workload = workload
        self.filters = filters
        self.shard = shard
    }

    /// Creates a benchmark that simulates every scenario under every seed; every scenario's random streams derive
    /// from the seed and its id.
    public init(scenarios: [Scenario], filters: [FilterConfiguration], seeds: SeedRange = defaultSeeds, shard: Shard? = nil) {
        self.init(.simulations(scenarios, seeds: seeds), filters: filters, shard: shard)
    }

    /// Creates a benchmark that replays every recording once, against its truth: a replay draws no random numbers,
    /// and its rows carry `RecordingReplay.seed`.
    package init(replays: [RecordingReplay], filters: [FilterConfiguration], shard: Shard? = nil) {
        self.init(.replays(replays), filters: filters, shard: shard)
    }

    /// The positions in run order of the units this benchmark runs (every unit, or the shard's share): 8 bytes a
    /// unit, where a unit itself holds a copy of its scenario.
    package var unitIndices: [Int] {
        let all = 0..<workload.count
        guard let shard else { return Array(all) }
        let assignment = workload.shardAssignment(count: shard.count)
        return all.filter { assignment[$0] == shard.index }
    }

    /// The units this benchmark runs, in run order.
    package var units: [WorkUnit] {
        unitIndices.map(workload.unit(at:))
    }

    /// The runs this benchmark scores, as `ScenarioScore.run` names them.
    package var runs: Set<ScenarioScore.Run> {
        Set(unitIndices.map(workload.run(at:)))
    }

    /// Whether a run is one this benchmark scores (`ran`: its shard's), and one of the whole run (`planned`),
    /// answered from the workload and the shards' deal (8 bytes a unit), without a set of runs: for judging a
    /// baseline of any number of seeds.
    package var membership: (ran: @Sendable (ScenarioScore.Run) -> Bool, planned: @Sendable (ScenarioScore.Run) -> Bool) {
        let position = workload.positions
        let shard = shard
        let assignment = shard.map { workload.shardAssignment(count: $0.count) } ?? []
        let ran: @Sendable (ScenarioScore.Run) -> Bool = { run in
            guard let index = position(run) else { return false }
            return shard.map { assignment[index] == $0.index } ?? true
        }
        return (ran, { position($0) != nil })
    }

    /// What the run covers, for messages: "54 scenarios x 13 filters (suite 'default', seeds 100...109)", "3 recordings
    /// x 13 filters (suite 'mine')", with the shard if any.
    package func description(suiteName: String) -> String {
        let shardText = shard.map { ", shard \($0)" } ?? ""
        let filterCount = NumberFormat.count(filters.count, "filter")
        switch workload {
        case let .simulations(scenarios, seeds):
            return "\(NumberFormat.count(scenarios.count, "scenario")) x \(filterCount) "
                + "(suite '\(suiteName)', \(seeds.count == 1 ? "seed" : "seeds") \(seeds)\(shardText))"
        case let .replays(replays):
            return "\(NumberFormat.count(replays.count, "recording")) x \(filterCount) (suite '\(suiteName)'\(shardText))"
        case let .units(units):
            return "\(NumberFormat.count(units.count, "unit")) x \(filterCount) (suite '\(suiteName)'\(shardText))"
        }
    }

    /// What a progress line counts the units as: "run" (a scenario under a seed), "recording" or "unit".
    package var unitNoun: String {
        switch workload {
        case .simulations: "run"
        case .replays: "recording"
        case .units: "unit"
        }
    }

    /// Runs every filter on one unit.
    /// - Returns: One score per filter, in filter order.
    package func scores(for unit: WorkUnit) -> [ScenarioScore] {
        unit.scores(filters: filters)
    }

    /// Runs the whole benchmark.
    /// - Parameters:
    ///   - maximumConcurrency: How many units may run at once; all cores by default. Results do not depend on it.
    ///   - progress: Told how many of the units are done after each one, one call at a time: for a progress line.
    /// - Returns: Scores in run order, then filter; with a shard, only its units' scores.
    public func run(
        maximumConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((Int) -> Void)? = nil
    ) async -> [ScenarioScore] {
        var scores: [ScenarioScore] = []
        await stream(maximumConcurrency: maximumConcurrency, progress: progress, transform: { $0 }) { scores.append(contentsOf: $0) }
        return scores
    }

    /// Runs the benchmark, handing over each unit's scores in run order as soon as the units before it are done:
    /// a run's results streamed, never all held at once.
    /// - Parameters:
    ///   - maximumConcurrency: How many units may run at once; results do not depend on it.
    ///   - progress: Told how many units are done after each one, one call at a time.
    ///   - transform: Makes what the caller keeps of one unit's scores (in filter order), on the task that scored them.
    ///   - consume: Takes each unit's `transform`, in run order, from the calling task; if it throws, the run
    ///     stops and the error is rethrown (`OrderedConcurrency.forEach`).
    package func stream<Unit: Sendable, Failure: Error>(
        maximumConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount, progress: ((Int) -> Void)? = nil,
        transform: @escaping @Sendable ([ScenarioScore]) -> Unit, consume: (Unit) throws(Failure) -> Void
    ) async throws(Failure) {
        try await OrderedConcurrency.forEach(unitIndices, maximumConcurrency: maximumConcurrency, progress: progress, { [self] index in
            transform(self.scores(for: self.workload.unit(at: index)))
        }, consume: consume)
    }
}
