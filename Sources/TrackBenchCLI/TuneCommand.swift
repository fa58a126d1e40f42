import Foundation
import TrackBenchEngine
import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchReports
import TrackBenchSupport

/// `tune`: several parameters of one filter at once, chosen on training seeds and proven on held-out seeds.
enum TuneCommand: Command {
    static let name = "tune"
    static let overview = "Search the settings of several filter parameters on training seeds, then rerun the best on held-out seeds."
    static let filterArgument = Argument(
        name: "filter",
        help: "The filter to tune: a registered filter whose parameters are named directly (kalman), a specification with {PARAMETER} "
            + "where each value goes (accuracy-gate:max={max}+kalman:q={q}), or a labelled filter process with {PARAMETER} in its command."
    )
    static let assignmentArgument = Argument(
        name: "parameter=values",
        help: "A parameter and its values, as for 'sweep': START...END:STEP or A,B,C. Give one for each parameter (e.g. max=10,30 q=1...4:1)."
    )
    static let arguments = [filterArgument, assignmentArgument]
    static let seeds = SeedOptions.seeds.help("Training seeds: the search sees only these.")
        .defaulting(to: Benchmark.defaultSeeds, shown: "\(Benchmark.defaultSeeds)")
    /// The held-out seeds unless told otherwise: far from the default training seeds, so neither overlaps the other.
    static let defaultHeldOutSeeds = SeedRange(first: 1000, last: 1009) ?? Benchmark.defaultSeeds
    static let heldOutSeeds = Option<SeedRange>(
        name: "--holdout-seeds",
        valueName: "first...last",
        help: "Held-out seeds the best settings and the current one rerun on; they may not overlap the training seeds.",
        expected: "FIRST...LAST with FIRST <= LAST, at most \(SeedRange.limit) seeds (or one seed N)"
    ) { SeedRange(parsing: $0) }
        .defaulting(to: defaultHeldOutSeeds, shown: "\(defaultHeldOutSeeds)")
    static let objective = Option<Metric>(
        name: "--objective",
        valueName: "metric",
        help: "Metric (CSV column) whose mean picks the best setting.",
        expected: "one of \(Metric.allCases.map(\.column).joined(separator: ", "))"
    ) { Metric(column: $0) }
        .defaulting(to: .errorPercent, shown: "\(Metric.errorPercent.column), the mean absolute distance error, as the ranking sorts")
    static let maximum = constraintOption(
        name: "--max", help: "Keep only settings whose mean of METRIC is at most VALUE, e.g. lag_s=2. Repeat for more metrics."
    )
    static let minimum = constraintOption(
        name: "--min", help: "Keep only settings whose mean of METRIC is at least VALUE, e.g. kept_pct=90. Repeat for more metrics."
    )
    static let pareto = Option<[Metric]>(
        name: "--pareto",
        valueName: "metric,metric[,metric]",
        help: "Two or three metrics whose Pareto front of the settings the report lists and draws.",
        expected: "two or three different metric columns separated by commas, such as error_pct,lag_s,position_p95_m"
    ) { text in
        let metrics = text.split(separator: ",", omittingEmptySubsequences: false).map { Metric(column: String($0)) }
        guard (2...3).contains(metrics.count), metrics.allSatisfy({ $0 != nil }), Set(metrics).count == metrics.count else { return nil }
        return metrics.compactMap { $0 }
    }
        .defaulting(to: [.errorPercent, .lagSeconds], shown: [Metric.errorPercent, .lagSeconds].map(\.column).joined(separator: ","))
    static let budget = Option<Int>(
        name: "--budget",
        valueName: "runs",
        help: "The most training runs (one setting on one scenario under one seed); a grid that costs more is searched by successive halving.",
        default: "what a grid of \(TuneSchedule.gridLimit) settings costs on the training seeds",
        expected: "a whole number >= 1"
    ) { text in Int(text).flatMap { $0 >= 1 ? $0 : nil } }
    static let top = Option<Int>(
        name: "--top",
        valueName: "k",
        help: "How many of the best training settings rerun on the held-out seeds.",
        expected: "a whole number from 1 to 20"
    ) { text in Int(text).flatMap { (1...20).contains($0) ? $0 : nil } }
        .defaulting(to: 3)
    static let current = Option<String>(
        name: "--current",
        valueName: "spec",
        help: "The filter's current setting, compared with the best on the held-out seeds.",
        default: "the filter with the tuned parameters at their defaults; none for a filter process"
    )
    static let defaultOutput = ResultsFolder.local + "/tune"
    static let output = OutputOptions.folder.help(
        "Folder for tune.md, tune.csv and \(TuneChart.paretoFileName) (and \(TuneChart.heatMapFileName) for two parameters)."
    ).defaulting(to: URL(fileURLWithPath: defaultOutput), shown: defaultOutput)
    static let scenarios = SuiteOptions.scenarios.help(
        "Scenario file defining the suite (a recording suite has no seeds to train and hold out on).", default: SuiteOptions.defaultScenarioFile
    )
    static let options = [scenarios.spec, seeds.spec, heldOutSeeds.spec, objective.spec, maximum.spec, minimum.spec, pareto.spec]
        + [budget.spec, top.spec, current.spec, output.spec] + DEMOptions.options + ExecOptions.options + JobsOptions.options
        + ProgressOptions.options + [HelpOption.help.spec]

