import Foundation
@_spi(CLI) import TrackBench

/// `merge`: a sharded run's partial results joined into the results and report one unsharded run writes.
enum MergeCommand: Command {
    static let name = "merge"
    static let overview = "Join the partial results of 'run --shard K/N' into the results.csv and report.md of the whole run."
    static let arguments: [(name: String, help: String)] = [
        ("parts", "Every shard's results.csv (or the folder holding it), in any order."),
    ]
    static let output = OptionSpec(
        name: "--output",
        valueName: "dir",
        help: "Folder for results.csv and report.md, created if missing. (default: Results for the default suite, Results/<suite name> for others)"
    )
    static let options = [output] + SuiteOptions.options + [HelpOption.help]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError.missingArgument("every shard's results.csv", command: name)
        }
        var parts: [ResultsMerge.Part] = []
        for path in arguments.positionals {
            var isFolder: ObjCBool = false
            let isDirectory = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            let url = isDirectory ? URL(fileURLWithPath: path).appendingPathComponent("results.csv") : URL(fileURLWithPath: path)
            parts.append((url.relativePath, try ResultsCSV.load(from: url)))
        }
        let (suite, _) = try context.loadedSuite(SuiteOptions(arguments))
        let csv: String
        switch suite {
        case let .scenarios(scenarios): csv = try ResultsMerge.merge(parts, suite: scenarios)
        case let .recordings(recordings, replays): csv = try ResultsMerge.merge(parts, recordings: recordings, replays: replays)
        }
        let outputFolder = try arguments.folder(output) ?? URL(fileURLWithPath: suite.defaultResultsFolder)
        let results = parts.reduce(0) { $0 + $1.file.scores.count }
        let written = try ResultsCSV.parse(csv, file: "the merged results")
        try context.writeResults({ csv }, holding: { written }, to: outputFolder, summary: "Merged \(parts.count) parts: \(results) results (suite '\(suite.name)', seeds \(parts[0].file.context.seeds)).")
        return .success
    }
}
