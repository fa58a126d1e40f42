import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
import TrackBenchTestSupport
import TrackBenchRunFixtures

/// The one engine over units of work: scenarios simulated under a seed and recordings replayed, mixed, in any order,
/// on any number of jobs.
struct WorkUnitTests {
    private static let filters = Fixtures.rawAndKalman

    /// A recording of a simulated phone (the `slow-walk` scenario under seed 7), replayed against that scenario's
    /// true track.
    private static let replay: RecordingReplay = {
        let simulated = Fixtures.defaultSuite.scenarios[0].simulate(seed: 7)
        func recording(_ path: Path) -> Recording {
            Recording(format: .csv, fixes: path.fixes, hasTimes: true, timeBase: .unixUTC, skipped: [], notes: [])
        }
        return try! RecordingReplay(id: "recorded-phone", fixes: recording(simulated.noisyPath), truth: recording(simulated.truePath))
    }()

    /// Two scenarios under two seeds, with the replay among them.
    private static let units: [WorkUnit] = {
        let scenarios = Fixtures.defaultSuite.scenarios.prefix(2)
        let simulated = [100, 101].flatMap { seed in scenarios.map { WorkUnit.simulated($0, seed: UInt64(seed)) } }
        return Array(simulated.prefix(2)) + [.replayed(replay)] + simulated.dropFirst(2)
    }()

    /// Each unit's rows of `results.csv`, in the order the scores come: one chunk of `filters.count` scores a unit.
    private static func rows(_ scores: [ScenarioScore]) throws -> [[UInt8]] {
        try stride(from: 0, to: scores.count, by: filters.count).map { try ResultsCSV.rows(Array(scores[$0..<$0 + filters.count])) }
    }

    @Test(arguments: [1, 2, 5])
    func mixedUnitsScoreAsEachUnitAloneForAnyJobCount(jobs: Int) async throws {
        let scores = await Benchmark(.units(Self.units), filters: Self.filters).run(maximumConcurrency: jobs)
        #expect(try Self.rows(scores) == Self.units.map { try ResultsCSV.rows($0.scores(filters: Self.filters)) })
        #expect(scores.map(\.run) == Self.units.flatMap { unit in Self.filters.map { _ in unit.run } })
    }

    @Test func reversedUnitsGiveTheSameScoresInReverse() async throws {
        let forward = await Benchmark(.units(Self.units), filters: Self.filters).run(maximumConcurrency: 3)
        let backward = await Benchmark(.units(Self.units.reversed()), filters: Self.filters).run(maximumConcurrency: 2)
        #expect(try Self.rows(backward) == Self.rows(forward).reversed())
    }

    @Test func aUnitScoresAsItsSuiteRunScoresIt() async throws {
        let recordings = await Benchmark(replays: [Self.replay], filters: Self.filters).run(maximumConcurrency: 2)
        #expect(try ResultsCSV.rows(recordings) == ResultsCSV.rows(WorkUnit.replayed(Self.replay).scores(filters: Self.filters)))
        #expect(recordings.allSatisfy { $0.seed == RecordingReplay.seed && $0.pathType == RecordingReplay.pathType })
        let scenarios = Benchmark(
            scenarios: Array(Fixtures.defaultSuite.scenarios.prefix(2)), filters: Self.filters, seeds: SeedRange(first: 100, last: 101)!
        )
        let simulated = Self.units.filter { if case .simulated = $0 { true } else { false } }
        let alone = simulated.flatMap { $0.scores(filters: Self.filters) }
        #expect(try ResultsCSV.rows(await scenarios.run(maximumConcurrency: 4)) == ResultsCSV.rows(alone))
    }

    @Test func aRunDescribesItsUnitsForMessages() {
        let scenarios = Array(Fixtures.defaultSuite.scenarios.prefix(2))
        let simulated = Benchmark(scenarios: scenarios, filters: Self.filters, seeds: SeedRange(100), shard: Shard(index: 1, count: 2)!)
        #expect(simulated.description(suiteName: "default") == "2 scenarios x 2 filters (suite 'default', seed 100, shard 1/2)")
        #expect(simulated.unitNoun == "run")
        let replayed = Benchmark(replays: [Self.replay], filters: Array(Self.filters.prefix(1)))
        #expect(replayed.description(suiteName: "mine") == "1 recording x 1 filter (suite 'mine')")
        #expect(replayed.unitNoun == "recording")
    }

    @Test(arguments: [2, 3])
    func everyShardAnswersForTheRunsItScores(shardCount: Int) {
        let workloads: [Workload] = [
            .simulations(Array(Fixtures.defaultSuite.scenarios.prefix(5)), seeds: SeedRange(first: 100, last: 102)!), .replays([Self.replay]),
            .units(Self.units),
        ]
        for workload in workloads {
            var claimed: Set<ScenarioScore.Run> = []
            for index in 1...shardCount {
                let benchmark = Benchmark(workload, filters: Self.filters, shard: Shard(index: index, count: shardCount)!)
                let (ran, planned) = benchmark.membership
                let all = (0..<workload.count).map { workload.unit(at: $0).run }
                #expect(all.filter(ran) == benchmark.units.map(\.run))
                #expect(all.allSatisfy(planned))
                #expect(!ran(ScenarioScore.Run(seed: 99, scenarioID: all[0].scenarioID)))
                #expect(!planned(ScenarioScore.Run(seed: 100, scenarioID: "none")))
                #expect(claimed.isDisjoint(with: benchmark.runs))
                claimed.formUnion(benchmark.runs)
            }
            #expect(claimed.count == workload.count)
        }
    }
}
