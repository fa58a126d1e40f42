import Foundation
@_spi(CLI) import TrackBench

/// `check`: the CI regression gate.
enum CheckCommand: Command {
    static let name = "check"
    static let overview = "Rerun the suite and fail if any result is worse than the committed baseline."
    static let arguments: [(name: String, help: String)] = []
    static let baseline = OptionSpec(
        name: "--baseline",
        valueName: "file",
        help: "Baseline results CSV. (default: \(defaultBaseline))"
    )
    static let filter = OptionSpec(
        name: "--filter",
        valueName: "spec",
        isRepeatable: true,
        help: "Filter to check, as for 'run'. Repeat for more. (default: every registered filter plus the baseline's other filters)"
    )
    static let absolute = OptionSpec(
        name: "--absolute-tolerance",
        valueName: "x",
        help: "Changes up to x in the metric's unit (%, m, s, m/s) are ignored. (default: \(Tolerance.standard.absolute))"
    )
    static let relative = OptionSpec(
        name: "--relative-tolerance",
        valueName: "fraction",
        help: "Changes up to this fraction of the baseline value are ignored. (default: \(Tolerance.standard.relative))"
    )
    static let tolerance = OptionSpec(
        name: "--tolerance",
        valueName: "metric=x",
        isRepeatable: true,
        help: "Absolute tolerance for one metric, by CSV column, e.g. lag_s=0.2. Repeatable."
    )
    static let strict = OptionSpec(
        name: "--strict",
        help: "Also fail (exit 4) when the only differences are improvements or new results, so the baseline never goes stale."
    )
    static let update = OptionSpec(
        name: "--update-baseline",
        help: "Write this run's results as the new baseline (atomically) instead of comparing. Refuses results with NaN or infinity."
    )
    /// `--seeds` as `SeedOptions` reads it, with check's own default.
    static let seeds = OptionSpec(
        name: SeedOptions.seeds.name,
        valueName: SeedOptions.seeds.valueName,
        help: "Run every scenario under each seed from first to last. (default: the seeds the baseline records)"
    )
    static let results = OptionSpec(
        name: "--results",
        valueName: "file",
        help: "Judge this results file (such as one 'merge' wrote) instead of running the suite."
    )
    static let options = [baseline, results] + SuiteOptions.options + [SeedOptions.seed, seeds] + ShardOptions.options
        + [filter, absolute, relative, tolerance, strict, update] + DEMOptions.options + JobsOptions.options + [HelpOption.help]
    static let defaultBaseline = "Results/baseline.csv"

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        if let extra = arguments.positionals.first {
            throw UsageError.unexpectedArgument(extra, command: name)
        }
        let tolerances = try toleranceSet(from: arguments)
        let baselineFile = arguments.value(baseline) ?? defaultBaseline
        let isUpdate = arguments.isSet(update)
        let baselineResults = try loadBaseline(baselineFile, isUpdate: isUpdate, context: context)
        let current = try await currentResults(arguments, baseline: baselineResults, context: context)
        let updateCommand = updateInvocation(arguments, seeds: current.context.seeds, context: context)
        if let dem = current.dem {
            // A baseline of terrain-lookup on tiles that miss the paths would record raw GPS altitude as its scores.
            if isUpdate, let problem = dem.fallbackProblem(scenarioFile: current.scenarioFile) {
                throw CommandError.terrainLookupsFellBack(problem: problem)
            }
            dem.report(scenarioFile: current.scenarioFile)
        }

