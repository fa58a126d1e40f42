import Foundation
import TrackBenchSupport
import TrackBenchModel
import TrackBenchFilters

/// Runs every filter on every scenario under every seed and scores the results.
///
/// Each (seed, scenario) is one unit of work. Units run in parallel, but each
/// draws from its own random streams and results are put back in order (seed,
/// then scenario, then filter), so the output is the same for any number of
/// threads, and each seed's rows are exactly what that seed gives alone.
public struct Benchmark: Sendable {
    /// The scenarios to run, in report order.
    package var scenarios: [Scenario]
    /// The filters to run on each, in report order.
    package var filters: [FilterConfiguration]
    /// The seeds; every scenario's random streams derive from the seed and its id.
    package var seeds: SeedRange
    /// The share of the (seed, scenario) units to run; nil for all of them.
    package var shard: Shard?

    /// The first seed of the default run, 100, the seed Phillips 2019 used for every scenario (Docs/sources.md).
    package static let defaultSeed: UInt64 = 100

    /// The seeds a run uses unless told otherwise: ten, because ten consecutive seeds named the
    /// 130-seed winner in 119 of 121 windows, against 69 % for one seed (Docs/statistics.md).
    public static let defaultSeeds = SeedRange(first: defaultSeed, last: defaultSeed + 9)!

    /// Creates a benchmark.
    public init(scenarios: [Scenario], filters: [FilterConfiguration], seeds: SeedRange = defaultSeeds, shard: Shard? = nil) {
        self.scenarios = scenarios
        self.filters = filters
        self.seeds = seeds
        self.shard = shard
    }

    /// The (seed, scenario) units this benchmark runs, in order: every unit, or the shard's share.
    ///
    /// Shards are dealt by each unit's expected fixes, so shards take about
    /// equally long whatever the mix of short and long scenarios.
    package var units: [(seed: UInt64, scenario: Scenario)] {
        unitIndices.map(unit(at:))
    }

    /// The positions in run order (seed, then scenario) of the units this benchmark runs: 8 bytes a unit, where a
    /// unit itself holds a copy of its scenario.
    package var unitIndices: [Int] {
        let all = 0..<seeds.count * scenarios.count
        guard let shard else { return Array(all) }
        let assignment = shardAssignment(count: shard.count)
        return all.filter { assignment[$0] == shard.index }
    }

    /// The unit at `index` in run order, ignoring the shard.
    private func unit(at index: Int) -> (seed: UInt64, scenario: Scenario) {
        (seeds.first + UInt64(index / scenarios.count), scenarios[index % scenarios.count])
    }

    /// The shard (1...`count`) of each unit of the whole run, in run order, dealt by expected fixes.
    package func shardAssignment(count: Int) -> [Int] {
        let costs = scenarios.map { $0.durationSeconds / $0.signal.fixIntervalMeanSeconds }
        return Shard.assignment(costs: (0..<seeds.count).flatMap { _ in costs }, count: count)
    }

    /// The runs this benchmark scores, as `ScenarioScore.run` names them.
    package var runs: Set<ScenarioScore.Run> {
        Set(unitIndices.map { index in
            let unit = unit(at: index)
            return ScenarioScore.Run(seed: unit.seed, scenarioID: unit.scenario.id)
        })
    }

    /// Simulates one scenario under one seed and scores every filter on it.
    ///
    /// Each filter's estimates are measured as they come out, a batch at a
    /// time (`SimulatedScenario.run(_:events:buffer:consume:)`), so what a
    /// scenario holds is its delivered fixes, the truth at their times and
    /// 16 bytes an estimate for the filter being scored.
    /// - Returns: One score per filter, in filter order.
    package func scores(for scenario: Scenario, seed: UInt64) -> [ScenarioScore] {
        // The metrics compare with the exact track, not samples of it: only the true path's length is kept.
        let simulated = scenario.simulate(seed: seed, keepingTruePath: false)
        let noisyDistance = simulated.noisyPath.totalDistanceMeters
        let truth = TruthCache(scenario: scenario, deliveredFixes: simulated.noisyPath.fixes)
        // Nil without sensors: the filters then run over the fixes, as fast as ever.
        let events = simulated.events
        let receivedFixes = simulated.receivedFixes
        // One buffer for every filter's estimates: each batch is measured and dropped before the next.
        var buffer: [LocationFix] = []
        return filters.map { configuration in
            var measurement = MetricsAccumulator(scenario: scenario, truth: truth)
            var length = EstimatedPathLength(noisyPath: simulated.noisyPath, noisyMeters: noisyDistance)
            simulated.run(configuration.makeFilter(scenario: scenario.id, seed: seed), events: events, buffer: &buffer) { estimates in
                measurement.add(estimates)
                length.add(estimates)
            }
            var score = ScenarioScore(
                scenarioID: scenario.id,
                seed: seed,
                pathType: scenario.pathType.rawValue,
                nominalDistanceMeters: scenario.distanceMeters,
                speedMetersPerSecond: scenario.speedMetersPerSecond,
                stopSeconds: scenario.stopSeconds,
                signal: scenario.signal.name,
                filter: configuration.label,
                filterSpecification: configuration.specification,
                fixes: receivedFixes,
                estimatedFixes: measurement.estimateCount,
                trueDistanceMeters: simulated.trueDistanceMeters,
                noisyDistanceMeters: noisyDistance,
                estimatedDistanceMeters: length.meters,
                metrics: measurement.metrics(deliveredFixes: receivedFixes)
            )
            score.gait = scenario.gait?.rawValue
            if let terrain = scenario.terrain {
                score.terrain = terrain.name
                score.trueGainMeters = truth.elevationProfile.gainMeters
            }
            return score
        }
    }

    /// Runs the whole benchmark.
    /// - Parameters:
    ///   - maximumConcurrency: How many scenarios may run at once; all cores by default. Results do not depend on it.
    ///   - progress: Told how many of `units` are done after each one, one call at a time: for a progress line.
    /// - Returns: Scores ordered by seed, then scenario, then filter; with a shard, only its units' scores.
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
            let unit = self.unit(at: index)
            return transform(self.scores(for: unit.scenario, seed: unit.seed))
        }, consume: consume)
    }
}
