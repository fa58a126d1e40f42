import Foundation
import TrackBenchFilters
import TrackBenchFormats
import TrackBenchMetrics
import TrackBenchModel

/// Joins the partial results files of a sharded run into the results file one unsharded run writes, byte for byte,
/// a row at a time.
///
/// Each part holds the rows of one shard (`--shard K/N`). The parts must share
/// one context (suite, scenario-file fingerprint, seeds, version), cover
/// shards 1...N once each, and hold exactly their shard's (seed, scenario)
/// units with the same filters in the same order. Rows are copied as
/// written and put back in run order (seed, scenario, filter), so the merged
/// file equals the unsharded one and the report made from it does too.
///
/// No part is held: each is read through when it is opened (`Part`: every
/// row checked as `ResultsCSV.load` checks it), again when the merge is
/// made (which units it holds, a flag a unit of the whole run), and a row at
/// a time by `rows(_:)`, which takes each unit's rows from the one part
/// that holds them, in turn. A part `run --shard` wrote is in run order, so
/// this needs one row of each part at a time: memory holds the shard and the
/// flag of each unit (9 bytes, where its rows take a few hundred), not the rows.
package struct ResultsMerge {
    /// One partial results file, read through once: its rows are checked as `ResultsCSV.load` checks them, then
    /// dropped.
    package struct Part: Sendable {
        /// The name errors call it by.
        package var name: String
        /// Where it is.
        package var url: URL
        /// Its context line.
        package var context: ResultsContext
        /// Whether its header lists exactly `ResultsCSV.columns`, in order, as TrackBench writes it.
        package var hasWrittenHeader: Bool
        /// How many rows it has.
        package var rowCount = 0

        /// Reads the results file at `url` through.
        /// - Throws: `ResultsFileError` naming the file, the line and what was expected.
        package init(name: String, url: URL) throws(ResultsFileError) {
            let reader = try ResultsRowReader(url: url)
            self.name = name
            self.url = url
            context = reader.context
            hasWrittenHeader = reader.hasWrittenHeader
            while try reader.next() != nil { rowCount += 1 }
        }
    }

    /// The whole run's context line: the parts' without the shard.
    package let context: ResultsContext
    /// Each filter's label and specification, in the merged file's order.
    package let filters: [(label: String, specification: String)]
    /// The timings the parts recorded of their filter processes (`ResultsContext.processOnline`), by specification:
    /// what the unsharded run's reports took from the processes' hellos.
    package let processTimings: [String: FilterTiming]
    /// The parts, in shard order.
    private let parts: [Part]
    private let units: Units

    /// Checks that `parts` make up a whole run of `suite`.
    /// - Parameters:
    ///   - parts: The partial files, in any order.
    ///   - suite: The suite the parts ran, loaded from the scenario file their context names.
    /// - Throws: `ResultsMergeError` naming the part that is missing, duplicated, foreign, incomplete or out of
    ///   order; `ResultsFileError` for a part that no longer reads as it did.
    package init(_ parts: [Part], suite: ScenarioSuite) throws {
        let seeds = parts.first?.context.seeds ?? Benchmark.defaultSeeds
        try self.init(parts, suiteName: suite.name, fingerprint: suite.fingerprint, workload: .simulations(suite.scenarios, seeds: seeds))
    }

    /// Checks that `parts` make up a whole run of a recording suite.
    /// - Parameters:
    ///   - parts: The partial files, in any order.
    ///   - recordings: The recording suite the parts ran, and its replays in suite order.
    /// - Throws: `ResultsMergeError` naming the part that is missing, duplicated, foreign, incomplete or out of
    ///   order; `ResultsFileError` for a part that no longer reads as it did.
    package init(_ parts: [Part], recordings suite: RecordingSuite, replays: [RecordingReplay]) throws {
        try self.init(parts, suiteName: suite.name, fingerprint: suite.fingerprint, workload: .replays(replays))
    }

    /// Checks parts of a run of `workload`, whose units are dealt to shards as the engine deals them.
    private init(_ parts: [Part], suiteName: String, fingerprint: String, workload: Workload) throws {
        let byShard = try Self.shards(of: parts)
        let context = byShard[0].context
        guard fingerprint == context.suiteFingerprint, suiteName == context.suiteName else {
            throw ResultsMergeError.otherSuite(name: suiteName, fingerprint: fingerprint, expected: context.suiteFingerprint)
        }
        units = Units(workload: workload, shards: workload.shardAssignment(count: byShard.count))
        filters = try Self.checkUnits(of: byShard, units: units)
        self.parts = byShard
        var timings: [String: FilterTiming] = [:]
        if let part = byShard.first(where: { $0.context.processOnline != nil }), let online = part.context.processOnline {
            for (position, isOnline) in online {
                guard position <= filters.count else {
                    throw ResultsMergeError.foreign(
                        part.name, differences: ["its process_timing names filter \(position), but the run has \(filters.count) filters"]
                    )
                }
                timings[filters[position - 1].specification] = isOnline ? .online : .offline
            }
        }
        processTimings = timings
        var whole = context
        whole.shard = nil
        whole.processOnline = nil
        self.context = whole
    }

    /// The rows of the merged file, in run order, each given to `body` as it is read.
    /// - Throws: `ResultsMergeError.inconsistentFilters` when two units ran different filters, `.changed` for a
    ///   part whose rows are not those read when the merge was made; `ResultsFileError`; what `body` throws.
    package func rows(_ body: (ResultsRowReader.Row) throws -> Void) throws {
        let readers = try parts.map { part throws(ResultsFileError) in try ResultsRowReader(url: part.url, keepingKeys: false) }
        var next = try readers.map { reader throws(ResultsFileError) in try reader.next() }
        var filters: [String]?
        var rows: [ResultsRowReader.Row] = []
        for index in 0..<units.count {
            let part = units.shards[index] - 1
            let run = units.run(at: index)
            rows.removeAll(keepingCapacity: true)
            while let row = next[part], row.score.run == run {
                rows.append(row)
                next[part] = try readers[part].next()
            }
            guard !rows.isEmpty else { throw ResultsMergeError.changed(parts[part].name) }
            let names = rows.map(\.score.filter)
            if let filters, filters != names {
                throw ResultsMergeError.inconsistentFilters(scenarioID: run.scenarioID, seed: run.seed, expected: filters, found: names)
            }
            filters = names
            for row in rows { try body(row) }
        }
        if let left = next.firstIndex(where: { $0 != nil }) { throw ResultsMergeError.changed(parts[left].name) }
    }

    /// The parts in shard order, once each shard 1...N is given once and all share one context.
    private static func shards(of parts: [Part]) throws(ResultsMergeError) -> [Part] {
        guard let first = parts.first else { throw .noParts }
        guard let count = first.context.shard?.count else { throw .notAPart(first.name) }
        var byShard: [Int: Part] = [:]
        for part in parts {
            guard let shard = part.context.shard else { throw .notAPart(part.name) }
            guard shard.count == count else {
                throw .foreign(part.name, differences: ["it is shard \(shard) of \(shard.count), '\(first.name)' one of \(count)"])
            }
            var context = part.context
            context.shard = first.context.shard
            var differences = first.context.differences(from: context, names: (first.name, part.name))
            // Parts of one run looked terrain up in the same tiles or in none: unlike a baseline, no part predates the field.
            let (firstTiles, partTiles) = (first.context.demArcSeconds, context.demArcSeconds)
            if (firstTiles == nil) != (partTiles == nil) {
                let describe = { (tiles: [Int]?) in tiles.map(ResultsContext.spacingDescription) ?? "none" }
                differences.append("terrain tiles (--dem): '\(first.name)' \(describe(firstTiles)), '\(part.name)' \(describe(partTiles))")
            }
            guard differences.isEmpty else { throw .foreign(part.name, differences: differences) }
            guard part.hasWrittenHeader else { throw .rewrittenHeader(part.name) }
            if let other = byShard[shard.index] { throw .duplicate(shard: shard, first: other.name, second: part.name) }
            byShard[shard.index] = part
        }
        let missing = (1...count).filter { byShard[$0] == nil }
        guard missing.isEmpty else { throw .missing(shards: missing, count: count) }
        return (1...count).compactMap { byShard[$0] }
    }

    /// Reads each part (in shard order) again and checks that it holds exactly its shard's units, in run order.
    /// - Returns: The filters of the run's first unit, each with its specification: the merged file's filters.
    private static func checkUnits(of parts: [Part], units: Units) throws -> [(label: String, specification: String)] {
        var found = [Bool](repeating: false, count: units.count)
        var strays: [ScenarioScore.Run?] = []
        var disorder: ResultsMergeError?
        var filters: [(label: String, specification: String)] = []
        for (offset, part) in parts.enumerated() {
            let reader = try ResultsRowReader(url: part.url, keepingKeys: false)
            var stray: ScenarioScore.Run?
            var last: (index: Int, run: ScenarioScore.Run)?
            while let row = try reader.next() {
                let run = row.score.run
                guard let index = units.index(of: run), units.shards[index] == offset + 1 else {
                    if stray.map({ run < $0 }) ?? true { stray = run }
                    continue
                }
                found[index] = true
                if index == 0 { filters.append((row.score.filter, row.score.filterSpecification)) }
                if let last, index < last.index, disorder == nil {
                    disorder = .outOfOrder(part.name, line: row.line, run: run, after: last.run)
                }
                last = (index, run)
            }
            strays.append(stray)
        }
        var absent = [ScenarioScore.Run?](repeating: nil, count: parts.count)
        for index in found.indices where !found[index] {
            let run = units.run(at: index)
            let part = units.shards[index] - 1
            if absent[part].map({ run < $0 }) ?? true { absent[part] = run }
        }
        for (offset, part) in parts.enumerated() {
            if let stray = strays[offset] {
                throw ResultsMergeError.incomplete(
                    part.name,
                    problem: "it holds scenario '\(stray.scenarioID)' under seed \(stray.seed), which shard \(offset + 1)/\(parts.count) does not run"
                )
            }
            if let absent = absent[offset] {
                throw ResultsMergeError.incomplete(part.name, problem: "it has no rows for scenario '\(absent.scenarioID)' under seed \(absent.seed)")
            }
        }
        if let disorder { throw disorder }
        return filters
    }
}

