import Foundation
import TrackBenchFilters
import TrackBenchScoring
import TrackBenchResults
import TrackBenchModel

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
        /// The seeds `--noise-seeds` ran instead of the baseline's, paired with them in order; nil otherwise.
        var noiseSeeds: SeedRange? = nil
    }

    /// Reads `--results`, or reruns the suite (or one shard) under the seeds given or the baseline's.
    /// - Throws: `UsageError` for options that cannot go together or bad values; the errors of loading and running.
    static func currentResults(_ arguments: ParsedArguments, baseline: ResultsFile?, context: CommandContext) async throws -> CurrentResults {
        let excluded = [filter.spec, SeedOptions.seed.spec, seeds.spec, ShardOptions.shard.spec, SuiteOptions.scenarios.spec, noiseSeeds.spec]
        if let (file, read) = try ResultsFileOptions.read(arguments, excluding: excluded) {
            return CurrentResults(context: read.context, scores: read.scores, description: "from \(file)", judges: { _ in true })
        }
        let shard = try ShardOptions(arguments).shard
        if shard != nil && arguments.isSet(update) {
            throw UsageError.conflictingOptions(ShardOptions.shard.name, update.name)
        }
        // Without --seed or --seeds the gate reruns the seeds the baseline records.
        let seedsGiven = arguments.isGiven(SeedOptions.seed) || arguments.isGiven(seeds)
        var seedRange = seedsGiven || baseline == nil ? try SeedOptions(arguments).seeds : baseline!.context.seeds
        let noise = try noiseSeedPairing(arguments, baseline: baseline, seedsGiven: seedsGiven)
        if let noise { seedRange = noise.seeds }
        let dem = try DEMOptions(arguments, context: context)
        let (suite, file) = try context.loadedSuite(SuiteOptions(arguments))
        if noise != nil && !suite.takesSeeds { throw UsageError.seedsForRecordings(suite: suite.name) }
        let filters = try dem.apply(to: filters(from: arguments, baseline: baseline?.scores ?? [], withSensors: suite.hasSensors, context: context))
        try context.requireSensors(for: filters, hasSensors: suite.hasSensors, file: file)
        let (plan, scores) = try await suite.run(
            filters: filters, seeds: seedRange, seedsGiven: seedsGiven, shard: shard, demArcSeconds: dem.arcSeconds(for: filters),
            jobs: try JobsOptions(arguments).jobs,
            progress: try ProgressOptions(arguments).isShown ? context.console.standardError : nil
        )
        var written = ResultsCSV.asWritten(scores)
        var runContext = plan.context
        var runs = plan.runs
        var planned = plan.plannedRuns
        if let noise {
            // Each noise seed stands for the baseline's seed at its position, so the rows pair as if rerun.
            let paired = { (seed: UInt64) in seed - noise.seeds.first + noise.baseline.first }
            for index in written.indices { written[index].seed = paired(written[index].seed) }
            runs = Set(runs.map { ScenarioScore.Run(seed: paired($0.seed), scenarioID: $0.scenarioID) })
            planned = Set(planned.map { ScenarioScore.Run(seed: paired($0.seed), scenarioID: $0.scenarioID) })
            runContext.seeds = noise.baseline
        }
        let answersForOrphans = shard.map { $0.index == 1 } ?? true
        let isSubset = try FilterOptions(arguments).isGiven
        let labels = Set(filters.map(\.label))
        return CurrentResults(
            context: runContext, scores: written, description: plan.description,
            judges: { [runs, planned] row in
                (!isSubset || labels.contains(row.filter)) && (runs.contains(row.run) || answersForOrphans && !planned.contains(row.run))
            },
            isFilterSubset: isSubset, hasSeeds: suite.takesSeeds, dem: dem, scenarioFile: file, noiseSeeds: noise?.seeds
        )
    }

    /// `--noise-seeds` and the baseline's seeds it pairs with, in order; nil without the option.
    /// - Throws: `UsageError` with `--seed`, `--seeds`, `--update-baseline` or `--shard`, without a baseline, or when the
    ///   two ranges differ in length.
    private static func noiseSeedPairing(
        _ arguments: ParsedArguments, baseline: ResultsFile?, seedsGiven: Bool
    ) throws(UsageError) -> (seeds: SeedRange, baseline: SeedRange)? {
        guard let range = try arguments.value(noiseSeeds) else { return nil }
        if seedsGiven { throw .conflictingOptions(noiseSeeds.name, arguments.isGiven(seeds) ? seeds.name : SeedOptions.seed.name) }
        if arguments.isSet(update) { throw .conflictingOptions(noiseSeeds.name, update.name) }
        if arguments.isGiven(ShardOptions.shard) { throw .conflictingOptions(noiseSeeds.name, ShardOptions.shard.name) }
        guard let recorded = baseline?.context.seeds else { return nil }
        guard range.count == recorded.count else {
            throw .invalidValue(
                option: noiseSeeds.name, value: "\(range)",
                expected: "as many seeds as the baseline records (\(recorded.count): \(recorded)), paired with them in order"
            )
        }
        return (range, recorded)
    }

    /// The filters to rerun: those given, or every default one plus the baseline's others (rebuilt from their specs).
    private static func filters(
        from arguments: ParsedArguments,
        baseline: [ScenarioScore],
        withSensors: Bool,
        context: CommandContext
    ) throws -> [FilterConfiguration] {
        let specifications = try FilterOptions(arguments).specifications
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
}
