import Foundation
@_spi(CLI) import TrackBench

/// `export`: one scenario's true and noisy paths as CSV.
enum ExportCommand: Command {
    static let name = "export"
    static let overview = "Write one scenario's true and noisy paths as true.csv and noisy.csv, and filters' estimates."
    static let arguments: [(name: String, help: String)] = [
        ("scenario", "A scenario id, as printed by the 'list' command.")
    ]
    static let output = OptionSpec(name: "--output", valueName: "dir", isRequired: true, help: "Folder to write into, created if missing. (required)")
    static let filter = OptionSpec(
        name: "--filter",
        valueName: "spec",
        isRepeatable: true,
        help: "Also write this filter's estimates on the noisy path, as estimated-<label>.csv. Repeatable."
    )
    static let options = [output, filter] + SuiteOptions.options + SeedOptions.options + [HelpOption.help]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        guard let id = arguments.positionals.first else {
            throw UsageError.missingArgument("a scenario id", command: name)
        }
        if arguments.positionals.count > 1 {
            throw UsageError.unexpectedArgument(arguments.positionals[1], command: name)
        }
        guard let folderURL = try arguments.folder(output) else {
            throw UsageError.missingArgument("--output <dir>", command: name)
        }
        let seed = try SeedOptions(arguments).seed
        let filters = try context.filters(arguments.all(filter), option: filter.name)
        let (suite, file) = try context.suite(SuiteOptions(arguments))
        guard let scenario = suite.scenario(withID: id) else {
            throw UsageError.unknownScenario(id, file: file, suggestion: Suggestion.closest(to: id, among: suite.scenarios.map(\.id)))
        }
        let simulated = scenario.simulate(seed: seed)
        let trueURL = folderURL.appendingPathComponent("true.csv")
        let noisyURL = folderURL.appendingPathComponent("noisy.csv")
        try AtomicFile.write(PathCSV.render(simulated.truePath), to: trueURL)
        try AtomicFile.write(PathCSV.render(simulated.noisyPath), to: noisyURL)
        context.print("Wrote \(trueURL.relativePath) (\(simulated.truePath.count) fixes) and \(noisyURL.relativePath) (\(simulated.noisyPath.count) fixes) for \(id), seed \(seed).")
        for configuration in filters {
            let estimated = configuration.makeFilter().estimatedPath(for: simulated.noisyPath)
            let url = folderURL.appendingPathComponent("estimated-\(CommandContext.fileName(for: configuration.label)).csv")
            try AtomicFile.write(PathCSV.render(estimated), to: url)
            context.print("Wrote \(url.relativePath) (\(estimated.count) estimates of '\(configuration.label)').")
        }
        return .success
    }

}
