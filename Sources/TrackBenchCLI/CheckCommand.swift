import Foundation
import TrackBenchFilters
import TrackBenchGate
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchReports
import TrackBenchSupport

/// `check`: the CI regression gate.
///
/// `run` reads as the gate's steps: load the baseline, get the results to judge (`CheckCommand+CurrentResults`),
/// record them as the baseline or require the same setup, compare, report (`CheckCommand+JobSummary` for CI), and
/// map the verdict to an exit code. The command lines it suggests are made in `CheckCommand+UpdateCommand`.
enum CheckCommand: Command {
    static let name = "check"
    static let overview = "Rerun the suite and fail if a filter got worse than the committed baseline (paired tests per filter, metric and group)."
    static let arguments: [Argument] = []
    static let baseline = Option<String>(name: "--baseline", valueName: "file", help: "Baseline results CSV.").defaulting(to: "Results/baseline.csv")
    static let filter = FilterOptions.filter.help(
        "Filter to check, as for 'run'; only its rows of the baseline are compared (with --update-baseline, only its rows are replaced). "
            + "Repeat for more.",
        default: "the filters 'run' runs on the suite, plus the baseline's other filters"
    )
    static let absolute = nonNegative(
        name: "--absolute-tolerance", valueName: "x", help: "Changes up to x in the metric's unit (%, m, s, m/s) are ignored."
    ).defaulting(to: Tolerance.standard.absolute)
    static let relative = nonNegative(
        name: "--relative-tolerance", valueName: "fraction",
        help: "Changes up to this fraction of the baseline's mean (of the value, with --exact) are ignored.",
        default: "\(pairedRelativeTolerance), or \(Tolerance.standard.relative) with --exact"
    )
    /// The relative allowance of paired verdicts: the report's noise threshold, so `check` and `compare` call the same changes real.
    static let pairedRelativeTolerance = Significance.noiseThreshold
    static let exact = Flag(
        name: "--exact",
        help: "Judge every (scenario, filter, seed) on its own: any row beyond tolerance fails. For teams that lock results bit for bit."
    )
    static let verbose = Flag(name: "--verbose", help: "List every finding and row, not the first \(BaselineReport.listLimit) of each kind.")
    static let junit = Option<String>(
        name: "--junit",
        valueName: "file",
        help: "Also write the verdicts as JUnit XML (a test case per filter and group, a failure per regression), for CI test reports."
    )
    static let tolerance = Option<(metric: Metric, value: Double)>(
        name: "--tolerance",
        valueName: "metric=x",
        isRepeatable: true,
        help: "Absolute tolerance for one metric, by CSV column, e.g. lag_s=0.2. Repeatable."
    ) { assignment throws(InvalidValue) in
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let metric = Metric(column: parts[0]) else {
            throw InvalidValue(expected: "METRIC=X with METRIC one of \(Metric.allCases.map(\.column).joined(separator: ", "))")
        }
        guard let value = Double(parts[1]), value >= 0, value.isFinite else {
            throw InvalidValue(expected: "a number >= 0 after '='")
        }
        return (metric, value)
    }
    static let strict = Flag(
        name: "--strict",
        help: "Also fail (exit 4) when the only differences are improvements or new results, so the baseline never goes stale."
    )
    static let update = Flag(
        name: "--update-baseline",
        help: "Write this run's results as the new baseline (atomically) instead of comparing. Refuses results with NaN or infinity."
    )
    /// `--seeds`, which `SeedOptions` reads, with check's own default.
    static let seeds = SeedOptions.seeds.help("Run every scenario under each seed from first to last.", default: "the seeds the baseline records")
    static let noiseSeeds = Option<SeedRange>(
        name: "--noise-seeds",
        valueName: "first...last",
        help: "Rerun under these seeds instead of the baseline's, each paired with the baseline's seed at its position: the same filters "
            + "on independent noise, to measure how often the gate fails filters that did not change. Simulated inputs then differ, so "
            + "they are not compared.",
        expected: "FIRST...LAST with FIRST <= LAST, at most \(SeedRange.limit) seeds"
    ) { SeedRange(parsing: $0) }
    static let results = ResultsFileOptions.results.help("Judge this results file (such as one 'merge' wrote) instead of running the suite.")
    static let options = [baseline.spec, results.spec] + SuiteOptions.options + [SeedOptions.seed.spec, seeds.spec, noiseSeeds.spec]
        + ShardOptions.options
        + [filter.spec, exact.spec, absolute.spec, relative.spec, tolerance.spec, strict.spec, verbose.spec, junit.spec, update.spec]
        + DEMOptions.options + ExecOptions.options + JobsOptions.options + ProgressOptions.options + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        try arguments.noPositionals(command: name)
        let isExact = arguments.isSet(exact)
        let tolerances = try toleranceSet(from: arguments, exact: isExact)
        let baselineFile = try arguments.value(baseline)
        try refuseOutputsOverInputs(arguments, baseline: baselineFile)
        guard !arguments.isSet(update) else {
            let old = try loadBaseline(baselineFile, arguments: arguments, context: context)
            var current = try currentResults(arguments, baseline: old.map(ResultsSummary.init), context: context)
            try await current.collect()
            try reportTerrainLookups(current, isUpdate: true)
            return try writeBaseline(current, over: old, file: baselineFile, arguments: arguments, context: context)
        }
        // The gate reads the baseline and takes the run's rows one at a time, holding neither (BaselinePairing).
        let baselineResults = try summarizeBaseline(baselineFile, arguments: arguments, context: context)
        var current = try currentResults(arguments, baseline: baselineResults, context: context)
        let worstRowLimit = arguments.isSet(verbose) ? nil : BaselineReport.worstRowLimit
        let pairing = try await pair(current, with: baselineResults, file: baselineFile, tolerances: tolerances, worstRowLimit: worstRowLimit)
        current.filterLabels = pairing.runFilters
        let updateCommand = updateInvocation(arguments, current: current, context: context)
        try reportTerrainLookups(current, isUpdate: false)
        try requireSameSetup(baselineResults, as: current, file: baselineFile, updateCommand: updateCommand, arguments: arguments, context: context)
        guard baselineResults.rowCount > 0 else {
            throw CommandError.emptyBaseline(file: baselineFile, updateCommand: updateCommand)
        }
        if let shard = current.context.shard, pairing.runFilters.isEmpty {
            // More shards than units: this job has nothing to do, which is no failure of the filters.
            context.print("PASSED: shard \(shard) holds no unit of this suite (it has fewer units than shards), so it compared nothing.")
            return .success
        }
        let comparison = try compared(pairing, baseline: baselineResults, file: baselineFile, updateCommand: updateCommand)
        var report = BaselineReport(
            comparison: comparison,
            verdicts: isExact ? nil : PairedVerdicts(comparison, tolerances: tolerances),
            tolerances: tolerances,
            isStrict: arguments.isSet(strict),
            baselineFile: baselineFile,
            updateCommand: updateCommand
        )
        report.isVerbose = arguments.isSet(verbose)
        let otherFilters = Set(baselineResults.labels).subtracting(pairing.judgedFilters)
        var scope: [String] = []
        if let noise = current.noiseSeeds { scope.append("run under seeds \(noise) on independent noise (--noise-seeds)") }
        if !otherFilters.isEmpty { scope.append("the baseline's \(NumberFormat.count(otherFilters.count, "other filter")) not checked") }
        if !scope.isEmpty { report.scope = scope.joined(separator: "; ") }
        try publish(report, junit: try arguments.value(junit), context: context)
        return exitCode(for: report.outcome, baseline: baselineResults, current: current, file: baselineFile, context: context)
    }

    /// Refuses `--junit`, and `--baseline` when `--update-baseline` writes it, naming a file the command reads.
    /// - Throws: `UsageError.outputOverwritesInput`.
    private static func refuseOutputsOverInputs(_ arguments: ParsedArguments, baseline baselineFile: String) throws(UsageError) {
        var inputs = [OutputGuard.scenarioFile(try SuiteOptions(arguments).file)]
        if let resultsFile = try arguments.value(results) {
            inputs.append(OutputGuard.resultsFile(resultsFile))
        }
        if arguments.isSet(update) {
            try OutputGuard.check(file: baselineFile, option: baseline.name, against: inputs)
        } else if let junitFile = try arguments.value(junit) {
            try OutputGuard.check(file: junitFile, option: junit.name, against: [("the baseline, \(baseline.name)", baselineFile)] + inputs)
        }
    }

    /// Declares a tolerance option: a finite number, 0 or more.
    private static func nonNegative(name: String, valueName: String, help: String, default defaultValue: String? = nil) -> Option<Double> {
        Option(name: name, valueName: valueName, help: help, default: defaultValue, expected: "a number >= 0") { text in
            Double(text).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        }
    }

    /// The tolerances: the standard pair as given (the relative one depends on `--exact`), and each `--tolerance`.
    /// - Throws: `UsageError.invalidValue` for a metric given two `--tolerance`s: which one was meant is a guess.
    private static func toleranceSet(from arguments: ParsedArguments, exact isExact: Bool) throws(UsageError) -> ToleranceSet {
        var set = ToleranceSet(standard: Tolerance(
            absolute: try arguments.value(absolute),
            relative: try arguments.value(relative, default: isExact ? Tolerance.standard.relative : pairedRelativeTolerance)
        ))
        for (metric, value) in try arguments.all(tolerance) {
            if let earlier = set.absoluteOverrides.updateValue(value, forKey: metric) {
                throw .invalidValue(
                    option: tolerance.name, value: "\(metric.column)=\(NumberFormat.compact(value))",
                    expected: "each metric once, and \(metric.column) was already given \(NumberFormat.compact(earlier)); "
                        + "keep the one you mean"
                )
            }
        }
        return set
    }

    /// Prints what the terrain lookups found; refuses to record a baseline of terrain-lookup on tiles that miss the
    /// paths, which would record raw GPS altitude as its scores.
    /// - Throws: `CommandError.terrainLookupsFellBack` when updating and most lookups kept their GPS altitude.
    private static func reportTerrainLookups(_ current: CurrentResults, isUpdate: Bool) throws {
        guard let dem = current.dem else { return }
        if isUpdate, let problem = dem.fallbackProblem(scenarioFile: current.scenarioFile) {
            throw CommandError.terrainLookupsFellBack(problem: problem)
        }
        dem.report(scenarioFile: current.scenarioFile)
    }

    /// Requires that the baseline was made by this run's setup (suite, file, seeds, version, tiles).
    /// - Throws: `CommandError.baselineContextDiffers` listing the differences and how to re-record.
    private static func requireSameSetup(
        _ baseline: ResultsSummary, as current: CurrentResults, file: String, updateCommand: String, arguments: ParsedArguments,
        context: CommandContext
    ) throws {
        var comparable = current.context
        comparable.shard = nil
        var differences = baseline.context.differences(from: comparable)
        if let tiles = baseline.context.demArcSeconds, let mine = comparable.demArcSeconds, tiles != mine, tiles.count == 1 {
            let folder = "tiles-\(tiles[0])arcsec"
            let dem = context.invocation(
                DEMCommand.self, SuiteOptions.scenarios.name, Shell.quoted(try SuiteOptions(arguments).file),
                DEMCommand.output.name, folder, DEMCommand.arcSeconds.name, "\(tiles[0])"
            )
            differences.append("write tiles like the baseline's with '\(dem)' and run with \(DEMOptions.dem.name) \(folder)")
        }
        guard differences.isEmpty else {
            // Re-recording only some filters keeps the others' rows, which cannot be kept under another setup.
            let runFilters = Set(current.filterLabels)
            let keepsOthers = current.isFilterSubset && baseline.labels.contains { !runFilters.contains($0) }
            let command = keepsOthers
                ? updateInvocation(arguments, seeds: current.hasSeeds ? "\(current.context.seeds)" : nil, withFilters: false, context: context)
                : updateCommand
            throw CommandError.baselineContextDiffers(file: file, differences: differences, updateCommand: command)
        }
    }

    /// The comparison of the judged baseline rows with the run's, once usable.
    /// - Throws: `CommandError.noSharedResults` when nothing could be compared, `.unusableBaselineValue` for a baseline
    ///   value no result could fail against.
    private static func compared(
        _ pairing: BaselinePairing, baseline: ResultsSummary, file: String, updateCommand: String
    ) throws -> BaselineComparison {
        let comparison = pairing.comparison
        guard pairing.judgedCount > 0, comparison.comparedResultCount > 0 || !comparison.nonFinite.isEmpty
            || !comparison.changedInputs.isEmpty || !comparison.missing.isEmpty else {
            throw CommandError.noSharedResults(
                file: file, filters: labelHint(baseline: baseline.labels, run: pairing.runFilters), updateCommand: updateCommand
            )
        }
        if let bad = comparison.badBaselineValues.first {
            throw CommandError.unusableBaselineValue(
                file: file, line: pairing.firstBadValueLine, column: bad.metric.column,
                problem: bad.baseline == nil ? "is empty, but this run measures it" : "is marked non-finite",
                row: "scenario '\(bad.key.scenarioID)' with filter '\(bad.key.filter)', seed \(bad.key.seed)",
                others: comparison.badBaselineValues.count - 1, updateCommand: updateCommand
            )
        }
        return comparison
    }

    /// Prints the report, appends it to the CI job summary when there is one, and writes `--junit`'s file.
    private static func publish(_ report: BaselineReport, junit file: String?, context: CommandContext) throws {
        let markdown = report.render()
        context.print(markdown)
        if let summaryPath = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
            appendSummary(markdown, to: summaryPath, context: context)
        }
        if let file {
            try AtomicFile.write(BaselineJUnit.render(report), to: URL(fileURLWithPath: file))
        }
    }

    /// The exit code of a verdict; for a regression against a baseline that does not record its terrain tiles, a
    /// note on standard error saying what to suspect.
    private static func exitCode(
        for outcome: BaselineComparison.Verdict, baseline: ResultsSummary, current: CurrentResults, file: String, context: CommandContext
    ) -> ExitCode {
        switch outcome {
        case .pass: return .success
        case .improvedOnly: return .improvementsOnly
        case .regressed:
            if baseline.context.demArcSeconds == nil, let tiles = current.context.demArcSeconds {
                context.console.standardError(
                    "note: baseline '\(file)' does not record the terrain tiles it was made on; this run used "
                        + "\(ResultsContext.spacingDescription(tiles)) tiles. If terrain-lookup's rows got worse, "
                        + "tiles of another spacing may be why (the hills baseline is made on 3 arc-second tiles: "
                        + "'\(DEMCommand.name) \(DEMCommand.arcSeconds.name) 3'). Re-recording the baseline records them.\n"
                )
            }
            return .regression
        }
    }

    /// The committed baseline, read through without keeping its rows (`ResultsSummary`).
    /// - Throws: `CommandError.missingBaseline` with the command that records one; the reading error of a malformed baseline.
    static func summarizeBaseline(_ file: String, arguments: ParsedArguments, context: CommandContext) throws -> ResultsSummary {
        guard FileManager.default.fileExists(atPath: file) else {
            let seeds = arguments.text(seeds) ?? arguments.text(SeedOptions.seed)
            throw CommandError.missingBaseline(
                file: file, updateCommand: updateInvocation(arguments, seeds: seeds, withFilters: true, context: context)
            )
        }
        return try ResultsSummary(url: URL(fileURLWithPath: file))
    }

    /// The baseline being re-recorded: nil if there is none or it no longer reads (an old schema).
    /// - Throws: `CommandError.notABaseline` when re-recording would replace something that is not a results file.
    static func loadBaseline(_ file: String, arguments: ParsedArguments, context: CommandContext) throws -> ResultsFile? {
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

    /// Writes the run as the baseline; with `--filter`, replaces only those filters' rows of a baseline of the same setup.
    /// - Throws: `CommandError.nonFiniteBaseline` for a run with NaN or infinite values, `.partialBaselineUpdate` when
    ///   the old baseline's other rows come from another setup; the writing error.
    static func writeBaseline(
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
                    file: file, differences: differences,
                    updateCommand: updateInvocation(arguments, seeds: seeds, withFilters: false, context: context)
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
        try AtomicFile.write(try ResultsCSV.render(rows, context: current.context), to: URL(fileURLWithPath: file))
        let filters = Set(current.scores.map(\.filter)).count
        context.print(
            "Wrote \(current.scores.count) results (\(current.description)) to \(file)\(kept); \(NumberFormat.count(filters, "filter")) recorded."
        )
        return .success
    }

    /// When the run's filters and the baseline's have no label in common, both lists and how to compare a retuned
    /// filter under the baseline's label; nil otherwise.
    static func labelHint(baseline baselineLabels: [String], run runLabels: [String]) -> String? {
        guard !baselineLabels.isEmpty, Set(baselineLabels).isDisjoint(with: runLabels) else { return nil }
        func list(_ labels: [String]) -> String {
            labels.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (labels.count > 5 ? " and \(labels.count - 5) more" : "")
        }
        var hint = "the baseline's filters are labelled \(list(baselineLabels)), this run's \(list(runLabels))."
        // A retuned filter (`median:n=5`) whose name the baseline has as a label (`median`): suggest that label.
        for spec in runLabels {
            let name = String(spec.prefix { $0 != ":" && $0 != "+" })
            if baselineLabels.contains(name) {
                hint += " Rows are matched by label: judge the retuned filter under the baseline's with "
                    + "\(filter.name) \(Shell.quoted(name + "=" + spec))."
                break
            }
        }
        return hint
    }
}
