import TrackBenchEngine
import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchTestSupport

/// Fixtures that run the benchmark: the tests of the engine and of what reads its results share them.
extension Fixtures {
    /// The `raw` and `kalman` filters with default settings.
    package static let rawAndKalman = FilterRegistry.builtIn.defaultConfigurations.filter { ["raw", "kalman"].contains($0.label) }

    /// The default suite's raw and Kalman scores at one seed, computed once.
    package static let defaultScores: [ScenarioScore] = Benchmark(scenarios: defaultSuite.scenarios, filters: rawAndKalman, seeds: SeedRange(seed))
        .scoresInOrder()

    /// The context of a results file of the default suite under `seeds`.
    package static func context(_ seeds: SeedRange = SeedRange(seed)) -> ResultsContext {
        ResultsContext(suite: defaultSuite, seeds: seeds)
    }
}

extension Benchmark {
    /// Scores every unit (seed and scenario; a shard's if set) on the calling thread, in order: the reference the parallel run must match.
    package func scoresInOrder() -> [ScenarioScore] {
        units.flatMap(scores(for:))
    }
}
