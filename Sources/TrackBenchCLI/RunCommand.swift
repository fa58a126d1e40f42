import Foundation
@_spi(CLI) import TrackBench

/// `run`: the benchmark itself.
enum RunCommand: Command {
    static let name = "run"
    static let overview = "Run every filter on every scenario and write results.csv and report.md."
    static let arguments: [(name: String, help: String)] = []
    static let filter = OptionSpec(
        name: "--filter",
        valueName: "spec",
        isRepeatable: true,
        help: "Filter to run: NAME, NAME:KEY=VALUE[,KEY=VALUE], or stages joined by '+'. Repeat for more. (default: every registered filter)"
    )
    static let output = OptionSpec(
        name: "--output",
        valueName: "dir",
        help: "Folder for results.csv and report.md, created if missing. (default: Results for the default suite, Results/<suite name> for others)"
    )
    static let options = SuiteOptions.options + SeedOptions.options + [filter, output] + JobsOptions.options + [HelpOption.help]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        if let extra = arguments.positionals.first {
            throw UsageError.unexpectedArgument(extra, command: name)
        }
        let seeds = try SeedOptions(arguments).seeds
        let specifications = arguments.all(filter)
        let filters = specifications.isEmpty ? context.registry.defaultConfigurations : try context.filters(specifications, option: filter.name)
        let jobs = try JobsOptions(arguments).jobs
        let (suite, _) = try context.suite(SuiteOptions(arguments))
        // Another suite's reports go beside the default ones instead of over them.
        let defaultFolder = suite.name == "default" ? "Results" : "Results/\(CommandContext.fileName(for: suite.name))"
        let outputFolder = try arguments.folder(output) ?? URL(fileURLWithPath: defaultFolder)

        let start = Date()
        let benchmark = Benchmark(scenarios: suite.scenarios, filters: filters, seeds: seeds)
        let scores = await benchmark.run(maximumConcurrency: jobs)
        let elapsed = Date().timeIntervalSince(start)

        let resultsContext = ResultsContext(suite: suite, seeds: seeds)
        let csv = ResultsCSV.render(scores, context: resultsContext)
        let report = MarkdownReport(context: resultsContext, scores: scores).render()
        let csvURL = outputFolder.appendingPathComponent("results.csv")
        let reportURL = outputFolder.appendingPathComponent("report.md")
        try AtomicFile.write([(csv, csvURL), (report, reportURL)])

        context.print("Ran \(suite.scenarios.count) scenarios x \(filters.count) filters (suite '\(suite.name)', \(seeds.count == 1 ? "seed" : "seeds") \(seeds)) in \(NumberFormat.fixed(elapsed, decimals: 2)) s.")
        context.print("Wrote \(csvURL.relativePath) and \(reportURL.relativePath).")
        context.print()
        context.print(TerminalRanking.render(FilterRanking(scores: scores)))
        return .success
    }
}
