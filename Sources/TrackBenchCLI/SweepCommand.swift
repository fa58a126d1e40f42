import Foundation
import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchReports
import TrackBenchSupport

/// `sweep`: one filter parameter over a range of values, side by side.
enum SweepCommand: Command {
    static let name = "sweep"
    static let overview = "Run the suite for each value of one filter parameter and mark the best value."
    static let filterArgument = Argument(
        name: "filter",
        help: "The filter to tune, as for 'run --filter' (other parameters may be set, e.g. kalman or accuracy-gate:max=30+kalman); "
            + "or a labelled filter process with {PARAMETER} where each value goes, e.g. 'median=exec:python3 median.py {window}'."
    )
    static let assignmentArgument = Argument(
        name: "parameter=values",
        help: "The parameter and its values: START...END:STEP (e.g. q=0.5...6:0.5) or a list (e.g. window=3,5,10,20)."
    )
    static let arguments = [filterArgument, assignmentArgument]
    static let by = Option<Metric>(
        name: "--by",
        valueName: "metric",
        help: "Metric (CSV column) that picks the best value.",
        expected: "one of \(Metric.allCases.map(\.column).joined(separator: ", "))"
    ) { Metric(column: $0) }
        .defaulting(to: .errorPercent, shown: "\(Metric.errorPercent.column), the mean absolute distance error")
    static let output = OutputOptions.folder.help(
        "Also write sweep.csv, sweep.md and \(SweepChart.fileName) into this folder; with --shard, the shard's partial results.csv (required)."
    )
    /// The table's files in the output folder, beside `SweepChart.fileName`.
    static let csvFileName = "sweep.csv"
    static let markdownFileName = "sweep.md"
    static let results = ResultsFileOptions.results.help(
        "Make the table from this results file (such as the merge of 'sweep --shard' parts) instead of running."
    )
    static let options = SuiteOptions.scenarioFileOptions + SeedOptions.options + ShardOptions.options + [by.spec, output.spec, results.spec]
        + DEMOptions.options + ExecOptions.options + JobsOptions.options + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let (parameter, values) = try assignment(arguments)
        let rankingMetric = try arguments.value(by)
        let seeds = try SeedOptions(arguments).seeds
        let jobs = try JobsOptions(arguments).jobs
        let dem = try DEMOptions(arguments, context: context)
        let swept = try SweptFilter(arguments.positionals[0], parameter: parameter, values: values, context: context, dem: dem)
        let labels = swept.labels
        let runContext: ResultsContext
        let tally: RankingTally
        let excluded = [SeedOptions.seed.spec, SeedOptions.seeds.spec, ShardOptions.shard.spec, SuiteOptions.scenarios.spec]
        if let folderURL = try arguments.value(output) {
            var inputs = [OutputGuard.scenarioFile(try SuiteOptions(arguments).file)]
            if let resultsFile = try arguments.value(results) { inputs.append(OutputGuard.resultsFile(resultsFile)) }
            let names = arguments.isGiven(ShardOptions.shard.spec) ? [ResultsCSV.fileName] : [csvFileName, markdownFileName, SweepChart.fileName]
            try OutputGuard.check(folder: folderURL, writing: names, option: output.name, against: inputs)
        }
        if let (file, read) = try ResultsFileOptions.read(arguments, excluding: excluded) {
            let found = Set(read.scores.map(\.filter))
            if let absent = labels.first(where: { !found.contains($0) }) {
                throw CommandError.missingSweepValue(file: file, label: absent)
            }
            runContext = read.context
            tally = SweepReport.tally(rankingMetric: rankingMetric, read.scores.filter { labels.contains($0.filter) })
        } else {
            let shard = try ShardOptions(arguments).shard
            let (suite, file) = try context.scenarioSuite(SuiteOptions(arguments), command: name)
            // Checked before any process starts; a message names the filter as given.
            try context.requireSensors(for: swept.base.map { [$0] } ?? [], hasSensors: LoadedSuite.scenarios(suite).hasSensors, file: file)
            let configurations = try swept.configurations(context: context, processes: ExecOptions(arguments))
            let plan = try LoadedSuite.scenarios(suite).plan(
                filters: configurations, seeds: seeds, seedsGiven: true, shard: shard, demArcSeconds: dem.arcSeconds(for: configurations)
            )
            runContext = plan.context
            if let shard {
                try await runShard(shard, plan: plan, scenarioFile: file, dem: dem, jobs: jobs, arguments: arguments, commandContext: context)
                return .success
            }
            // The table is made from the values as a results file holds them, so a sharded sweep merged gives the same table;
            // of the rows it keeps only what it shows, as they come.
            var gathered = SweepReport.tally(rankingMetric: rankingMetric)
            try await LoadedSuite.stream(plan, jobs: jobs, notes: context.console.standardError, transform: { ResultsCSV.asWritten($0) }) { scores in
                for score in scores { gathered.add(score) }
            }
            dem.report(scenarioFile: file)
            tally = gathered
        }
        let report = SweepReport(
            filter: swept.specification,
            parameter: parameter,
            values: zip(values, labels).map { ($0, $1) },
            tally: tally,
            rankingMetric: rankingMetric
        )
        context.print(report.renderMarkdown())
        context.print("Suite '\(runContext.suiteName)', \(runContext.seeds.count == 1 ? "seed" : "seeds") \(runContext.seeds).")
        if let folderURL = try arguments.value(output) {
            try write(report, parameterUnit: swept.parameterUnit, context: runContext, to: folderURL, commandContext: context)
        }
        return .success
    }

    /// The parameter and its values, from the two positional arguments.
    /// - Throws: `UsageError` for a missing or extra argument, or values that do not parse.
    private static func assignment(_ arguments: ParsedArguments) throws(UsageError) -> (parameter: String, values: [Double]) {
        guard arguments.positionals.count >= 2 else {
            throw .missingArgument(arguments.positionals.isEmpty ? "a filter and PARAMETER=VALUES" : "PARAMETER=VALUES", command: name)
        }
        if arguments.positionals.count > 2 {
            throw .unexpectedArgument(arguments.positionals[2], command: name)
        }
        let parts = arguments.positionals[1].split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            throw .invalidValue(
                option: assignmentArgument.spelling, value: arguments.positionals[1], expected: "PARAMETER=START...END:STEP or PARAMETER=A,B,C"
            )
        }
        do {
            return (parts[0], try SweepValues(parsing: parts[1]).values)
        } catch {
            throw .invalidArgument(name: assignmentArgument.spelling, message: error.localizedDescription)
        }
    }

    /// Runs one shard of the sweep and writes its partial results into `--output`, with how to merge the shards
    /// and make the table from them.
    /// - Throws: `UsageError.missingArgument` without `--output`; the writing error.
    private static func runShard(
        _ shard: Shard, plan: LoadedSuite.Plan, scenarioFile file: String, dem: DEMOptions, jobs: Int, arguments: ParsedArguments,
        commandContext context: CommandContext
    ) async throws {
        let folderURL = try arguments.required(output, command: name, purpose: " for the shard's partial results")
        let partial = try ResultsStream(folder: folderURL, context: plan.context, keepsReports: false)
        try await LoadedSuite.stream(plan, jobs: jobs, notes: context.console.standardError, transform: partial.transform, consume: partial.add)
        try context.writePartialResults(partial.file, shard: shard, scenarioFile: file, summary: "Ran shard \(shard) of the sweep.")
        dem.report(scenarioFile: file)
        context.print("  \(context.invocation(Self.self, arguments.positionals[0], arguments.positionals[1], results.name, "<dir>/results.csv"))")
    }

    /// Writes the table as `sweep.csv` and `sweep.md` and its chart into `folder`, and says so.
    private static func write(
        _ report: SweepReport, parameterUnit unit: String, context runContext: ResultsContext, to folderURL: URL,
        commandContext context: CommandContext
    ) throws {
        let chart = SweepChart.render(report, parameterUnit: unit, suite: runContext.suiteName, seeds: runContext.seeds)
        try AtomicFile.write([
            (report.renderCSV(), folderURL.appendingPathComponent(csvFileName)),
            (report.renderMarkdown(), folderURL.appendingPathComponent(markdownFileName)),
            (chart, folderURL.appendingPathComponent(SweepChart.fileName)),
        ])
        context.print("Wrote \(folderURL.appendingPathComponent(csvFileName).relativePath), \(markdownFileName) and \(SweepChart.fileName).")
    }
}