    /// `--max` or `--min`: METRIC=VALUE, repeatable.
    private static func constraintOption(name: String, help: String) -> Option<(metric: Metric, bound: Double)> {
        Option(
            name: name, valueName: "metric=value", isRepeatable: true, help: help,
            expected: "METRIC=VALUE with a metric column (\(Metric.allCases.map(\.column).joined(separator: ", "))) and a finite number"
        ) { text in
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let metric = Metric(column: parts[0]), let bound = Double(parts[1]), bound.isFinite else { return nil }
            return (metric, bound)
        }
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let tuned = try TunedFilter(arguments.positionals.first ?? "", parameters: assignments(arguments), context: context)
        let trainingSeeds = try arguments.value(seeds)
        let heldOut = try arguments.value(heldOutSeeds)
        guard heldOut.last < trainingSeeds.first || heldOut.first > trainingSeeds.last else {
            throw UsageError.invalidValue(
                option: heldOutSeeds.name, value: "\(heldOut)",
                expected: "seeds that do not overlap the training seeds \(trainingSeeds) (\(seeds.name)), so the held-out noise is unseen"
            )
        }
        let goal = try objectiveOptions(arguments)
        let keep = try arguments.value(top)
        let dem = try DEMOptions(arguments, context: context)
        let processes = try ExecOptions(arguments)
        let jobs = try JobsOptions(arguments).jobs
        let progress = try ProgressOptions(arguments).isShown ? context.console.standardError : nil
        let folder = try arguments.value(output)
        let (suite, file) = try context.scenarioSuite(SuiteOptions(arguments), command: name)
        let runBudget = try arguments.value(budget)
        let schedule = try TuneSchedule(
            settingCount: tuned.settingCount, seedCount: trainingSeeds.count, scenarioCount: suite.scenarios.count, budget: runBudget, keep: keep
        )
        let currentSpecification = try arguments.value(current) ?? tuned.defaultSpecification
        let currentOnGrid = currentSpecification.flatMap { tuned.setting(equivalentTo: $0, context: context) }
        let search = TuneSearch(
            tuned: tuned, suite: .scenarios(suite), scenarioFile: file, objective: goal, dem: dem, processes: processes, jobs: jobs,
            progress: progress, context: context
        )
        let start = Date()
        let training = try await search.train(
            schedule: schedule, seeds: trainingSeeds, current: currentOnGrid == nil ? currentSpecification : nil, currentOnGrid: currentOnGrid
        )
        let candidates = Array(training.ranked.prefix(keep))
        let rerun = candidates + (currentOnGrid.map { candidates.contains($0) ? [] : [$0] } ?? [])
        let heldOutTally = try await search.holdOut(rerun, current: training.current?.specification, seeds: heldOut)
        let elapsed = Date().timeIntervalSince(start)

        var settings = (0..<tuned.settingCount).map { index in
            TuneReport.Setting(
                label: tuned.label(of: index), specification: tuned.specification(of: index), values: tuned.values(of: index),
                trainingSeedCount: training.seedCounts[index], training: training.summaries[index]
            )
        }
        if let current = training.current { settings.append(current) }
        let report = TuneReport(
            filter: tuned.template, parameters: tuned.parameters.map { ($0.name, $0.unit) }, objective: goal,
            search: searchDescription(schedule, seeds: trainingSeeds, scenarioCount: suite.scenarios.count, budget: runBudget),
            suite: suite.name, trainingSeeds: trainingSeeds, heldOutSeeds: heldOut, settings: settings,
            currentIndex: currentOnGrid ?? (training.current == nil ? nil : settings.count - 1), gridCount: tuned.settingCount,
            heldOut: heldOutTally
        )
        try write(report, to: folder, context: context)
        context.print(report.renderMarkdown(rows: 5))
        context.print(
            "Ran \(NumberFormat.count(schedule.runCount(scenarioCount: suite.scenarios.count), "training run")) and "
                + "\(NumberFormat.count(rerun.count + (training.current == nil ? 0 : 1), "setting")) on the held-out seeds "
                + "in \(NumberFormat.fixed(elapsed, decimals: 2)) s."
        )
        dem.report(scenarioFile: file)
        context.print("Wrote \(folder.appendingPathComponent("tune.md").relativePath), tune.csv and the charts.")
        if report.keepsCurrent {
            // Recording the winner would make a baseline worse than the current setting on both seed sets.
            context.print()
            context.print("The current setting beats every setting tried: keep it; there is no better baseline to record.")
        } else if let winner = report.winnerIndex.map({ report.settings[$0].specification }) {
            printCommands(winner: winner, heldOut: heldOut, arguments: arguments, context: context)
        }
        return .success
    }

