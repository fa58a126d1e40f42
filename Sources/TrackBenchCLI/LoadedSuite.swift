import Foundation
import TrackBenchEngine
import TrackBenchFilters
import TrackBenchFormats
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchSupport

/// The suite `--scenarios` names: scenarios to simulate, or recordings to replay against their truth.
enum LoadedSuite {
    case scenarios(ScenarioSuite)
    case recordings(RecordingSuite, [RecordingReplay])

    /// The suite's name.
    var name: String {
        switch self {
        case let .scenarios(suite): return suite.name
        case let .recordings(suite, _): return suite.name
        }
    }

    /// Whether the suite takes `--seed` and `--seeds`: scenarios are simulated under seeds, recordings replayed once.
    var takesSeeds: Bool {
        guard case .scenarios = self else { return false }
        return true
    }

    /// Whether some scenario has sensors, so the filters that use them run by default.
    var hasSensors: Bool {
        guard case let .scenarios(suite) = self else { return false }
        return suite.scenarios.contains { $0.sensors != nil }
    }

    /// One run of the suite, planned: the engine that does the work and how its results file and messages describe it.
    struct Plan {
        /// The engine, over the suite's units: every scenario under the seeds, or every recording once.
        var benchmark: Benchmark
        /// The results file's context line.
        var context: ResultsContext
        /// "72 scenarios x 13 filters (suite 'default', seeds 100...109)" or "3 recordings x 13 filters (suite 'mine')", with the shard if any.
        var description: String

        /// The filters run, in order.
        var filters: [FilterConfiguration] { benchmark.filters }

        /// How many units (runs) the shard runs, of how many in all.
        var unitCount: (ran: Int, all: Int) { (benchmark.unitIndices.count, benchmark.workload.count) }
    }

    /// Plans a run of `filters` on the suite: every scenario under `seeds`, or every recording once.
    /// - Parameter demArcSeconds: The terrain tiles' post spacings, recorded in the context when a filter looks them up.
    /// - Throws: `UsageError` when `seeds` were given for a recording suite, which has nothing to seed.
    func plan(filters: [FilterConfiguration], seeds: SeedRange, seedsGiven: Bool, shard: Shard?, demArcSeconds: [Int]?) throws(UsageError) -> Plan {
        let (benchmark, context): (Benchmark, ResultsContext)
        switch self {
        case let .scenarios(suite):
            benchmark = Benchmark(scenarios: suite.scenarios, filters: filters, seeds: seeds, shard: shard)
            context = ResultsContext(suite: suite, seeds: seeds, shard: shard, demArcSeconds: demArcSeconds)
        case let .recordings(suite, replays):
            if seedsGiven { throw .seedsForRecordings(suite: suite.name) }
            benchmark = Benchmark(replays: replays, filters: filters, shard: shard)
            context = ResultsContext(recordings: suite, shard: shard, demArcSeconds: demArcSeconds)
        }
        // A shard records its processes' timings, which `merge` cannot learn from the rows, for the merged reports.
        var recorded = context
        let processes = filters.indices.filter { filters[$0].process != nil }
        if shard != nil, !processes.isEmpty {
            recorded.processOnline = Dictionary(uniqueKeysWithValues: processes.map { ($0 + 1, filters[$0].timing == .online) })
        }
        return Plan(benchmark: benchmark, context: recorded, description: benchmark.description(suiteName: name))
    }

