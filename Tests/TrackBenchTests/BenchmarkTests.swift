import Testing
@_spi(CLI) @testable import TrackBench

struct BenchmarkTests {
    private let benchmark = Benchmark(
        scenarios: Array(Fixtures.defaultSuite.scenarios.prefix(12)),
        filters: Fixtures.rawAndKalman
    )

    @Test(arguments: [1, 2, 5, 64])
    func parallelRunMatchesTheSequentialOneForAnyConcurrency(concurrency: Int) async {
        let parallel = await benchmark.run(maximumConcurrency: concurrency)
        #expect(ResultsCSV.render(parallel) == ResultsCSV.render(benchmark.scoresInOrder()))
    }

    @Test func faultsAndStopsStayDeterministicInParallel() async throws {
        let hard = Benchmark(
            scenarios: Array(Fixtures.hardSuite.scenarios.prefix(8)),
            filters: try ["raw", "stale-gate+adaptive-gate+cv-kalman", "rts-smoother", "speed-decay"].map {
                try FilterRegistry.builtIn.configuration(parsing: $0)
            }
        )
        let parallel = await hard.run(maximumConcurrency: 4)
        #expect(ResultsCSV.render(parallel) == ResultsCSV.render(hard.scoresInOrder()))
        #expect(parallel.contains { $0.metrics.stopDetectionSeconds != nil })
    }

    @Test func aDifferentSeedGivesDifferentNumbers() {
        var reseeded = benchmark
        reseeded.seed = 101
        let original = benchmark.scoresInOrder().map(\.noisyDistanceMeters)
        let changed = reseeded.scoresInOrder().map(\.noisyDistanceMeters)
        #expect(zip(original, changed).allSatisfy { $0 != $1 })
    }

    @Test func scoresAreOrderedByScenarioThenFilter() {
        let scores = benchmark.scoresInOrder()
        #expect(scores.count == 24)
        #expect(scores.map(\.filter).prefix(4) == ["raw", "kalman", "raw", "kalman"])
        #expect(scores[0].scenarioID == scores[1].scenarioID)
    }

    @Test func rawFilterScoresExactlyTheNoisyPath() {
        for score in benchmark.scoresInOrder() where score.filter == "raw" {
            #expect(score.estimatedDistanceMeters == score.noisyDistanceMeters)
            #expect(score.estimatedFixes == score.fixes)
            #expect(!score.improved)
        }
    }
}
