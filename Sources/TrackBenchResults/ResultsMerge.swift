import Foundation
import TrackBenchModel
import TrackBenchSuite
import TrackBenchScoring

/// Joins the partial results files of a sharded run into the results file one unsharded run writes, byte for byte.
///
/// Each part holds the rows of one shard (`--shard K/N`). The parts must share
/// one context (suite, scenario-file fingerprint, seeds, version), cover
/// shards 1...N once each, and hold exactly their shard's (seed, scenario)
/// units with the same filters in the same order. Rows are copied as
/// written and put back in run order (seed, scenario, filter), so the merged
/// file equals the unsharded one and the report made from it does too.
package enum ResultsMerge {
    /// One partial results file and the name errors call it by.
    package typealias Part = (name: String, file: ResultsFile)

    /// Merges `parts` into the text of a whole run's results file.
    /// - Parameters:
    ///   - parts: The partial files, in any order.
    ///   - suite: The suite the parts ran, loaded from the scenario file their context names.
    /// - Throws: `ResultsMergeError` naming the part that is missing, duplicated, foreign or incomplete.
    package static func merge(_ parts: [Part], suite: ScenarioSuite) throws(ResultsMergeError) -> String {
        let seeds = parts.first?.file.context.seeds ?? Benchmark.defaultSeeds
        let whole = Benchmark(scenarios: suite.scenarios, filters: [], seeds: seeds)
        let runs = whole.units.map { ScenarioScore.Run(seed: $0.seed, scenarioID: $0.scenario.id) }
        return try merge(parts, suiteName: suite.name, fingerprint: suite.fingerprint, runs: runs, assignment: whole.shardAssignment(count:))
    }

    /// Merges the shards of a recording suite's run into the text of the whole run's results file.
    /// - Parameters:
    ///   - parts: The partial files, in any order.
    ///   - recordings: The recording suite the parts ran, and its replays in suite order.
    /// - Throws: `ResultsMergeError` naming the part that is missing, duplicated, foreign or incomplete.
    package static func merge(_ parts: [Part], recordings suite: RecordingSuite, replays: [RecordingReplay]) throws(ResultsMergeError) -> String {
        let whole = RecordingBenchmark(replays: replays, filters: [])
        return try merge(parts, suiteName: suite.name, fingerprint: suite.fingerprint, runs: whole.runs, assignment: whole.shardAssignment(count:))
    }

    /// Merges parts of a run whose units are `runs`, in order, dealt to shards by `assignment`.
    private static func merge(
        _ parts: [Part], suiteName: String, fingerprint: String, runs: [ScenarioScore.Run], assignment: (Int) -> [Int]
    ) throws(ResultsMergeError) -> String {
        guard let first = parts.first else { throw .noParts }
        var byShard: [Int: Part] = [:]
        for part in parts {
            guard let shard = part.file.context.shard else { throw .notAPart(part.name) }
            let firstCount = first.file.context.shard?.count ?? shard.count
            guard shard.count == firstCount else {
                throw .foreign(part.name, differences: ["it is shard \(shard) of \(shard.count), '\(first.name)' one of \(firstCount)"])
            }
            var context = part.file.context
            context.shard = first.file.context.shard
            var differences = first.file.context.differences(from: context, names: (first.name, part.name))
            // Parts of one run looked terrain up in the same tiles or in none: unlike a baseline, no part predates the field.
            let (firstTiles, partTiles) = (first.file.context.demArcSeconds, context.demArcSeconds)
            if (firstTiles == nil) != (partTiles == nil) {
                let describe = { (tiles: [Int]?) in tiles.map(ResultsContext.spacingDescription) ?? "none" }
                differences.append("terrain tiles (--dem): '\(first.name)' \(describe(firstTiles)), '\(part.name)' \(describe(partTiles))")
            }
            guard differences.isEmpty else { throw .foreign(part.name, differences: differences) }
            guard part.file.hasWrittenHeader else { throw .rewrittenHeader(part.name) }
            if let other = byShard[shard.index] { throw .duplicate(shard: shard, first: other.name, second: part.name) }
            byShard[shard.index] = part
        }
        let context = first.file.context
        let count = context.shard!.count
        let missing = (1...count).filter { byShard[$0] == nil }
        guard missing.isEmpty else { throw .missing(shards: missing, count: count) }
        guard fingerprint == context.suiteFingerprint, suiteName == context.suiteName else {
            throw .otherSuite(name: suiteName, fingerprint: fingerprint, expected: context.suiteFingerprint)
        }

        var rowsByRun: [ScenarioScore.Run: [(filter: String, text: Substring)]] = [:]
        for part in byShard.values {
            for (score, text) in zip(part.file.scores, part.file.rowTexts) {
                rowsByRun[score.run, default: []].append((score.filter, text))
            }
        }
        let shardOfRun = assignment(count)
        var expected = [Set<ScenarioScore.Run>](repeating: [], count: count + 1)
        for (index, run) in runs.enumerated() {
            expected[shardOfRun[index]].insert(run)
        }
        for shardIndex in 1...count {
            let part = byShard[shardIndex]!
            let found = Set(part.file.scores.map(\.run))
            if let stray = found.subtracting(expected[shardIndex]).sorted().first {
                throw .incomplete(
                    part.name,
                    problem: "it holds scenario '\(stray.scenarioID)' under seed \(stray.seed), which shard \(shardIndex)/\(count) does not run"
                )
            }
            if let absent = expected[shardIndex].subtracting(found).sorted().first {
                throw .incomplete(part.name, problem: "it has no rows for scenario '\(absent.scenarioID)' under seed \(absent.seed)")
            }
        }
        var filters: [String]?
        var whole = context
        whole.shard = nil
        var lines = [whole.line, ResultsCSV.columns.joined(separator: ",")]
        for run in runs {
            let rows = rowsByRun[run] ?? []
            let names = rows.map(\.filter)
            if let filters, filters != names {
                throw .inconsistentFilters(scenarioID: run.scenarioID, seed: run.seed, expected: filters, found: names)
            }
            filters = names
            lines += rows.map { String($0.text) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Why partial results files could not be merged; each case names the part to look at.
package enum ResultsMergeError: Error, Equatable, LocalizedError {
    /// No files were given.
    case noParts
    /// A file is a whole run's results, not a shard's.
    case notAPart(String)
    /// A file comes from another suite, scenario file, seed range, version or shard count.
    case foreign(String, differences: [String])
    /// A file's header is not the one TrackBench writes, so its rows cannot be copied as they are.
    case rewrittenHeader(String)
    /// Two files hold the same shard.
    case duplicate(shard: Shard, first: String, second: String)
    /// Some shards have no file.
    case missing(shards: [Int], count: Int)
    /// The scenario file given is not the one the parts ran.
    case otherSuite(name: String, fingerprint: String, expected: String)
    /// A file does not hold exactly its shard's work.
    case incomplete(String, problem: String)
    /// Two units ran different filters.
    case inconsistentFilters(scenarioID: String, seed: UInt64, expected: [String], found: [String])

    package var errorDescription: String? {
        switch self {
        case .noParts:
            return "no results files to merge; give every shard's results.csv"
        case let .notAPart(name):
            return "'\(name)' is not a shard's results: its context line has no 'shard=K/N' (write parts with 'run --shard K/N')"
        case let .foreign(name, differences):
            return "'\(name)' is not from the same run as the other parts: " + differences.joined(separator: "; ")
        case let .rewrittenHeader(name):
            return "'\(name)' has a header other than the one TrackBench writes (columns edited or reordered); merge the files TrackBench wrote"
        case let .duplicate(shard, first, second):
            return "'\(first)' and '\(second)' both hold shard \(shard); give each shard once"
        case let .missing(shards, count):
            return "shard\(shards.count == 1 ? "" : "s") \(shards.map { "\($0)/\(count)" }.joined(separator: ", ")) "
                + "\(shards.count == 1 ? "is" : "are") missing; give all \(count) parts"
        case let .otherSuite(name, fingerprint, expected):
            return "the scenario file (suite '\(name)', fingerprint \(fingerprint)) is not the one the parts ran (fingerprint \(expected)); "
                + "pass it with --scenarios"
        case let .incomplete(name, problem):
            return "'\(name)' does not hold exactly its shard's results: \(problem)"
        case let .inconsistentFilters(scenarioID, seed, expected, found):
            return "scenario '\(scenarioID)' under seed \(seed) ran filters \(found.joined(separator: ", ")), "
                + "but others ran \(expected.joined(separator: ", ")); run every shard with the same --filter options"
        }
    }
}
