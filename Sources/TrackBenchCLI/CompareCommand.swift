import Foundation
import TrackBenchMetrics
import TrackBenchReports
import TrackBenchSupport
import TrackBenchGate

/// `compare`: two results files side by side.
enum CompareCommand: Command {
    static let name = "compare"
    static let overview = "Put two results.csv files side by side per filter and scenario group, with deltas."
    static let arguments = [
        Argument(name: "a.csv", help: "The first results file (A), such as a committed baseline."),
        Argument(name: "b.csv", help: "The second results file (B), such as a new tuning's run."),
    ]
    static let by = Option<ComparisonReport.Grouping>(
        name: "--by",
        valueName: "group",
        help: "Group scenarios by \(groupings) after the all-scenarios table.",
        expected: "one of \(groupings)"
    ) { ComparisonReport.Grouping(rawValue: $0) }
        .defaulting(to: .signal, shown: ComparisonReport.Grouping.signal.rawValue)
    static let output = OutputOptions.folder.help(
        "Also write the report as \(ComparisonReport.fileName) and its chart as \(ComparisonChart.fileName) into this folder, created if missing."
    )
    static let options = [by.spec, output.spec, HelpOption.help.spec]

    private static var groupings: String { ComparisonReport.Grouping.allCases.map(\.rawValue).joined(separator: ", ") }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        guard arguments.positionals.count >= 2 else {
            throw UsageError.missingArgument("two results files", command: name)
        }
        if arguments.positionals.count > 2 {
            throw UsageError.unexpectedArgument(arguments.positionals[2], command: name)
        }
        let grouping = try arguments.value(by)
        let folderURL = try arguments.value(output)
        let files = arguments.positionals
        if let folderURL {
            try OutputGuard.check(
                folder: folderURL, writing: [ComparisonReport.fileName, ComparisonChart.fileName], option: output.name,
                against: [("results file A", files[0]), ("results file B", files[1])]
            )
        }
        let first = try ResultsCSV.load(from: URL(fileURLWithPath: files[0]))
        let second = try ResultsCSV.load(from: URL(fileURLWithPath: files[1]))
        let decisions = PairedVerdicts.decisions(of: .errorPercent, first: first.scores, second: second.scores)
        let report = ComparisonReport(first: (files[0], first), second: (files[1], second), grouping: grouping, decisions: decisions)
        guard report.sharedRunCount > 0 else {
            throw CommandError.nothingToCompare(first: files[0], second: files[1])
        }
        let text = report.render()
        if let folderURL {
            let reportURL = folderURL.appendingPathComponent(ComparisonReport.fileName)
            let chartURL = folderURL.appendingPathComponent(ComparisonChart.fileName)
            try AtomicFile.write([(text, reportURL), (ComparisonChart.render(report), chartURL)])
            context.print(text)
            context.print("Wrote \(reportURL.relativePath) and \(chartURL.relativePath).")
        } else {
            context.print(text)
        }
        return .success
    }
}
