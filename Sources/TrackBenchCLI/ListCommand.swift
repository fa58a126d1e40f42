import Foundation
import TrackBenchFilters

/// `list`: the suite's scenarios and the registered filters.
///
/// It works in any folder: without `--scenarios` and without the default scenario file there (a team's package
/// has none until it copies TrackBench's `Scenarios/`), it lists the filters and says which file to pass.
enum ListCommand: Command {
    static let name = "list"
    static let overview = "List the suite's scenarios and the registered filters with their parameters."
    static let arguments: [Argument] = []
    static let options = SuiteOptions.scenarioFileOptions + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        try arguments.noPositionals(command: name)
        let options = try SuiteOptions(arguments)
        if options.scenarioFile == nil && !FileManager.default.fileExists(atPath: options.file) {
            context.print(noDefaultSuite(in: FileManager.default.currentDirectoryPath))
        } else {
            let (suite, file) = try context.scenarioSuite(options, command: name)
            context.print("SCENARIOS (\(suite.scenarios.count) in \(file), suite '\(suite.name)'):")
            for scenario in suite.scenarios {
                context.print("  \(scenario.id)")
            }
        }
        context.print()
        context.print("FILTERS (\(context.registry.filterTypes.count); combine as A+B, set parameters as NAME:KEY=VALUE):")
        let names = context.registry.filterTypes.map { $0.timing == .offline ? "\($0.name) \(FilterTiming.offlineMark)" : $0.name }
        let width = names.map(\.count).max() ?? 0
        for (filterType, name) in zip(context.registry.filterTypes, names) {
            // Say which filters a run without --filter leaves out, so a missing column in a report is no surprise.
            let when = !filterType.runsByDefault
                ? " Runs only when named."
                : (filterType.usesSensors ? " Runs by default on suites with sensors." : "")
            context.print("  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + filterType.summary + when)
            for parameter in filterType.parameters {
                context.print(
                    "      \(parameter.name)=\(FilterParameter.format(parameter.defaultValue)) \(parameter.unit)  "
                        + "\(parameter.summary) (\(parameter.expectedValues))"
                )
            }
        }
        if context.registry.filterTypes.contains(where: { $0.timing == .offline }) {
            context.print()
            context.print(FilterTiming.offlineLegend)
        }
        return .success
    }

    /// The scenarios' heading when the default scenario file is not in `folder`: none listed, and which file to pass.
    static func noDefaultSuite(in folder: String) -> String {
        "SCENARIOS: none listed, as \(folder) has no \(SuiteOptions.defaultScenarioFile); "
            + "pass \(SuiteOptions.scenarios.spec.spelling) to list a suite's (Docs/scenarios.md)."
    }
}
