import Foundation
import TrackBenchSupport
import TrackBenchModel
import TrackBenchFilters

/// Runs every filter on every recording of a recording suite and scores the estimates against the truth.
///
/// A recording is replayed once, as recorded: there is nothing to seed, and
/// its rows carry `Benchmark.defaultSeed`. Recordings run in parallel and
/// results come back in suite order, so the output does not depend on the
/// number of threads.
package struct RecordingBenchmark: Sendable {
    /// The aligned recordings, in report order.
    package var replays: [RecordingReplay]
    /// The filters to run on each, in report order.
    package var filters: [FilterConfiguration]
    /// The share of the recordings to run; nil for all of them.
    package var shard: Shard?

    /// The seed recording rows carry: the default first seed, since a replay draws no random numbers.
    package static let seed = Benchmark.defaultSeed
    /// The `path_type` recording rows carry.
    package static let pathType = "recording"
    /// The `signal` recording rows carry when the suite gives no `device` tag.
    package static let defaultSignal = "recorded"

    /// Creates a benchmark of recordings.
    package init(replays: [RecordingReplay], filters: [FilterConfiguration], shard: Shard? = nil) {
        self.replays = replays
        self.filters = filters
        self.shard = shard
    }

    /// The recordings this benchmark runs: all, or the shard's share dealt by fix count.
    package var units: [RecordingReplay] {
        guard let shard else { return replays }
        let assignment = shardAssignment(count: shard.count)
        return replays.indices.filter { assignment[$0] == shard.index }.map { replays[$0] }
    }

    /// The shard (1...`count`) of each recording of the whole run, in suite order, dealt by fix count.
    package func shardAssignment(count: Int) -> [Int] {
        Shard.assignment(costs: replays.map { Double($0.fixes.count) }, count: count)
    }

    /// The runs this benchmark scores, as `ScenarioScore.run` names them: one per recording, under `seed`.
    package var runs: [ScenarioScore.Run] {
        units.map { ScenarioScore.Run(seed: Self.seed, scenarioID: $0.id) }
    }

    /// Scores every filter on one recording, in filter order.
    package func scores(for replay: RecordingReplay) -> [ScenarioScore] {
        let noisyDistance = replay.fixes.totalDistanceMeters
        let speed = replay.durationSeconds > 0 ? replay.trueDistanceMeters / replay.durationSeconds : 0
        return filters.map { configuration in
            let estimated = configuration.makeFilter(scenario: replay.id).estimatedPath(for: replay.fixes)
            var score = ScenarioScore(
                scenarioID: replay.id,
                seed: Self.seed,
                pathType: Self.pathType,
                nominalDistanceMeters: (replay.trueDistanceMeters * 10).rounded() / 10,
                speedMetersPerSecond: (speed * 10).rounded() / 10,
                signal: replay.tags["device"] ?? Self.defaultSignal,
                filter: configuration.label,
                filterSpecification: configuration.specification,
                fixes: replay.fixes.count,
                estimatedFixes: estimated.count,
                trueDistanceMeters: replay.trueDistanceMeters,
                noisyDistanceMeters: noisyDistance,
                estimatedDistanceMeters: estimated.hasSameCoordinates(as: replay.fixes) ? noisyDistance : estimated.totalDistanceMeters,
                metrics: EstimateMetrics(measuring: estimated, against: replay)
            )
            score.truth = replay.alignment
            score.tags = replay.tags
            return score
        }
    }

    /// Runs the benchmark.
    /// - Parameters:
    ///   - maximumConcurrency: How many recordings may run at once; results do not depend on it.
    ///   - progress: Told how many recordings are done after each one, one call at a time.
    /// - Returns: Scores ordered by recording, then filter.
    package func run(
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
        try await OrderedConcurrency.forEach(units, maximumConcurrency: maximumConcurrency, progress: progress, { [self] item in
            transform(self.scores(for: item))
        }, consume: consume)
    }
}
