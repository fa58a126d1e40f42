import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
import TrackBenchTestSupport
import TrackBenchRunFixtures

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

    /// Each shard's partial results file, as `run --shard` writes it.
    private func partTexts(_ count: Int) throws -> [String] {
        try (1...count).map { index in
            let shard = Shard(index: index, count: count)!
            var partContext = context
            partContext.shard = shard
            return try ResultsCSV.render(benchmark(shard: shard).scoresInOrder(), context: partContext)
        }
    }

    /// `texts` written as part1.csv, part2.csv, ... in a temporary folder, each read through.
    private func withParts(_ texts: [String], _ body: ([ResultsMerge.Part]) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try texts.enumerated().map { offset, text in
            let url = folder.appendingPathComponent("part\(offset + 1).csv")
            try Data(text.utf8).write(to: url)
            return try ResultsMerge.Part(name: "part\(offset + 1).csv", url: url)
        }
        try body(parts)
    }

    /// The merged file as `merge` writes it: the header, then the rows as they come.
    private func mergedText(_ merge: ResultsMerge) throws -> String {
        var text = String(decoding: ResultsCSV.header(context: merge.context), as: UTF8.self)
        try merge.rows { text += $0.text + "\n" }
        return text
    }

    /// `text` with its data rows (lines 3 on) replaced by what `edit` makes of them.
    private func editingRows(_ text: String, _ edit: (inout [Substring]) -> Void) -> String {
        let lines = text.split(separator: "\n")
        var rows = Array(lines.dropFirst(2))
        edit(&rows)
        return (lines.prefix(2) + rows).joined(separator: "\n") + "\n"
    }

    @Test func shardsPartitionTheUnitsAndBalanceTheirFixes() {
        let all = benchmark().units.map { "\($0.run.seed) \($0.run.scenarioID)" }
        let shards = (1...4).map { benchmark(shard: Shard(index: $0, count: 4)).units }
        #expect(shards.flatMap { $0.map { "\($0.run.seed) \($0.run.scenarioID)" } }.sorted() == all.sorted())
        let fixes = shards.map { units in units.reduce(0.0) { $0 + $1.cost } }
        #expect(fixes.max()! < 1.5 * fixes.min()!)
    }

    @Test func aShardRunsOnlyItsUnitsInParallelAsInSequence() async {
        let shard = benchmark(shard: Shard(index: 2, count: 3))
        let parallel = await shard.run(maximumConcurrency: 2)
        #expect(parallel == shard.scoresInOrder())
        #expect(parallel.count == shard.units.count * 2 && !parallel.isEmpty)
    }

    @Test func fourShardsMergedEqualTheUnshardedRunByteForByte() throws {
        try withParts(try partTexts(4).reversed()) { parts in
            let merge = try ResultsMerge(parts, suite: Fixtures.defaultSuite.prefix(9))
            #expect(try mergedText(merge) == ResultsCSV.render(benchmark().scoresInOrder(), context: context))
            #expect(merge.filters.map(\.label) == Fixtures.rawAndKalman.map(\.label))
            #expect(merge.filters.map(\.specification) == Fixtures.rawAndKalman.map(\.specification))
            #expect(parts.map(\.rowCount).reduce(0, +) == benchmark().units.count * 2)
        }
    }

    @Test func aMissingDuplicateOrForeignPartIsAnErrorNamingIt() throws {
        let suite = Fixtures.defaultSuite.prefix(9)
        try withParts(try partTexts(3)) { parts in
            #expect(throws: ResultsMergeError.missing(shards: [2], count: 3)) { try ResultsMerge([parts[0], parts[2]], suite: suite) }
            #expect(throws: ResultsMergeError.duplicate(shard: Shard(index: 1, count: 3)!, first: "part1.csv", second: "part1.csv")) {
                try ResultsMerge([parts[0], parts[0], parts[1], parts[2]], suite: suite)
            }
            var whole = parts[0]
            whole.name = "whole.csv"
            whole.context.shard = nil
            #expect(throws: ResultsMergeError.notAPart("whole.csv")) { try ResultsMerge(parts + [whole], suite: suite) }
            var foreign = parts[1]
            foreign.context.seeds = SeedRange(7)
            #expect(throws: ResultsMergeError.foreign("part2.csv", differences: ["seeds: part1.csv 100...101, part2.csv 7"])) {
                try ResultsMerge([parts[0], foreign, parts[2]], suite: suite)
            }
            #expect(throws: ResultsMergeError.self) { try ResultsMerge(parts, suite: Fixtures.hardSuite) }
        }
    }

    @Test func aPartWithoutItsLastUnitOrWithAnotherShardsUnitIsIncomplete() throws {
        let suite = Fixtures.defaultSuite.prefix(9)
        var texts = try partTexts(3)
        let last = try #require(benchmark(shard: Shard(index: 3, count: 3)).units.last?.run)
        texts[2] = editingRows(texts[2]) { $0.removeLast(2) }
        try withParts(texts) { parts in
            let problem = "it has no rows for scenario '\(last.scenarioID)' under seed \(last.seed)"
            #expect(throws: ResultsMergeError.incomplete("part3.csv", problem: problem)) { try ResultsMerge(parts, suite: suite) }
        }
        texts = try partTexts(3)
        let lastOfFirst = try #require(benchmark(shard: Shard(index: 1, count: 3)).units.last?.run)
        let moved = texts[0].split(separator: "\n").suffix(2)
        texts[1] = editingRows(texts[1]) { $0 += moved }
        try withParts(texts) { parts in
            let problem = "it holds scenario '\(lastOfFirst.scenarioID)' under seed \(lastOfFirst.seed), which shard 2/3 does not run"
            #expect(throws: ResultsMergeError.incomplete("part2.csv", problem: problem)) { try ResultsMerge(parts, suite: suite) }
        }
    }

    @Test func aUnitMissingAFilterIsAnErrorNamingTheUnitAndBothFilterLists() throws {
        var texts = try partTexts(3)
        let last = try #require(benchmark(shard: Shard(index: 3, count: 3)).units.last?.run)
        texts[2] = editingRows(texts[2]) { $0.removeLast() }
        try withParts(texts) { parts in
            let merge = try ResultsMerge(parts, suite: Fixtures.defaultSuite.prefix(9))
            let labels = Fixtures.rawAndKalman.map(\.label)
            let expected = ResultsMergeError.inconsistentFilters(scenarioID: last.scenarioID, seed: last.seed, expected: labels, found: [labels[0]])
            #expect(throws: expected) { try mergedText(merge) }
        }
    }

    @Test func aPartOutOfRunOrderIsAnErrorNamingItsLine() throws {
        var texts = try partTexts(3)
        let units = benchmark(shard: Shard(index: 1, count: 3)).units.map(\.run)
        // The second unit's two rows moved before the first's: line 5 then holds the first unit, after the second.
        texts[0] = editingRows(texts[0]) { $0 = Array($0[2..<4] + $0[0..<2] + $0[4...]) }
        try withParts(texts) { parts in
            let expected = ResultsMergeError.outOfOrder(
                "part1.csv", line: 5, run: ScenarioScore.Run(seed: units[0].seed, scenarioID: units[0].scenarioID),
                after: ScenarioScore.Run(seed: units[1].seed, scenarioID: units[1].scenarioID)
            )
            #expect(throws: expected) { try ResultsMerge(parts, suite: Fixtures.defaultSuite.prefix(9)) }
            #expect(expected.localizedDescription.hasPrefix("'part1.csv' is not in run order: line 5 holds scenario"))
        }
    }

    @Test func aPartThatChangesAfterTheChecksIsAnErrorNamingIt() throws {
        let texts = try partTexts(3)
        try withParts(texts) { parts in
            let merge = try ResultsMerge(parts, suite: Fixtures.defaultSuite.prefix(9))
            try Data(editingRows(texts[1]) { $0.removeLast(2) }.utf8).write(to: parts[1].url)
            #expect(throws: ResultsMergeError.changed("part2.csv")) { try mergedText(merge) }
        }
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
