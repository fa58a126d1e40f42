import Testing
@testable import TrackBenchModel
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
import TrackBenchTestSupport
import TrackBenchRunFixtures

struct BenchmarkTests {
    private let benchmark = Benchmark(
        scenarios: Array(Fixtures.defaultSuite.scenarios.prefix(12)),
        filters: Fixtures.rawAndKalman,
        seeds: SeedRange(first: 100, last: 101)!
    )

    @Test(arguments: [1, 2, 5, 64])
    func parallelRunMatchesTheSequentialOneForAnyConcurrency(concurrency: Int) async throws {
        let parallel = await benchmark.run(maximumConcurrency: concurrency)
        let sequential = try ResultsCSV.render(benchmark.scoresInOrder(), context: Fixtures.context())
        #expect(try ResultsCSV.render(parallel, context: Fixtures.context()) == sequential)
    }

    @Test(arguments: [1, 3])
    func aFileStreamedUnitByUnitIsTheFileRenderedFromEveryScore(concurrency: Int) async throws {
        var streamed = ResultsCSV.header(context: Fixtures.context())
        var units = 0
        await benchmark.stream(maximumConcurrency: concurrency, transform: { (try? ResultsCSV.rows($0)) ?? [] }) { rows in
            streamed += rows
            units += 1
        }
        #expect(units == benchmark.units.count)
        #expect(try String(decoding: streamed, as: UTF8.self) == ResultsCSV.render(benchmark.scoresInOrder(), context: Fixtures.context()))
    }

    @Test func faultsAndStopsStayDeterministicInParallel() async throws {
        let hard = Benchmark(
            scenarios: Array(Fixtures.hardSuite.scenarios.prefix(8)),
            filters: try ["raw", "stale-gate+adaptive-gate+cv-kalman", "rts-smoother", "speed-decay"].map {
                try FilterRegistry.builtIn.configuration(parsing: $0)
            },
            seeds: SeedRange(Fixtures.seed)
        )
        let parallel = await hard.run(maximumConcurrency: 4)
        #expect(try ResultsCSV.render(parallel, context: Fixtures.context()) == ResultsCSV.render(hard.scoresInOrder(), context: Fixtures.context()))
        #expect(parallel.contains { $0.metrics.stopDetectionSeconds != nil })
    }

    @Test func eachSeedGivesDifferentNumbersAndTheSameNumbersAlone() {
        let scores = benchmark.scoresInOrder()
        let first = scores.filter { $0.seed == 100 }
        let second = scores.filter { $0.seed == 101 }
        #expect(zip(first, second).allSatisfy { $0.noisyDistanceMeters != $1.noisyDistanceMeters })
        let alone = Benchmark(scenarios: Array(Fixtures.defaultSuite.scenarios.prefix(12)), filters: Fixtures.rawAndKalman, seeds: SeedRange(101))
        #expect(alone.scoresInOrder() == second)
    }

    @Test func scoresAreOrderedBySeedThenScenarioThenFilter() async {
        let scores = await benchmark.run(maximumConcurrency: 2)
        #expect(scores.count == 48)
        #expect(scores.map(\.filter).prefix(4) == ["raw", "kalman", "raw", "kalman"])
        #expect(scores[0].scenarioID == scores[1].scenarioID && scores[0].scenarioID != scores[2].scenarioID)
        #expect(scores.prefix(24).allSatisfy { $0.seed == 100 } && scores.suffix(24).allSatisfy { $0.seed == 101 })
    }

    @Test func rawFilterScoresExactlyTheNoisyPath() {
        for score in benchmark.scoresInOrder() where score.filter == "raw" {
            #expect(score.estimatedDistanceMeters == score.noisyDistanceMeters)
            #expect(score.estimatedFixes == score.fixes)
            #expect(!score.improved)
        }
    }
}
