import Foundation
import TrackBenchSupport
import TrackBenchFilters
import TrackBenchScoring
import TrackBenchResults
import TrackBenchCharts
import TrackBenchReports

/// `sweep`: one filter parameter over a range of values, side by side.
enum SweepCommand: Command {
    static let name = "sweep"
    static let overview = "Run the suite for each value of one filter parameter and mark the best value."
    static let arguments: [(name: String, help: String)] = [
        ("filter", "The filter to tune, as for 'run --filter' (other parameters may be set, e.g. kalman or accuracy-gate:max=30+kalman)."),
        ("parameter=values", "The parameter and its values: START...END:STEP (e.g. q=0.5...6:0.5) or a list (e.g. window=3,5,10,20)."),
    ]
    static let by = OptionSpec(
        name: "--by",
        valueName: "metric",
        help: "Metric (CSV column) that picks the best value. (default: error_pct, the mean absolute distance error)"
    )
    static let output = OptionSpec(
        name: "--output",
        valueName: "dir",
        help: "Also write sweep.csv, sweep.md and sweep.svg into this folder; with --shard, the shard's partial results.csv (required)."
    )
    static let results = OptionSpec(
        name: "--results",
        valueName: "file",
        help: "Make the table from this results file (such as the merge of 'sweep --shard' parts) instead of running."
    )
    static let options = SuiteOptions.options + SeedOptions.options + ShardOptions.options + [by, output, results] + DEMOptions.options + JobsOptions.options + [HelpOption.help]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        guard arguments.positionals.count >= 2 else {
            throw UsageError.missingArgument(arguments.positionals.isEmpty ? "a filter and PARAMETER=VALUES" : "PARAMETER=VALUES", command: name)
        }
        if arguments.positionals.count > 2 {
            throw UsageError.unexpectedArgument(arguments.positionals[2], command: name)
        }
        let assignment = arguments.positionals[1].split(separator: "=", maxSplits: 1).map(String.init)
        guard assignment.count == 2 else {
            throw UsageError.invalidValue(option: "<parameter=values>", value: arguments.positionals[1], expected: "PARAMETER=START...END:STEP or PARAMETER=A,B,C")
        }
        let parameter = assignment[0]
        let values: [Double]
        do {
            values = try SweepValues(parsing: assignment[1]).values
        } catch {
            throw UsageError.invalidArgument(name: "<parameter=values>", message: error.localizedDescription)
        }
        let rankingMetric = try metric(from: arguments)
        let seeds = try SeedOptions(arguments).seeds
        let jobs = try JobsOptions(arguments).jobs
        let dem = try DEMOptions(arguments, context: context)
        let base = try dem.apply(to: context.filters([arguments.positionals[0]], option: "<filter>"))[0]
        let configurations: [FilterConfiguration]
        do {
            configurations = try values.map { value throws(FilterSpecificationError) in try base.setting(parameter, to: value) }
        } catch .unknownParameter(_, _, let known) {
            let list = known.isEmpty ? "it has no parameters" : "it has \(known.joined(separator: ", "))"
            throw UsageError.invalidValue(option: "<parameter=values>", value: parameter, expected: "a parameter of '\(base.specification)'; \(list)")
        } catch {
            throw UsageError.invalidFilter(error.localizedDescription)
        }
        let labels = configurations.map(\.label)
        let scores: [ScenarioScore]
        let runContext: ResultsContext
        if let file = arguments.value(results) {
            let read = try context.wholeResults(
                file, option: results, excluding: [SeedOptions.seed, SeedOptions.seeds, ShardOptions.shard, SuiteOptions.scenarios], in: arguments
            )
            let found = Set(read.scores.map(\.filter))
            if let absent = labels.first(where: { !found.contains($0) }) {
                throw CommandError.missingSweepValue(file: file, label: absent)
            }
            runContext = read.context
            scores = read.scores.filter { labels.contains($0.filter) }
        } else {
            let shard = try ShardOptions(arguments).shard
            let (suite, file) = try context.scenarioSuite(SuiteOptions(arguments), command: name)
            try context.requireSensors(for: [base], hasSensors: LoadedSuite.scenarios(suite).hasSensors, file: file)
            runContext = ResultsContext(suite: suite, seeds: seeds, shard: shard, demArcSeconds: dem.arcSeconds(for: configurations))
            let benchmark = Benchmark(scenarios: suite.scenarios, filters: configurations, seeds: seeds, shard: shard)
            if let shard {
                guard let folderURL = try arguments.folder(output) else {
                    throw UsageError.missingArgument("--output <dir> for the shard's partial results", command: name)
                }
                let computed = await benchmark.run(maximumConcurrency: jobs)
                try context.writePartialResults(
                    ResultsCSV.render(computed, context: runContext), to: folderURL, shard: shard, scenarioFile: file,
                    summary: "Ran shard \(shard) of the sweep."
                )
                dem.report(scenarioFile: file)
                context.print("  \(context.invocation(Self.self, arguments.positionals[0], arguments.positionals[1], results.name, "<dir>/results.csv"))")
                return .success
            }
            let computed = await benchmark.run(maximumConcurrency: jobs)
            dem.report(scenarioFile: file)
            // The table is made from the values as a results file holds them, so a sharded sweep merged gives the same table.
            scores = ResultsCSV.asWritten(computed)
        }
        let report = SweepReport(
            filter: base.specification,
            parameter: parameter,
            values: zip(values, configurations).map { ($0, $1.label) },
            scores: scores,
            rankingMetric: rankingMetric
        )
        context.print(report.renderMarkdown())
        let seedRange = runContext.seeds
        context.print("Suite '\(runContext.suiteName)', \(seedRange.count == 1 ? "seed" : "seeds") \(seedRange).")
        if let folderURL = try arguments.folder(output) {
            var unit = ""
            for stage in base.stages {
                if let declaration = stage.filterType.parameters.first(where: { $0.name == parameter }) {
                    unit = declaration.unit
                    break
                }
            }
            let chart = SweepChart.render(report, parameterUnit: unit, suite: runContext.suiteName, seeds: seedRange)
            try AtomicFile.write([
                (report.renderCSV(), folderURL.appendingPathComponent("sweep.csv")),
                (report.renderMarkdown(), folderURL.appendingPathComponent("sweep.md")),
                (chart, folderURL.appendingPathComponent(SweepChart.fileName)),
            ])
            context.print("Wrote \(folderURL.appendingPathComponent("sweep.csv").relativePath), sweep.md and \(SweepChart.fileName).")
        }
        return .success
    }

    private static func metric(from arguments: ParsedArguments) throws(UsageError) -> Metric {
        guard let text = arguments.value(by) else { return .errorPercent }
        guard let metric = Metric(column: text) else {
            throw .invalidValue(option: by.name, value: text, expected: "one of \(Metric.allCases.map(\.column).joined(separator: ", "))")
        }
        return metric
    }
}