    /// Runs a planned run, handing each unit's scores, made by `transform` on the task that scored them, to
    /// `consume` in run order (`Benchmark.stream`); then ends the filter processes.
    /// - Parameters:
    ///   - progress: Where a progress line goes, when one is shown (`ProgressOptions`); nil for none.
    ///   - notes: Where a note that filter processes make the run long goes (`LongRunNote`), shown or not a progress line.
    /// - Throws: What `consume` throws; `FilterProcessError` when a filter process failed.
    static func stream<Unit: Sendable>(
        _ plan: Plan, jobs: Int, progress: (@Sendable (String) -> Void)? = nil, notes: @escaping @Sendable (String) -> Void,
        transform: @escaping @Sendable ([ScenarioScore]) -> Unit, consume: (Unit) throws -> Void
    ) async throws {
        let total = plan.unitCount.ran
        let line = progress.map { ProgressLine(total: total, noun: plan.benchmark.unitNoun, write: $0) }
        let note = LongRunNote(processes: LongRunNote.described(plan.filters), total: total, jobs: jobs, noun: plan.benchmark.unitNoun)
        var update: ((Int) -> Void)?
        if line != nil || note != nil {
            update = { (done: Int) in
                if let text = note?.update(done: done) {
                    line?.finish()
                    notes(text + "\n")
                }
                line?.update(done: done)
            }
        }
        // A filter process that failed estimates nothing more: the run stops at the next unit instead of simulating
        // the rest of the suite for nothing.
        let processes = plan.filters.compactMap(\.process)
        let consumeWhileHealthy = { (unit: Unit) throws in
            if let failure = processes.lazy.compactMap(\.failure).first { throw failure }
            try consume(unit)
        }
        do {
            defer { line?.finish() }
            try await plan.benchmark.stream(maximumConcurrency: jobs, progress: update, transform: transform, consume: consumeWhileHealthy)
        } catch {
            try? ExecOptions.finish(plan.filters)
            throw error
        }
        try ExecOptions.finish(plan.filters)
    }

    /// One line per recording: format, fixes kept and skipped, the alignment and the time offset; empty for scenarios.
    var readingSummary: [String] {
        guard case let .recordings(suite, replays) = self else { return [] }
        var lines: [String] = []
        for (entry, replay) in zip(suite.entries, replays) {
            var parts = ["\(entry.fixes.format.rawValue), \(replay.fixes.count) fixes"]
            if entry.fixes.skippedCount > 0 { parts.append("skipped \(entry.fixes.skippedSummary)") }
            if replay.fixesOutsideTruth > 0 { parts.append("\(replay.fixesOutsideTruth) outside the truth's time span, left out") }
            parts.append("truth: \(replay.alignment.rawValue)" + (entry.truth.map { " (\($0.format.rawValue), \($0.fixes.count) points)" } ?? ""))
            if let best = replay.bestTimeOffsetSeconds {
                parts.append("time offset \(NumberFormat.compact(replay.timeOffsetSeconds)) s, best fit \(NumberFormat.compact(best)) s")
            }
            lines.append("  \(entry.id): " + parts.joined(separator: "; "))
            for note in entry.fixes.notes + entry.fixes.accuracyNotes + (entry.truth?.notes ?? []) + replay.alignmentNotes {
                lines.append("    note: \(note)")
            }
            if let best = replay.bestTimeOffsetSeconds, abs(best - replay.timeOffsetSeconds) > RecordingReplay.offsetWarningSeconds {
                lines.append(
                    "    warning: the fixes fit the truth best at timeOffsetSeconds \(NumberFormat.compact(best)), "
                        + "not \(NumberFormat.compact(replay.timeOffsetSeconds)); set it in the suite file if the clocks differ"
                )
            }
        }
        return lines
    }
}

extension CommandContext {
    /// Loads the suite the options name (a scenario file or a recording suite), or the default suite, reading the
    /// file once.
    func loadedSuite(_ options: SuiteOptions) throws -> (suite: LoadedSuite, file: String) {
        let file = options.file
        let document = SuiteDocument.read(URL(fileURLWithPath: file))
        guard document.isRecordingSuite else {
            return (.scenarios(try suite(options, from: document)), file)
        }
        let suite = try document.recordingSuite()
        let replays = try suite.entries.map { entry throws(RecordingReplay.AlignmentError) in try RecordingReplay(entry) }
        return (.recordings(suite, replays), file)
    }

    /// Loads a scenario suite for a command that simulates; a recording suite is an error naming the command.
    func scenarioSuite(_ options: SuiteOptions, command: String) throws -> (suite: ScenarioSuite, file: String) {
        let file = options.file
        let document = SuiteDocument.read(URL(fileURLWithPath: file))
        if document.isRecordingSuite {
            throw UsageError.recordingSuiteNotSupported(file: file, command: command)
        }
        return (try suite(options, from: document), file)
    }
}
