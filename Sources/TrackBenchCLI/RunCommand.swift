import Foundation
import TrackBenchMetrics
import TrackBenchReports
import TrackBenchSupport

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
        try OutputGuard.check(
            folder: outputFolder, writing: [ResultsCSV.fileName] + RunReport.fileNames, option: output.name,
            against: [OutputGuard.scenarioFile(file)]
        )

        let plan = try suite.plan(
            filters: filters, seeds: seeds, seedsGiven: seedOptions.isGiven, shard: shard, demArcSeconds: dem.arcSeconds(for: filters)
        )
        // Rows go to the file's temporary file as units finish; the reports keep only what they show. A shard's rows
        // alone would make a misleading report: only the merged run gets one.
        let results = try ResultsStream(folder: outputFolder, context: plan.context, keepsReports: shard == nil)
        let start = Date()
        try await LoadedSuite.stream(
            plan, jobs: jobs, progress: try ProgressOptions(arguments).isShown ? context.console.standardError : nil,
            notes: context.console.standardError, transform: results.transform, consume: results.add
        )
        let elapsed = Date().timeIntervalSince(start)
        let reading = suite.readingSummary
        if !reading.isEmpty {
            context.print("Read '\(file)':")
            reading.forEach { context.print($0) }
        }
        let timing = "in \(NumberFormat.fixed(elapsed, decimals: 2)) s."

        if let shard {
            try context.writePartialResults(
                results.file, shard: shard, scenarioFile: file,
                summary: "Ran shard \(shard): \(plan.unitCount.ran) of \(plan.unitCount.all) units of \(plan.description) \(timing)", note: note
            )
            dem.report(scenarioFile: file)
            return .success
        }
        try context.writeResults(
            results.file, tally: results.tally, context: plan.context, to: outputFolder, summary: "Ran \(plan.description) \(timing)", note: note,
            timings: ExecOptions.timings(of: filters)
        )
        dem.report(scenarioFile: file)
        return .success
    }
}
