import Foundation
import TrackBenchSupport
import TrackBenchFilters
import TrackBenchScoring
import TrackBenchResults
import TrackBenchReports
import TrackBenchBaseline

/// `check`: the CI regression gate.
enum CheckCommand: Command {
    static let name = "check"
    static let overview = "Rerun the suite and fail if a filter got worse than the committed baseline (paired tests per filter, metric and group)."
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
        help: "Filter to check, as for 'run'; only its rows of the baseline are compared (with --update-baseline, only its rows are replaced). Repeat for more. (default: every registered filter plus the baseline's other filters)"
    )
    static let absolute = OptionSpec(
        name: "--absolute-tolerance",
        valueName: "x",
        help: "Changes up to x in the metric's unit (%, m, s, m/s) are ignored. (default: \(Tolerance.standard.absolute))"
    )
    static let relative = OptionSpec(
        name: "--relative-tolerance",
        valueName: "fraction",
        help: "Changes up to this fraction of the baseline's mean (of the value, with --exact) are ignored. (default: \(pairedRelativeTolerance), or \(Tolerance.standard.relative) with --exact)"
    )
    /// The relative allowance of paired verdicts: the report's noise threshold, so `check` and `compare` call the same changes real.
    static let pairedRelativeTolerance = Significance.noiseThreshold
    static let exact = OptionSpec(
        name: "--exact",
        help: "Judge every (scenario, filter, seed) on its own: any row beyond tolerance fails. For teams that lock results bit for bit."
    )
    static let verbose = OptionSpec(name: "--verbose", help: "List every finding and row, not the first \(BaselineReport.listLimit) of each kind.")
    static let junit = OptionSpec(
        name: "--junit",
        valueName: "file",
        help: "Also write the verdicts as JUnit XML (a test case per filter and group, a failure per regression), for CI test reports."
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
        + [filter, exact, absolute, relative, tolerance, strict, verbose, junit, update] + DEMOptions.options + ExecOptions.options + JobsOptions.options
        + ProgressOptions.options + [HelpOption.help]
    static let defaultBaseline = "Results/baseline.csv"

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        if let extra = arguments.positionals.first {
            throw UsageError.unexpectedArgument(extra, command: name)
        }
        let isExact = arguments.isSet(exact)
        let tolerances = try toleranceSet(from: arguments, exact: isExact)
        let baselineFile = arguments.value(baseline) ?? defaultBaseline
        let isUpdate = arguments.isSet(update)
        let baselineResults = try loadBaseline(baselineFile, arguments: arguments, context: context)
        let current = try await currentResults(arguments, baseline: baselineResults, context: context)
        let updateCommand = updateInvocation(arguments, current: current, context: context)
        if let dem = current.dem {
            // A baseline of terrain-lookup on tiles that miss the paths would record raw GPS altitude as its scores.
            if isUpdate, let problem = dem.fallbackProblem(scenarioFile: current.scenarioFile) {
                throw CommandError.terrainLookupsFellBack(problem: problem)
            }
            dem.report(scenarioFile: current.scenarioFile)
        }

        if isUpdate {
            return try writeBaseline(current, over: baselineResults, file: baselineFile, arguments: arguments, context: context)
        }
        guard let baselineResults else { throw CommandError.emptyBaseline(file: baselineFile, updateCommand: updateCommand) }
        var comparable = current.context
        comparable.shard = nil
        var differences = baselineResults.context.differences(from: comparable)
        if let tiles = baselineResults.context.demArcSeconds, let mine = comparable.demArcSeconds, tiles != mine, tiles.count == 1 {
            let file = arguments.value(SuiteOptions.scenarios) ?? SuiteOptions.defaultScenarioFile
            let folder = "tiles-\(tiles[0])arcsec"
            let dem = context.invocation(DEMCommand.self, SuiteOptions.scenarios.name, Shell.quoted(file), DEMCommand.output.name, folder, DEMCommand.arcSeconds.name, "\(tiles[0])")
            differences.append("write tiles like the baseline's with '\(dem)' and run with --dem \(folder)")
        }
        guard differences.isEmpty else {
            // Re-recording only some filters keeps the others' rows, which cannot be kept under another setup.
            let runFilters = Set(current.scores.map(\.filter))
            let keepsOthers = current.isFilterSubset && baselineResults.scores.contains { !runFilters.contains($0.filter) }
            let command = keepsOthers
                ? updateInvocation(arguments, seeds: current.hasSeeds ? "\(current.context.seeds)" : nil, withFilters: false, context: context)
                : updateCommand
            throw CommandError.baselineContextDiffers(file: baselineFile, differences: differences, updateCommand: command)
        }
        guard !baselineResults.scores.isEmpty else {
            throw CommandError.emptyBaseline(file: baselineFile, updateCommand: updateCommand)
        }
        // With --filter, only those filters' rows are judged; the rest of the baseline is someone else's business.
        let judged = baselineResults.scores.filter { current.judges($0) }
        let comparison = BaselineComparison(baseline: judged, current: current.scores, tolerances: tolerances)
        guard !judged.isEmpty, comparison.comparedResultCount > 0 || !comparison.nonFinite.isEmpty
            || !comparison.changedInputs.isEmpty || !comparison.missing.isEmpty else {
            throw CommandError.noSharedResults(file: baselineFile, filters: labelHint(baseline: baselineResults.scores, run: current.scores), updateCommand: updateCommand)
        }
        if let bad = comparison.badBaselineValues.first {
            throw CommandError.unusableBaselineValue(
                file: baselineFile, line: baselineResults.line(of: bad.key), column: bad.metric.column,
                problem: bad.baseline == nil ? "is empty, but this run measures it" : "is marked non-finite",
                row: "scenario '\(bad.key.scenarioID)' with filter '\(bad.key.filter)', seed \(bad.key.seed)",
                others: comparison.badBaselineValues.count - 1, updateCommand: updateCommand
            )
        }
        var report = BaselineReport(
            comparison: comparison,
            verdicts: isExact ? nil : PairedVerdicts(comparison, tolerances: tolerances),
            tolerances: tolerances,
            isStrict: arguments.isSet(strict),
            baselineFile: baselineFile,
            updateCommand: updateCommand
        )
        report.isVerbose = arguments.isSet(verbose)
        let otherFilters = Set(baselineResults.scores.map(\.filter)).subtracting(judged.map(\.filter))
        if !otherFilters.isEmpty {
            report.scope = "the baseline's \(NumberFormat.count(otherFilters.count, "other filter")) not checked"
        }
        let markdown = report.render()
        context.print(markdown)
        if let summaryPath = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
            appendSummary(markdown, to: summaryPath, context: context)
        }
        if let file = arguments.value(junit) {
            try AtomicFile.write(BaselineJUnit.render(report), to: URL(fileURLWithPath: file))
        }
        switch report.outcome {
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

    /// Writes the run as the baseline; with `--filter`, replaces only those filters' rows of a baseline of the same setup.
    private static func writeBaseline(
        _ current: CurrentResults, over old: ResultsFile?, file: String, arguments: ParsedArguments, context: CommandContext
    ) throws -> ExitCode {
        var diverged: [String] = []
        for score in current.scores where ResultsCSV.hasNonFiniteValue(score) && !diverged.contains(score.filter) {
            diverged.append(score.filter)
        }
        guard diverged.isEmpty else { throw CommandError.nonFiniteBaseline(filters: diverged.map(MarkdownText.safe)) }
        var rows = current.scores
        var kept = ""
        let replaced = Set(current.scores.map(\.filter))
        if current.isFilterSubset, let old, old.scores.contains(where: { !replaced.contains($0.filter) }) {
            var comparable = current.context
            comparable.shard = nil
            let differences = old.context.differences(from: comparable)
            guard differences.isEmpty else {
                let seeds = current.hasSeeds ? "\(current.context.seeds)" : nil
                throw CommandError.partialBaselineUpdate(
                    file: file, differences: differences, updateCommand: updateInvocation(arguments, seeds: seeds, withFilters: false, context: context)
                )
            }
            let others = old.scores.filter { !replaced.contains($0.filter) }
            // Rows keep the baseline's order; new keys follow in the run's order.
            let fresh = Dictionary(uniqueKeysWithValues: current.scores.map { ($0.key, $0) })
            rows = old.scores.compactMap { replaced.contains($0.filter) ? fresh[$0.key] : $0 }
            let placed = Set(rows.map(\.key))
            rows += current.scores.filter { !placed.contains($0.key) }
            kept = "; kept \(others.count) rows of \(NumberFormat.count(Set(others.map(\.filter)).count, "other filter"))"
        }
        try AtomicFile.write(ResultsCSV.render(rows, context: current.context), to: URL(fileURLWithPath: file))
        let filters = Set(current.scores.map(\.filter)).count
        context.print("Wrote \(current.scores.count) results (\(current.description)) to \(file)\(kept); \(NumberFormat.count(filters, "filter")) recorded.")
        return .success
    }

    /// The results to judge: read from `--results`, or computed now (all of the work, or one shard's).
    private struct CurrentResults {
        var context: ResultsContext
        /// The scores as written to a results file, so identical results compare equal to the last digit.
        var scores: [ScenarioScore]
        /// "54 scenarios x 13 filters x 10 seeds", for messages.
        var description: String
        /// Whether a baseline row is judged: its filter is one this run checks, and its run is this shard's
        /// (the first shard also answers for runs no shard has: a scenario since renamed).
        var judges: @Sendable (ScenarioScore) -> Bool
        /// Whether `--filter` chose the filters, so only their rows are judged or replaced.
        var isFilterSubset = false
        /// Whether the suite takes seeds: a scenario suite does, a recording suite refuses them.
        var hasSeeds = true
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
            return CurrentResults(context: read.context, scores: read.scores, description: "from \(file)", judges: { _ in true })
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
            filters: filters, seeds: seedRange, seedsGiven: seedsGiven, shard: shard, demArcSeconds: dem.arcSeconds(for: filters), jobs: try JobsOptions(arguments).jobs,
            progress: try ProgressOptions(arguments).isShown ? context.console.standardError : nil
        )
        let written = ResultsCSV.asWritten(outcome.scores)
        let runs = outcome.runs
        let planned = outcome.plannedRuns
        let answersForOrphans = shard.map { $0.index == 1 } ?? true
        let isSubset = !arguments.all(filter).isEmpty
        let labels = Set(filters.map(\.label))
        return CurrentResults(
            context: outcome.context, scores: written, description: outcome.description,
            judges: { row in
                (!isSubset || labels.contains(row.filter)) && (runs.contains(row.run) || answersForOrphans && !planned.contains(row.run))
            },
            isFilterSubset: isSubset, hasSeeds: suite.takesSeeds, dem: dem, scenarioFile: file
        )
    }

    /// The committed baseline; when re-recording, nil if there is none or it no longer reads (an old schema).
    private static func loadBaseline(_ file: String, arguments: ParsedArguments, context: CommandContext) throws -> ResultsFile? {
        guard arguments.isSet(update) else {
            guard FileManager.default.fileExists(atPath: file) else {
                let seeds = arguments.value(seeds) ?? arguments.value(SeedOptions.seed)
                throw CommandError.missingBaseline(file: file, updateCommand: updateInvocation(arguments, seeds: seeds, withFilters: true, context: context))
            }
            return try ResultsCSV.load(from: URL(fileURLWithPath: file))
        }
        // Re-recording replaces the file; an old one only contributes its extra filters, if it still reads.
        // Only a results file (or an empty or missing one) is replaced: a link, a device or notes.txt is not ours.
        if let kind = ResultsCSV.replacementRefusal(at: URL(fileURLWithPath: file)) {
            throw CommandError.notABaseline(file: file, kind: kind)
        }
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        do {
            return try ResultsCSV.load(from: URL(fileURLWithPath: file))
        } catch {
            context.console.standardError("note: replacing '\(file)', which this TrackBench cannot read (\(error.localizedDescription)).\n")
            return nil
        }
    }

    /// The command that re-records this baseline deliberately: this run's options that select the suite, seeds,
    /// filters and tiles, each as given, so it works verbatim (seeds only for a scenario suite, which has them).
    private static func updateInvocation(_ arguments: ParsedArguments, current: CurrentResults, context: CommandContext) -> String {
        if let file = arguments.value(results) {
            var parts = [update.name]
            if let file = arguments.value(baseline) { parts += [baseline.name, Shell.quoted(file)] }
            return ([context.commandName, name] + parts + [results.name, Shell.quoted(file)]).joined(separator: " ")
        }
        return updateInvocation(arguments, seeds: current.hasSeeds ? "\(current.context.seeds)" : nil, withFilters: true, context: context)
    }

    /// `check --update-baseline` with the `--baseline`, `--scenarios`, `--dem` given, `--seeds` when known, and the
    /// `--filter`s given when `withFilters` (without them it re-records every filter).
    private static func updateInvocation(_ arguments: ParsedArguments, seeds: String?, withFilters: Bool, context: CommandContext) -> String {
        var parts = [update.name]
        if let file = arguments.value(baseline) { parts += [baseline.name, Shell.quoted(file)] }
        if let file = arguments.value(SuiteOptions.scenarios) { parts += [SuiteOptions.scenarios.name, Shell.quoted(file)] }
        if let seeds { parts += [SeedOptions.seeds.name, seeds] }
        if withFilters {
            for specification in arguments.all(filter) { parts += [filter.name, Shell.quoted(specification)] }
        }
        if let folder = arguments.value(DEMOptions.dem) { parts += [DEMOptions.dem.name, Shell.quoted(folder)] }
        return ([context.commandName, name] + parts).joined(separator: " ")
    }

    /// When the run's filters and the baseline's have no label in common, both lists and how to compare a retuned
    /// filter under the baseline's label; nil otherwise.
    private static func labelHint(baseline: [ScenarioScore], run: [ScenarioScore]) -> String? {
        let (baselineLabels, runLabels) = (baseline.map(\.filter).uniqued(), run.map(\.filter).uniqued())
        guard !baselineLabels.isEmpty, Set(baselineLabels).isDisjoint(with: runLabels) else { return nil }
        func list(_ labels: [String]) -> String {
            labels.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (labels.count > 5 ? " and \(labels.count - 5) more" : "")
        }
        var hint = "the baseline's filters are labelled \(list(baselineLabels)), this run's \(list(runLabels))."
        // A retuned filter (`median:n=5`) whose name the baseline has as a label (`median`): suggest that label.
        for spec in runLabels {
            let name = String(spec.prefix { $0 != ":" && $0 != "+" })
            if baselineLabels.contains(name) {
                hint += " Rows are matched by label: judge the retuned filter under the baseline's with --filter \(Shell.quoted(name + "=" + spec))."
                break
            }
        }
        return hint
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
            return try context.filters(specifications, option: filter.name, processes: try ExecOptions(arguments))
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

    private static func toleranceSet(from arguments: ParsedArguments, exact isExact: Bool) throws(UsageError) -> ToleranceSet {
        func nonNegative(_ option: OptionSpec, _ fallback: Double) throws(UsageError) -> Double {
            guard let text = arguments.value(option) else { return fallback }
            guard let value = Double(text), value >= 0, value.isFinite else {
                throw .invalidValue(option: option.name, value: text, expected: "a number >= 0")
            }
            return value
        }
        var set = ToleranceSet(standard: Tolerance(
            absolute: try nonNegative(absolute, Tolerance.standard.absolute),
            relative: try nonNegative(relative, isExact ? Tolerance.standard.relative : pairedRelativeTolerance)
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
    ///
    /// The file is opened without blocking and must be a regular file: a FIFO with no reader, a device or a full
    /// disk gives a warning naming the path and the reason, and the verdict stands.
    private static func appendSummary(_ markdown: String, to path: String, context: CommandContext) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            context.console.standardError("warning: cannot write the job summary '\(path)': \(String(cString: strerror(errno)))\n")
            return
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            context.console.standardError("warning: cannot write the job summary '\(path)': it is not a regular file\n")
            return
        }
        if let failure = StandardStream.writeAll(Array(markdown.utf8), to: descriptor) {
            context.console.standardError("warning: cannot write the job summary '\(path)': \(String(cString: strerror(failure)))\n")
        }
    }
}
