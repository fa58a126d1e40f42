import Foundation
import TrackBenchFilters
import TrackBenchGate
import TrackBenchMetrics
import TrackBenchModel

extension CheckCommand {
    /// The results to judge: read from `--results`, or computed now (all of the work, or one shard's), delivered a row
    /// at a time (`deliver`).
    struct CurrentResults {
        var context: ResultsContext
        /// "72 scenarios x 13 filters x 10 seeds", for messages.
        var description: String
        /// Whether a baseline row is judged: its filter is one this run checks, and its run is this shard's
        /// (the first shard also answers for runs no shard has: a scenario since renamed).
        var judges: @Sendable (ScenarioScore.Key) -> Bool
        /// Whether the rows may include one with the key: false only for keys they certainly lack.
        var mayHave: @Sendable (ScenarioScore.Key) -> Bool
        /// Reads the results file or runs the suite, handing each row, as a results file holds it, in order to `consume`.
        var deliver: (_ consume: (ScenarioScore) throws -> Void) async throws -> Void
        /// The rows, once `collect()` gathered them: only for re-recording the baseline.
        var scores: [ScenarioScore] = []
        /// The filters of the rows delivered, in order of first appearance.
        var filterLabels: [String] = []
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

        /// Delivers every row into `scores`, to write them as the baseline.
        mutating func collect() async throws {
            var rows: [ScenarioScore] = []
            try await deliver { rows.append($0) }
            scores = rows
            filterLabels = rows.map(\.filter).uniqued()
        }
    }

    /// Prepares to read `--results`, or to rerun the suite (or one shard) under the seeds given or the baseline's.
    /// A results file is read through once here, so its errors come before any work.
    /// - Throws: `UsageError` for options that cannot go together or bad values; the errors of loading and planning.
    static func currentResults(_ arguments: ParsedArguments, baseline: ResultsSummary?, context: CommandContext) throws -> CurrentResults {
        let excluded = [filter.spec, SeedOptions.seed.spec, seeds.spec, ShardOptions.shard.spec, SuiteOptions.scenarios.spec, noiseSeeds.spec]
        if let file = try ResultsFileOptions.summarize(arguments, excluding: excluded) {
            let (path, summary) = file
            return CurrentResults(
                context: summary.context, description: "from \(path)", judges: { _ in true }, mayHave: { summary.keys.contains($0) },
                deliver: { consume in
                    let reader = try ResultsRowReader(url: URL(fileURLWithPath: path))
                    while let row = try reader.next() { try consume(row.score) }
                }
            )
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
        let filters = try dem.apply(to: filters(
            from: arguments, baseline: baseline?.filters ?? [], baselineFile: try arguments.value(Self.baseline),
            withSensors: suite.hasSensors, context: context
        ))
        try context.requireSensors(for: filters, hasSensors: suite.hasSensors, file: file)
        let plan = try suite.plan(
            filters: filters, seeds: seedRange, seedsGiven: seedsGiven, shard: shard, demArcSeconds: dem.arcSeconds(for: filters)
        )
        let jobs = try JobsOptions(arguments).jobs
        let progress = try ProgressOptions(arguments).isShown ? context.console.standardError : nil
        let (ran, planned) = plan.benchmark.membership
        var runContext = plan.context
        // Each noise seed stands for the baseline's seed at its position, so the rows pair as if rerun.
        let toBaseline: @Sendable (UInt64) -> UInt64 = { seed in noise.map { seed &- $0.seeds.first &+ $0.baseline.first } ?? seed }
        let toRun: @Sendable (UInt64) -> UInt64 = { seed in noise.map { seed &- $0.baseline.first &+ $0.seeds.first } ?? seed }
        if let noise { runContext.seeds = noise.baseline }
        let answersForOrphans = shard.map { $0.index == 1 } ?? true
        let isSubset = try FilterOptions(arguments).isGiven
        let labels = Set(filters.map(\.label))
        return CurrentResults(
            context: runContext, description: plan.description,
            judges: { key in
                let run = ScenarioScore.Run(seed: toRun(key.seed), scenarioID: key.scenarioID)
                return (!isSubset || labels.contains(key.filter)) && (ran(run) || answersForOrphans && !planned(run))
            },
            mayHave: { key in labels.contains(key.filter) && ran(ScenarioScore.Run(seed: toRun(key.seed), scenarioID: key.scenarioID)) },
            deliver: { consume in
                try await LoadedSuite.stream(
                    plan, jobs: jobs, progress: progress, notes: context.console.standardError, transform: ResultsCSV.asWritten
                ) { written in
                    for var score in written {
                        score.seed = toBaseline(score.seed)
                        try consume(score)
                    }
                }
            },
            isFilterSubset: isSubset, hasSeeds: suite.takesSeeds, dem: dem, scenarioFile: file, noiseSeeds: noise?.seeds
        )
    }

    /// Compares the baseline, read a row at a time, with the results as they are delivered.
    /// - Parameter worstRowLimit: How many of the rows that moved most to keep per filter, metric and group; nil for all.
    /// - Throws: The errors of reading the baseline and of delivering the results.
    static func pair(
        _ current: CurrentResults, with baseline: ResultsSummary, file baselineFile: String, tolerances: ToleranceSet, worstRowLimit: Int?
    ) async throws -> BaselinePairing {
        let reader = try ResultsRowReader(url: URL(fileURLWithPath: baselineFile))
        let judges = current.judges
        var pairing = BaselinePairing(
            BaselineComparison(
                tolerances: tolerances, worstRowLimit: worstRowLimit, comparesInputs: current.noiseSeeds == nil,
                seedsInBlocks: baseline.seedsInBlocks
            ),
            baselineRows: {
                while let row = try reader.next() {
                    if judges(row.score.key) { return (row.score, row.line) }
                }
                return nil
            },
            baselineHas: { key in baseline.keys.contains(key) && judges(key) },
            runMayHave: current.mayHave
        )
        try await current.deliver { try pairing.add($0) }
        try pairing.finish()
        return pairing
    }

    /// `--noise-seeds` and the baseline's seeds it pairs with, in order; nil without the option.
    /// - Throws: `UsageError` with `--seed`, `--seeds`, `--update-baseline` or `--shard`, without a baseline, or when the
    ///   two ranges differ in length.
    private static func noiseSeedPairing(
        _ arguments: ParsedArguments, baseline: ResultsSummary?, seedsGiven: Bool
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
    /// - Throws: `CommandError.baselineNeedsProcessFilters`, naming the `--filter` arguments to pass, when the
    ///   baseline holds a filter process and `--filter` was not given: it is never started from a results file.
    private static func filters(
        from arguments: ParsedArguments,
        baseline: [(label: String, specification: String)],
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
        for (label, specification) in baseline where !labels.contains(label) {
            labels.insert(label)
            if specification.hasPrefix(FilterRegistry.processPrefix) {
                processes.append(label)
                continue
            }
            // A filter that no longer parses is left out and reported as missing.
            if var configuration = try? context.registry.configuration(parsing: specification) {
                configuration.label = label
                configurations.append(configuration)
            }
        }
        guard processes.isEmpty else {
            let filterArguments = baseline.map { label, specification in
                let spec = label == specification ? label : "\(label)=\(specification)"
                return "\(filter.name) \(Shell.quoted(spec))"
            }
            throw CommandError.baselineNeedsProcessFilters(file: baselineFile, processes: processes, filterArguments: filterArguments)
        }
        return configurations
    }
}
