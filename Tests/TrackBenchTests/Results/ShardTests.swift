import Testing
@testable import TrackBenchModel
@testable import TrackBenchSuite
@testable import TrackBenchScoring
@testable import TrackBenchResults

/// Sharding a run over CI jobs and merging the parts back into the unsharded results.
struct ShardTests {
    @Test(arguments: [
        ("1/1", true), ("2/4", true), ("4/4", true), ("0/4", false), ("5/4", false), ("1/0", false), ("1/1001", false), ("a/b", false), ("2", false),
        ("1/2/3", false),
    ])
    func parsesKOfN(text: String, valid: Bool) {
        #expect((Shard(parsing: text) != nil) == valid)
        if valid { #expect(Shard(parsing: text)!.description == text) }
    }

    @Test func dealsTheLongestUnitsFirstToTheLightestShard() {
        // 5 -> 1; 4 -> 2; 3 -> 2 (4 < 5); 3 -> 1 (5 < 7); 3 -> 2 (7 < 8): loads 8 and 10.
        #expect(Shard.assignment(costs: [5, 4, 3, 3, 3], count: 2) == [1, 2, 2, 1, 2])
        #expect(Shard.assignment(costs: [1, 1, 1], count: 5) == [1, 2, 3])
    }

    /// A small benchmark: the default suite's first 9 scenarios, raw and kalman, seeds 100 and 101.
    private func benchmark(shard: Shard? = nil) -> Benchmark {
        Benchmark(
            scenarios: Array(Fixtures.defaultSuite.scenarios.prefix(9)), filters: Fixtures.rawAndKalman, seeds: SeedRange(first: 100, last: 101)!,
            shard: shard)
    }

    private var context: ResultsContext { Fixtures.context(SeedRange(first: 100, last: 101)!) }

    /// Each shard's partial results file, parsed back.
    private func parts(_ count: Int) throws -> [ResultsMerge.Part] {
        try (1...count).map { index in
            let shard = Shard(index: index, count: count)!
            var partContext = context
            partContext.shard = shard
            let text = try ResultsCSV.render(benchmark(shard: shard).scoresInOrder(), context: partContext)
            return ("part\(index).csv", try ResultsCSV.parse(text, file: "part\(index).csv"))
        }
    }

    @Test func shardsPartitionTheUnitsAndBalanceTheirFixes() {
        let all = benchmark().units.map { "\($0.seed) \($0.scenario.id)" }
        let shards = (1...4).map { benchmark(shard: Shard(index: $0, count: 4)).units }
        #expect(shards.flatMap { $0.map { "\($0.seed) \($0.scenario.id)" } }.sorted() == all.sorted())
        let fixes = shards.map { units in units.reduce(0.0) { $0 + $1.scenario.durationSeconds } }
        #expect(fixes.max()! < 1.5 * fixes.min()!)
    }

    @Test func aShardRunsOnlyItsUnitsInParallelAsInSequence() async {
        let shard = benchmark(shard: Shard(index: 2, count: 3))
        let parallel = await shard.run(maximumConcurrency: 2)
        #expect(parallel == shard.scoresInOrder())
        #expect(parallel.count == shard.units.count * 2 && !parallel.isEmpty)
    }

    @Test func fourShardsMergedEqualTheUnshardedRunByteForByte() throws {
        let merged = try ResultsMerge.merge(try parts(4).reversed(), suite: Fixtures.defaultSuite.prefix(9))
        #expect(try merged == ResultsCSV.render(benchmark().scoresInOrder(), context: context))
    }

    @Test func aMissingDuplicateOrForeignPartIsAnErrorNamingIt() throws {
        let parts = try parts(3)
        let suite = Fixtures.defaultSuite.prefix(9)
        #expect(throws: ResultsMergeError.missing(shards: [2], count: 3)) { try ResultsMerge.merge([parts[0], parts[2]], suite: suite) }
        #expect(throws: ResultsMergeError.duplicate(shard: Shard(index: 1, count: 3)!, first: "part1.csv", second: "part1.csv")) {
            try ResultsMerge.merge([parts[0], parts[0], parts[1], parts[2]], suite: suite)
        }
        let whole = ("whole.csv", ResultsFile(context: context, scores: []))
        #expect(throws: ResultsMergeError.notAPart("whole.csv")) { try ResultsMerge.merge(parts + [whole], suite: suite) }
        var foreign = parts[1]
        foreign.file.context.seeds = SeedRange(7)
        #expect(throws: ResultsMergeError.foreign("part2.csv", differences: ["seeds: part1.csv 100...101, part2.csv 7"])) {
            try ResultsMerge.merge([parts[0], foreign, parts[2]], suite: suite)
        }
        var short = parts[2]
        short.file.scores.removeLast(2)
        short.file.rowTexts.removeLast(2)
        #expect(throws: ResultsMergeError.self) { try ResultsMerge.merge([parts[0], parts[1], short], suite: suite) }
        #expect(throws: ResultsMergeError.self) { try ResultsMerge.merge(parts, suite: Fixtures.hardSuite) }
    }

    @Test func theShardIsPartOfTheContextLine() throws {
        var partContext = context
        partContext.shard = Shard(index: 2, count: 4)
        let line = try ResultsCSV.render([], context: partContext).split(separator: "\n")[0]
        #expect(line.hasSuffix(" seeds=100...101 version=\(ResultsContext.currentVersion) shard=2/4"))
        #expect(try ResultsCSV.parse(try ResultsCSV.render([], context: partContext), file: "p.csv").context == partContext)
        #expect(context.differences(from: partContext) == ["shard: baseline whole run, this run 2/4"])
    }
}

extension ScenarioSuite {
    /// The suite with only its first `count` scenarios; the fingerprint stays, as for a run of those scenarios.
    func prefix(_ count: Int) -> ScenarioSuite {
        var suite = self
        suite.scenarios = Array(scenarios.prefix(count))
        return suite
    }
}
