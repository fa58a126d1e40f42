import Foundation
import TrackBench

/// `trackbench run`: the benchmark itself.
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
    static let jobs = OptionSpec(
        name: "--jobs",
        valueName: "n",
        help: "Scenarios to run at once; results do not depend on it. (default: all cores)"
    )
    static let options = [CommonOptions.scenarios, CommonOptions.seed, filter, output, jobs, CommonOptions.help]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        if let extra = arguments.positionals.first {
            throw UsageError.unexpectedArgument(extra, command: name)
        }
        let seed = try context.seed(from: arguments)
        let filters = try context.filters(from: arguments, option: filter.name)
        let jobs = try jobCount(from: arguments)
        let (suite, _) = try context.suite(from: arguments)
        // Another suite's reports go beside the default ones instead of over them.
        let defaultFolder = suite.name == "default" ? "Results" : "Results/\(CommandContext.fileName(for: suite.name))"
        let outputFolder = try arguments.folder(output.name) ?? URL(fileURLWithPath: defaultFolder)

        let start = Date()
        let benchmark = Benchmark(scenarios: suite.scenarios, filters: filters, seed: seed)
        let scores = await benchmark.run(maximumConcurrency: jobs)
        let elapsed = Date().timeIntervalSince(start)

        let csv = ResultsCSV.render(scores)
        let report = MarkdownReport(suiteName: suite.name, seed: seed, scores: scores).render()
        let csvURL = outputFolder.appendingPathComponent("results.csv")
        let reportURL = outputFolder.appendingPathComponent("report.md")
        try AtomicFile.write(csv, to: csvURL)
        try AtomicFile.write(report, to: reportURL)

        context.print("Ran \(suite.scenarios.count) scenarios x \(filters.count) filters (suite '\(suite.name)', seed \(seed)) in \(String(format: "%.2f", elapsed)) s.")
        context.print("Wrote \(csvURL.relativePath) and \(reportURL.relativePath).")
        context.print()
        context.print(rankingTable(FilterSummary.ranking(of: scores)))
        return .success
    }

    static func jobCount(from arguments: ParsedArguments) throws(UsageError) -> Int {
        guard let text = arguments.value(jobs.name) else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let count = Int(text), count >= 1 else {
            throw .invalidValue(option: jobs.name, value: text, expected: "a whole number >= 1")
        }
        return count
    }

    /// The ranking as an aligned plain-text table for the terminal.
    static func rankingTable(_ ranking: [FilterSummary]) -> String {
        let header = ["Rank", "Filter", "Mean abs error %", "Worst abs error %", "Improved"]
        let rows = ranking.enumerated().map { rank, summary in
            [
                String(rank + 1),
                summary.filter,
                String(format: "%.2f", summary.meanAbsoluteErrorPercent),
                String(format: "%.2f", summary.worstAbsoluteErrorPercent),
                "\(summary.improvedCount)/\(summary.scenarioCount)",
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
