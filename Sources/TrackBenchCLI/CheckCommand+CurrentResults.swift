import Foundation
import TrackBenchFilters
import TrackBenchScoring
import TrackBenchResults

extension CheckCommand {
    /// The results to judge: read from `--results`, or computed now (all of the work, or one shard's).
    struct CurrentResults {
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

    /// Reads `--results`, or reruns the suite (or one shard) under the seeds given or the baseline's.
    /// - Throws: `UsageError` for options that cannot go together or bad values; the errors of loading and running.
    static func currentResults(_ arguments: ParsedArguments, baseline: ResultsFile?, context: CommandContext) async throws -> CurrentResults {
        let excluded = [filter.spec, SeedOptions.seed.spec, seeds.spec, ShardOptions.shard.spec, SuiteOptions.scenarios.spec]
        if let (file, read) = try ResultsFileOptions.read(arguments, excluding: excluded) {
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
        let filters = try dem.apply(to: filters(
            from: arguments, baseline: baseline?.scores ?? [], baselineFile: try arguments.value(Self.baseline, default: defaultBaseline),
            withSensors: suite.hasSensors, context: context
        ))
        try context.requireSensors(for: filters, hasSensors: suite.hasSensors, file: file)
        let (plan, scores) = try await suite.run(
            filters: filters, seeds: seedRange, seedsGiven: seedsGiven, shard: shard, demArcSeconds: dem.arcSeconds(for: filters),
            jobs: try JobsOptions(arguments).jobs,
            progress: try ProgressOptions(arguments).isShown ? context.console.standardError : nil, notes: context.console.standardError
        )
        let written = ResultsCSV.asWritten(scores)
        let runs = plan.runs
        let planned = plan.plannedRuns
        let answersForOrphans = shard.map { $0.index == 1 } ?? true
        let isSubset = try FilterOptions(arguments).isGiven
        let labels = Set(filters.map(\.label))
        return CurrentResults(
            context: plan.context, scores: written, description: plan.description,
            judges: { row in
                (!isSubset || labels.contains(row.filter)) && (runs.contains(row.run) || answersForOrphans && !planned.contains(row.run))
            },
            isFilterSubset: isSubset, hasSeeds: suite.takesSeeds, dem: dem, scenarioFile: file
        )
    }

    /// The filters to rerun: those given, or every default one plus the baseline's others (rebuilt from their specs).
    /// - Throws: `CommandError.baselineNeedsProcessFilters`, naming the `--filter` arguments to pass, when the
    ///   baseline holds a filter process and `--filter` was not given: it is never started from a results file.
    private static func filters(
        from arguments: ParsedArguments,
        baseline: [ScenarioScore],
        baselineFile: String,
        withSensors: Bool,
        context: CommandContext
    ) throws -> [FilterConfiguration] {
        let specifications = try FilterOptions(arguments).specifications
        if !specifications.isEmpty {
            return try context.filters(specifications, option: filter.name, processes: try ExecOptions(arguments))
        }
        var configurations = context.registry.defaultConfigurations(withSensors: withSensors)
        var labels = Set(configurations.map(\.label))
        var processes: [String] = []
        for score in baseline where !labels.contains(score.filter) {
            labels.insert(score.filter)
            if score.filterSpecification.hasPrefix(FilterRegistry.processPrefix) {
                processes.append(score.filter)
                continue
            }
            // A filter that no longer parses is left out and reported as missing.
            if var configuration = try? context.registry.configuration(parsing: score.filterSpecification) {
                configuration.label = score.filter
                configurations.append(configuration)
            }
        }
        guard processes.isEmpty else {
            var seen: Set<String> = []
            let filterArguments = baseline.filter { seen.insert($0.filter).inserted }.map { score in
                let spec = score.filter == score.filterSpecification ? score.filter : "\(score.filter)=\(score.filterSpecification)"
                return "\(filter.name) \(Shell.quoted(spec))"
            }
            throw CommandError.baselineNeedsProcessFilters(file: baselineFile, processes: processes, filterArguments: filterArguments)
        }
        return configurations
    }
}