    /// The parameters and their values, from the positional arguments after the filter.
    /// - Throws: `UsageError` for a missing filter or assignment, a parameter given twice, or values that do not parse.
    private static func assignments(_ arguments: ParsedArguments) throws(UsageError) -> [(name: String, values: [Double])] {
        guard arguments.positionals.count >= 2 else {
            throw .missingArgument(arguments.positionals.isEmpty ? "a filter and PARAMETER=VALUES" : "PARAMETER=VALUES", command: name)
        }
        var assignments: [(name: String, values: [Double])] = []
        for text in arguments.positionals.dropFirst() {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw .invalidValue(option: assignmentArgument.spelling, value: text, expected: "PARAMETER=START...END:STEP or PARAMETER=A,B,C")
            }
            guard !assignments.contains(where: { $0.name == parts[0] }) else {
                throw .invalidArgument(name: assignmentArgument.spelling, message: "'\(parts[0])' is given twice; give each parameter once")
            }
            do {
                assignments.append((parts[0], try SweepValues(parsing: parts[1]).values))
            } catch {
                throw .invalidArgument(name: assignmentArgument.spelling, message: error.localizedDescription)
            }
        }
        return assignments
    }

    /// The objective, the constraints (one per metric and direction) and the Pareto metrics.
    private static func objectiveOptions(_ arguments: ParsedArguments) throws(UsageError) -> TuneObjective {
        var constraints: [TuneObjective.Constraint] = []
        for (option, isMaximum) in [(maximum, true), (minimum, false)] {
            for (metric, bound) in try arguments.all(option) {
                guard !constraints.contains(where: { $0.metric == metric && $0.isMaximum == isMaximum }) else {
                    throw .invalidValue(
                        option: option.name, value: "\(metric.column)=\(NumberFormat.compact(bound))",
                        expected: "one \(option.name) per metric; \(metric.column) is bounded twice"
                    )
                }
                constraints.append(TuneObjective.Constraint(metric: metric, bound: bound, isMaximum: isMaximum))
            }
        }
        // Bounds no mean can meet would make every setting infeasible and the winner only "the best of them".
        for low in constraints where !low.isMaximum {
            guard let high = constraints.first(where: { $0.metric == low.metric && $0.isMaximum }), low.bound > high.bound else { continue }
            let column = low.metric.column
            throw .invalidValue(
                option: minimum.name, value: "\(column)=\(NumberFormat.compact(low.bound))",
                expected: "at most the \(maximum.name) \(column)=\(NumberFormat.compact(high.bound)) bounding the same metric: "
                    + "no mean of \(column) is both at least \(NumberFormat.compact(low.bound)) and at most \(NumberFormat.compact(high.bound))"
            )
        }
        return TuneObjective(
            metric: try arguments.value(objective), constraints: constraints,
            paretoMetrics: try arguments.value(pareto)
        )
    }

    /// How the search ran, in a sentence or two.
    private static func searchDescription(_ schedule: TuneSchedule, seeds: SeedRange, scenarioCount: Int, budget: Int?) -> String {
        let runs = NumberFormat.count(schedule.runCount(scenarioCount: scenarioCount), "run")
        guard !schedule.isGrid else { return "Search: the whole grid, every setting on every training seed (\(runs))." }
        let rounds = schedule.rounds.map { round in
            let first = seeds.first + UInt64(round.seeds.lowerBound)
            let range = SeedRange(first: first, last: seeds.first + UInt64(round.seeds.upperBound - 1)) ?? SeedRange(first)
            return "\(round.settingCount) on \(range.count == 1 ? "seed" : "seeds") \(range)"
        }
        let limit = budget.map { "the budget of \($0) runs" } ?? "the default budget (a grid of \(TuneSchedule.gridLimit) settings)"
        let share = schedule.reduction == 2 ? "better half" : "best 1/\(schedule.reduction)"
        return "Search: successive halving within \(limit), \(runs): settings \(rounds.joined(separator: ", then ")), "
            + "each round keeping the \(share) by the objective."
    }

    /// Writes `tune.md`, `tune.csv` and the charts together.
    private static func write(_ report: TuneReport, to folder: URL, context: CommandContext) throws {
        var files = [
            (report.renderMarkdown(), folder.appendingPathComponent("tune.md")),
            (report.renderCSV(), folder.appendingPathComponent("tune.csv")),
            (TuneChart.renderPareto(report), folder.appendingPathComponent(TuneChart.paretoFileName)),
        ]
        if let heatMap = TuneChart.renderHeatMap(report) {
            files.append((heatMap, folder.appendingPathComponent(TuneChart.heatMapFileName)))
        }
        try AtomicFile.write(files)
    }

    /// The winner as a `--filter` value, the `run` that reproduces its held-out figures and the `check` that records it.
    private static func printCommands(winner: String, heldOut: SeedRange, arguments: ParsedArguments, context: CommandContext) {
        var shared: [String] = []
        if let file = arguments.text(SuiteOptions.scenarios) { shared += [SuiteOptions.scenarios.name, Shell.quoted(file)] }
        shared += [FilterOptions.filter.name, Shell.quoted(winner)]
        if let folder = arguments.text(DEMOptions.dem) { shared += [DEMOptions.dem.name, Shell.quoted(folder)] }
        if let timeout = arguments.text(ExecOptions.timeout) { shared += [ExecOptions.timeout.name, timeout] }
        context.print()
        context.print("The winner as a filter: \(FilterOptions.filter.name) \(Shell.quoted(winner))")
        context.print("Its held-out figures, from a plain run:")
        context.print("  " + ([context.commandName, RunCommand.name] + shared + [SeedOptions.seeds.name, "\(heldOut)"]).joined(separator: " "))
        context.print("Record it as the regression gate's baseline:")
        context.print("  " + ([context.commandName, CheckCommand.name, CheckCommand.update.name] + shared).joined(separator: " "))
    }
}
