import Foundation
import TrackBenchSupport
import TrackBenchModel
import TrackBenchSuite
import TrackBenchFilters
import TrackBenchScoring
import TrackBenchResults

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

    /// One run of the suite, planned: what it will run and how its results file and messages describe it.
    struct Plan {
        /// The benchmark that does the work.
        enum Work {
            case scenarios(Benchmark)
            case recordings(RecordingBenchmark)
        }

        var work: Work
        /// The results file's context line.
        var context: ResultsContext
        /// "72 scenarios x 13 filters (suite 'default', seeds 100...109)" or "3 recordings x 13 filters (suite 'mine')", with the shard if any.
        var description: String
        /// How many units (runs) the shard runs, of how many in all.
        var unitCount: (ran: Int, all: Int)

        /// The filters run, in order.
        var filters: [FilterConfiguration] {
            switch work {
            case let .scenarios(benchmark): return benchmark.filters
            case let .recordings(benchmark): return benchmark.filters
            }
        }

        /// The runs scored, for judging only what was run.
        var runs: Set<ScenarioScore.Run> {
            switch work {
            case let .scenarios(benchmark): return benchmark.runs
            case let .recordings(benchmark): return Set(benchmark.runs)
            }
        }

        /// Whether a run is one this plan scores (`ran`), and one of the whole suite (`planned`), answered from the
        /// seeds, the scenarios and the shards' deal (8 bytes a unit), without a set of runs: for judging a baseline of
        /// any number of seeds.
        var membership: (ran: @Sendable (ScenarioScore.Run) -> Bool, planned: @Sendable (ScenarioScore.Run) -> Bool) {
            guard case let .scenarios(benchmark) = work else {
                let (runs, planned) = (runs, plannedRuns)
                return ({ runs.contains($0) }, { planned.contains($0) })
            }
            let seeds = benchmark.seeds
            let positions = Dictionary(benchmark.scenarios.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            let scenarioCount = benchmark.scenarios.count
            let shard = benchmark.shard
            let assignment = shard.map { benchmark.shardAssignment(count: $0.count) } ?? []
            let planned: @Sendable (ScenarioScore.Run) -> Bool = { run in
                seeds.first <= run.seed && run.seed <= seeds.last && positions[run.scenarioID] != nil
            }
            let ran: @Sendable (ScenarioScore.Run) -> Bool = { run in
                guard let shard, let position = positions[run.scenarioID], planned(run) else { return planned(run) }
                return assignment[Int(run.seed - seeds.first) * scenarioCount + position] == shard.index
            }
            return (ran, planned)
        }

        /// Every run of the whole suite, whichever shard runs it.
        var plannedRuns: Set<ScenarioScore.Run> {
            switch work {
            case let .scenarios(benchmark):
                return Set(benchmark.seeds.seeds.flatMap { seed in benchmark.scenarios.map { ScenarioScore.Run(seed: seed, scenarioID: $0.id) } })
            case let .recordings(benchmark):
                return Set(benchmark.replays.map { ScenarioScore.Run(seed: RecordingBenchmark.seed, scenarioID: $0.id) })
            }
        }
    }

    /// Plans a run of `filters` on the suite: every scenario under `seeds`, or every recording once.
    /// - Parameter demArcSeconds: The terrain tiles' post spacings, recorded in the context when a filter looks them up.
    /// - Throws: `UsageError` when `seeds` were given for a recording suite, which has nothing to seed.
    func plan(filters: [FilterConfiguration], seeds: SeedRange, seedsGiven: Bool, shard: Shard?, demArcSeconds: [Int]?) throws(UsageError) -> Plan {
        let shardText = shard.map { ", shard \($0)" } ?? ""
        switch self {
        case let .scenarios(suite):
            let benchmark = Benchmark(scenarios: suite.scenarios, filters: filters, seeds: seeds, shard: shard)
            return Plan(
                work: .scenarios(benchmark), context: ResultsContext(suite: suite, seeds: seeds, shard: shard, demArcSeconds: demArcSeconds),
                description: "\(NumberFormat.count(suite.scenarios.count, "scenario")) x \(NumberFormat.count(filters.count, "filter")) "
                    + "(suite '\(suite.name)', \(seeds.count == 1 ? "seed" : "seeds") \(seeds)\(shardText))",
                unitCount: (benchmark.unitIndices.count, seeds.count * suite.scenarios.count)
            )
        case let .recordings(suite, replays):
            if seedsGiven { throw .seedsForRecordings(suite: suite.name) }
            let benchmark = RecordingBenchmark(replays: replays, filters: filters, shard: shard)
            return Plan(
                work: .recordings(benchmark), context: ResultsContext(recordings: suite, shard: shard, demArcSeconds: demArcSeconds),
                description: "\(NumberFormat.count(replays.count, "recording")) x \(NumberFormat.count(filters.count, "filter")) "
                    + "(suite '\(suite.name)'\(shardText))",
                unitCount: (benchmark.units.count, replays.count)
            )
        }
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
        let noun: String
        switch plan.work {
        case .scenarios: noun = "run"
        case .recordings: noun = "recording"
        }
        let line = progress.map { ProgressLine(total: plan.unitCount.ran, noun: noun, write: $0) }
        let note = LongRunNote(processes: LongRunNote.described(plan.filters), total: plan.unitCount.ran, jobs: jobs, noun: noun)
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
            switch plan.work {
            case let .scenarios(benchmark):
                try await benchmark.stream(maximumConcurrency: jobs, progress: update, transform: transform, consume: consumeWhileHealthy)
            case let .recordings(benchmark):
                try await benchmark.stream(maximumConcurrency: jobs, progress: update, transform: transform, consume: consumeWhileHealthy)
            }
        } catch {
            try? ExecOptions.finish(plan.filters)
            throw error
        }
        try ExecOptions.finish(plan.filters)
    }

    /// Runs `filters` on the suite and keeps every score, as a results file holds them: for judging them all at once.
    /// - Returns: The plan and the scores in run order.
    func run(
        filters: [FilterConfiguration], seeds: SeedRange, seedsGiven: Bool, shard: Shard?, demArcSeconds: [Int]?, jobs: Int,
        progress: (@Sendable (String) -> Void)? = nil, notes: @escaping @Sendable (String) -> Void
    ) async throws -> (plan: Plan, scores: [ScenarioScore]) {
        let plan = try plan(filters: filters, seeds: seeds, seedsGiven: seedsGiven, shard: shard, demArcSeconds: demArcSeconds)
        var scores: [ScenarioScore] = []
        try await Self.stream(plan, jobs: jobs, progress: progress, notes: notes, transform: { $0 }) { scores.append(contentsOf: $0) }
        return (plan, scores)
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
    /// Loads the suite the options name (a scenario file or a recording suite), or the default suite.
    func loadedSuite(_ options: SuiteOptions) throws -> (suite: LoadedSuite, file: String) {
        let file = options.file
        let url = URL(fileURLWithPath: file)
        guard RecordingSuite.isRecordingSuite(url) else {
            let (suite, file) = try suite(options)
            return (.scenarios(suite), file)
        }
        let suite = try RecordingSuite.load(from: url)
        let replays = try suite.entries.map { entry throws(RecordingReplay.AlignmentError) in try RecordingReplay(entry) }
        return (.recordings(suite, replays), file)
    }

    /// Loads a scenario suite for a command that simulates; a recording suite is an error naming the command.
    func scenarioSuite(_ options: SuiteOptions, command: String) throws -> (suite: ScenarioSuite, file: String) {
        let file = options.file
        if RecordingSuite.isRecordingSuite(URL(fileURLWithPath: file)) {
            throw UsageError.recordingSuiteNotSupported(file: file, command: command)
        }
        return try suite(options)
    }
}
