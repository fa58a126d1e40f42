import Foundation
import TrackBenchEngine
import TrackBenchReports
import TrackBenchSupport

/// `speed`: how much CPU time each filter takes per fix.
enum SpeedCommand: Command {
    static let name = "speed"
    static let overview = "Time each filter per fix on the suite's noisy paths (for pipelines, each stage too), in nanoseconds."
    static let arguments: [Argument] = []
    /// `speed` times filters on fixes alone, so the dead-reckoning filters run only when named.
    static let filter = FilterOptions.filter.help("Filter to time, as for 'run'. Repeat for more.", default: FilterOptions.sensorlessDefaults)
    static let repetitions = Option<Int>(
        name: "--repeat",
        valueName: "n",
        help: "Timed runs over every path per filter; the median is printed.",
        expected: "a whole number from 1 to 1000"
    ) { text in Int(text).flatMap { (1...1000).contains($0) ? $0 : nil } }
        .defaulting(to: 5)
    static let options = SuiteOptions.scenarioFileOptions + [SeedOptions.singleSeed.spec, filter.spec, repetitions.spec] + DEMOptions.options
        + ExecOptions.options + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        try arguments.noPositionals(command: name)
        let seed = try SeedOptions.single(arguments)
        let specifications = try FilterOptions(arguments).specifications
        let filters = try DEMOptions(arguments, context: context).apply(
            to: specifications.isEmpty
                ? context.registry.defaultConfigurations
                : try context.filters(specifications, option: filter.name, processes: try ExecOptions(arguments))
        )
        let count = try arguments.value(repetitions)
        let (suite, file) = try context.scenarioSuite(SuiteOptions(arguments), command: name)
        try context.requireSensors(for: filters, hasSensors: LoadedSuite.scenarios(suite).hasSensors, file: file)
        let inputs = suite.scenarios.map { FilterSpeed.Input($0.simulate(seed: seed, keepingTruePath: false)) }
        let fixes = inputs.reduce(0) { $0 + $1.path.count }
        #if DEBUG
        context.print("Note: this is a debug build; its times are far from a release build's. Time with 'swift run -c release trackbench speed'.")
        #endif
        context.print(
            "Timed \(NumberFormat.count(filters.count, "filter")) on the \(NumberFormat.count(inputs.count, "noisy path")) of \(file) "
                + "(seed \(seed), \(fixes == 1 ? "1 fix" : "\(fixes) fixes")), "
                + "median of \(NumberFormat.count(count, "run")) each:"
        )
        if inputs.contains(where: { $0.events != nil }) {
            context.print(
                "The filters are fed each scenario's sensor or barometer events with its fixes, as 'run' feeds them; pipelines are timed whole."
            )
        }
        context.print()
        let speeds = FilterSpeed.measure(filters, on: inputs, repetitions: count)
        try ExecOptions.finish(filters)
        var rows = [["FILTER", "NS PER FIX", "STAGES ALONE", "PIPELINE / STAGES"]]
        for speed in speeds {
            let stages = speed.stageNanosecondsPerFix.map { NumberFormat.fixed($0, decimals: 1) }.joined(separator: " + ")
            rows.append([
                speed.label,
                NumberFormat.fixed(speed.nanosecondsPerFix, decimals: 1),
                stages,
                speed.pipelineOverhead.map { NumberFormat.fixed($0, decimals: 2) } ?? "",
            ])
        }
        PlainTextTable.lines(rows, rightAligned: [1, 3]).forEach { context.print($0) }
        context.print()
        context.print(
            "Times are CPU nanoseconds per fix fed to the filter, on this machine; compare them only with figures from the same machine and build."
        )
        return .success
    }
}