        if isUpdate {
            var diverged: [String] = []
            for score in current.scores where ResultsCSV.hasNonFiniteValue(score) && !diverged.contains(score.filter) {
                diverged.append(score.filter)
            }
            guard diverged.isEmpty else { throw CommandError.nonFiniteBaseline(filters: diverged.map(MarkdownText.safe)) }
            try AtomicFile.write(ResultsCSV.render(current.scores, context: current.context), to: URL(fileURLWithPath: baselineFile))
            context.print("Wrote \(current.scores.count) results (\(current.description)) to \(baselineFile).")
            return .success
        }
        guard let baselineResults else { throw CommandError.emptyBaseline(file: baselineFile, updateCommand: updateCommand) }
        var comparable = current.context
        comparable.shard = nil
        var differences = baselineResults.context.differences(from: comparable)
        if let tiles = baselineResults.context.demArcSeconds, let mine = comparable.demArcSeconds, tiles != mine, tiles.count == 1 {
            let file = arguments.value(SuiteOptions.scenarios) ?? SuiteOptions.defaultScenarioFile
            let dem = context.invocation(DEMCommand.self, SuiteOptions.scenarios.name, file, DEMCommand.output.name, "<dir>", DEMCommand.arcSeconds.name, "\(tiles[0])")
            differences.append("write tiles like the baseline's with '\(dem)' and pass that folder as --dem")
        }
        guard differences.isEmpty else {
            throw CommandError.baselineContextDiffers(file: baselineFile, differences: differences, updateCommand: updateCommand)
        }
        guard !baselineResults.scores.isEmpty else {
            throw CommandError.emptyBaseline(file: baselineFile, updateCommand: updateCommand)
        }
        let comparison = BaselineComparison(
            baseline: baselineResults.scores.filter(current.covers),
            current: current.scores,
            tolerances: tolerances
        )
        guard comparison.comparedResultCount > 0 || !comparison.nonFinite.isEmpty else {
            throw CommandError.noSharedResults(file: baselineFile, updateCommand: updateCommand)
        }
        let isStrict = arguments.isSet(strict)
        let report = BaselineReport(
            comparison: comparison,
            tolerances: tolerances,
            isStrict: isStrict,
            baselineFile: baselineFile,
            updateCommand: updateCommand
        )
        let markdown = report.render()
        context.print(markdown)
        if let summaryPath = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
            appendSummary(markdown, to: summaryPath, context: context)
        }
        switch comparison.verdict(strict: isStrict) {
        case .pass: return .success
        case .improvedOnly: return .improvementsOnly
        case .regressed:
            // A baseline from before the tiles were recorded cannot be checked against them: say what to suspect.
            if baselineResults.context.demArcSeconds == nil, let tiles = current.context.demArcSeconds {
                context.console.standardError(
                    "note: baseline '\(baselineFile)' does not record the terrain tiles it was made on; this run used "
                        + "\(ResultsContext.spacingDescription(tiles)) tiles. If terrain-lookup's rows got worse, tiles of another spacing may be why "
                        + "(the hills baseline is made on 3 arc-second tiles: 'dem --arc-seconds 3'). Re-recording the baseline records them.\n"
                )
            }
            return .regression
        }
    }

    /// The results to judge: read from `--results`, or computed now (all of the work, or one shard's).
    private struct CurrentResults {
        var context: ResultsContext
        /// The scores as written to a results file, so identical results compare equal to the last digit.
        var scores: [ScenarioScore]
        /// "54 scenarios x 13 filters x 10 seeds", for messages.
        var description: String
        /// Whether a baseline row belongs to the work these results cover (a shard covers part of it).
        var covers: @Sendable (ScenarioScore) -> Bool
        /// The terrain tiles the run looked up, with their counts; nil for results read from a file.
        var dem: DEMOptions? = nil
        /// The suite's file, for messages.
        var scenarioFile = ""
    }

    private static func currentResults(_ arguments: ParsedArguments, baseline: ResultsFile?, context: CommandContext) async throws -> CurrentResults {
        if let file = arguments.value(results) {
            let read = try context.wholeResults(
                file, option: results, excluding: [filter, SeedOptions.seed, seeds, ShardOptions.shard, SuiteOptions.scenarios], in: arguments
            )
            return CurrentResults(context: read.context, scores: read.scores, description: "from \(file)", covers: { _ in true })
        }
        let shard = try ShardOptions(arguments).shard
        if shard != nil && arguments.isSet(update) {
            throw UsageError.conflictingOptions(ShardOptions.shard.name, update.name)
        }
        // Without --seed or --seeds the gate reruns the seeds the baseline records.
        let seedsGiven = arguments.isGiven(SeedOptions.seed) || arguments.isGiven(seeds)
        let seedRange = seedsGiven || baseline == nil ? try SeedOptions(arguments).seeds : baseline!.context.seeds
        let dem = try DEMOptions(arguments, context: context)
        let (suite, file) = try context.loadedSuite(SuiteOptions(arguments))
        let filters = try dem.apply(to: filters(from: arguments, baseline: baseline?.scores ?? [], withSensors: suite.hasSensors, context: context))
        try context.requireSensors(for: filters, hasSensors: suite.hasSensors, file: file)
        let outcome = try await suite.run(
            filters: filters, seeds: seedRange, seedsGiven: seedsGiven, shard: shard, demArcSeconds: dem.arcSeconds(for: filters), jobs: try JobsOptions(arguments).jobs
        )
        let written = ResultsCSV.asWritten(outcome.scores)
        let runs = outcome.runs
        return CurrentResults(
            context: outcome.context, scores: written, description: outcome.description, covers: { runs.contains($0.run) }, dem: dem, scenarioFile: file
        )
    }

    /// The committed baseline; when re-recording, nil if there is none or it no longer reads (an old schema).
    private static func loadBaseline(_ file: String, isUpdate: Bool, context: CommandContext) throws -> ResultsFile? {
        guard isUpdate else { return try ResultsCSV.load(from: URL(fileURLWithPath: file)) }
        // Re-recording replaces the file; an old one only contributes its extra filters, if it still reads.
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        do {
            return try ResultsCSV.load(from: URL(fileURLWithPath: file))
        } catch {
            context.console.standardError("note: replacing '\(file)', which this TrackBench cannot read (\(error.localizedDescription)).\n")
            return nil
        }
    }

    /// The command that re-records this baseline deliberately, with the options that select the suite and seeds.
    private static func updateInvocation(_ arguments: ParsedArguments, seeds: SeedRange, context: CommandContext) -> String {
        var parts = [update.name]
        if let file = arguments.value(baseline) { parts += [baseline.name, file] }
        if let file = arguments.value(results) {
            parts += [results.name, file]
        } else {
            if let file = arguments.value(SuiteOptions.scenarios) { parts += [SuiteOptions.scenarios.name, file] }
            parts += [SeedOptions.seeds.name, "\(seeds)"]
        }
        return ([context.commandName, name] + parts).joined(separator: " ")
    }

    /// The filters to rerun: those given, or every registered one plus the baseline's others (rebuilt from their specs).
    private static func filters(
        from arguments: ParsedArguments,
        baseline: [ScenarioScore],
        withSensors: Bool,
        context: CommandContext
    ) throws -> [FilterConfiguration] {
        let specifications = arguments.all(filter)
        if !specifications.isEmpty {
            return try context.filters(specifications, option: filter.name)
        }
        var configurations = context.registry.defaultConfigurations(withSensors: withSensors)
        var labels = Set(configurations.map(\.label))
        for score in baseline where !labels.contains(score.filter) {
            labels.insert(score.filter)
            // A filter that no longer parses is left out and reported as missing.
            if var configuration = try? context.registry.configuration(parsing: score.filterSpecification) {
                configuration.label = score.filter
                configurations.append(configuration)
            }
        }
        return configurations
    }

    private static func toleranceSet(from arguments: ParsedArguments) throws(UsageError) -> ToleranceSet {
        func nonNegative(_ option: OptionSpec, _ fallback: Double) throws(UsageError) -> Double {
            guard let text = arguments.value(option) else { return fallback }
            guard let value = Double(text), value >= 0, value.isFinite else {
                throw .invalidValue(option: option.name, value: text, expected: "a number >= 0")
            }
            return value
        }
        var set = ToleranceSet(standard: Tolerance(
            absolute: try nonNegative(absolute, Tolerance.standard.absolute),
            relative: try nonNegative(relative, Tolerance.standard.relative)
        ))
        for assignment in arguments.all(tolerance) {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            let columns = Metric.allCases.map(\.column)
            guard parts.count == 2, let metric = Metric(column: parts[0]) else {
                throw .invalidValue(option: tolerance.name, value: assignment, expected: "METRIC=X with METRIC one of \(columns.joined(separator: ", "))")
            }
            guard let value = Double(parts[1]), value >= 0, value.isFinite else {
                throw .invalidValue(option: tolerance.name, value: assignment, expected: "a number >= 0 after '='")
            }
            set.absoluteOverrides[metric] = value
        }
        return set
    }

    /// Appends the report to the CI job summary; a failure to do so is a warning, not a verdict.
    private static func appendSummary(_ markdown: String, to path: String, context: CommandContext) {
        guard let handle = FileHandle(forWritingAtPath: path) ?? createFile(at: path) else {
            context.console.standardError("warning: cannot write the job summary '\(path)'\n")
            return
        }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        handle.write(Data(markdown.utf8))
    }

    private static func createFile(at path: String) -> FileHandle? {
        FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
    }
}