extension ResultsMerge {
    /// The units of a whole run in run order (seed, then scenario), each with the shard it is dealt to.
    private struct Units {
        /// The whole run's units, in run order.
        let workload: Workload
        /// Finds a run's position in run order (`Workload.positions`).
        let position: @Sendable (ScenarioScore.Run) -> Int?
        /// The shard (1...N) of each unit.
        let shards: [Int]

        init(workload: Workload, shards: [Int]) {
            self.workload = workload
            position = workload.positions
            self.shards = shards
        }

        /// How many units the whole run has.
        var count: Int { shards.count }

        /// The position in run order of `run`; nil for a run the whole run does not have.
        func index(of run: ScenarioScore.Run) -> Int? { position(run) }

        /// The run at `index` in run order.
        func run(at index: Int) -> ScenarioScore.Run { workload.run(at: index) }
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
    /// A file's rows are not in run order, as `run --shard` writes them (sorted or edited).
    case outOfOrder(String, line: Int, run: ScenarioScore.Run, after: ScenarioScore.Run)
    /// A file changed between its reads: its rows are not those read when the merge was made.
    case changed(String)

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
        case let .outOfOrder(name, line, run, after):
            return "'\(name)' is not in run order: line \(line) holds scenario '\(run.scenarioID)' under seed \(run.seed) "
                + "after scenario '\(after.scenarioID)' under seed \(after.seed); merge the files 'run --shard' wrote, rows unsorted"
        case let .changed(name):
            return "'\(name)' changed while it was merged: its rows are not those read first; merge again once nothing writes to it"
        }
    }
}
