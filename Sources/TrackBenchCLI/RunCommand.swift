import Foundation
import TrackBenchSupport
import TrackBenchResults

/// `run`: the benchmark itself.
enum RunCommand: Command {
    static let name = "run"
    static let overview = "Run every filter on every scenario and write results.csv and report.md."
    static let arguments: [Argument] = []
    static let filter = FilterOptions.filter
    static let output = OutputOptions.folder.help(
        "Folder for results.csv and report.md, created if missing.",
        default: "Results for the default suite, Results/<suite name> for others; "
            + "Results/local[/<suite name>] when --filter or the seeds differ from the default run's"
    )
    static let options = SuiteOptions.options + SeedOptions.options + ShardOptions.options + [filter.spec, output.spec] + DEMOptions.options
        + ExecOptions.options + JobsOptions.options + ProgressOptions.options + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        try arguments.noPositionals(command: name)
        let seedOptions = try SeedOptions(arguments)
        let seeds = seedOptions.seeds
        let shard = try ShardOptions(arguments).shard
        let specifications = try FilterOptions(arguments).specifications
        let dem = try DEMOptions(arguments, context: context)
        let given = try context.filters(specifications, option: filter.name, processes: try ExecOptions(arguments))
        let jobs = try JobsOptions(arguments).jobs
        let (suite, file) = try context.loadedSuite(SuiteOptions(arguments))
        let filters = try dem.apply(to: specifications.isEmpty ? context.registry.defaultConfigurations(withSensors: suite.hasSensors) : given)
        try context.requireSensors(for: filters, hasSensors: suite.hasSensors, file: file)
        // Another suite's reports go beside the default ones, a trial run's into Results/local, a shard's into a folder of its own.
        let givenFolder = try arguments.value(output)
        let defaultFolder = ResultsFolder(
            suite: suite, file: file, filters: filters.map { ($0.label, $0.specification) },
            defaultFilters: context.registry.defaultConfigurations(withSensors: suite.hasSensors),
            seeds: seeds, shard: shard
        )
        let outputFolder = givenFolder ?? defaultFolder.url
        let note = givenFolder == nil ? defaultFolder.note : nil

        let start = Date()
        let outcome = try await suite.run(
            filters: filters, seeds: seeds, seedsGiven: seedOptions.isGiven, shard: shard, demArcSeconds: dem.arcSeconds(for: filters), jobs: jobs,
            progress: try ProgressOptions(arguments).isShown ? context.console.standardError : nil
        )
        let elapsed = Date().timeIntervalSince(start)
        let reading = suite.readingSummary
        if !reading.isEmpty {
            context.print("Read '\(file)':")
            reading.forEach { context.print($0) }
        }
        let timing = "in \(NumberFormat.fixed(elapsed, decimals: 2)) s."

        if let shard {
            // A shard's rows alone would make a misleading report: only the merged run gets one.
            try context.writePartialResults(
                ResultsCSV.render(outcome.scores, context: outcome.context), to: outputFolder, shard: shard, scenarioFile: file,
                summary: "Ran shard \(shard): \(outcome.unitCount.ran) of \(outcome.unitCount.all) units of \(outcome.description) \(timing)",
                note: note
            )
            dem.report(scenarioFile: file)
            return .success
        }
        try context.writeResults({ ResultsCSV.render(outcome.scores, context: outcome.context) }, holding: {
            ResultsFile(context: outcome.context, scores: ResultsCSV.asWritten(outcome.scores))
        }, to: outputFolder, summary: "Ran \(outcome.description) \(timing)", note: note, timings: ExecOptions.timings(of: filters))
        dem.report(scenarioFile: file)
        return .success
    }
}
