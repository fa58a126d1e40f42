import Foundation
import TrackBenchEngine
import TrackBenchMetrics
import TrackBenchReports
import TrackBenchSupport

/// `merge`: a sharded run's partial results joined into the results and report one unsharded run writes.
enum MergeCommand: Command {
    static let name = "merge"
    static let overview = "Join the partial results of 'run --shard K/N' into the results.csv and report.md of the whole run."
    static let arguments = [Argument(name: "parts", help: "Every shard's results.csv (or the folder holding it), in any order.")]
    static let output = OutputOptions.folder.help(
        "Folder for results.csv and report.md, created if missing.",
        default: "Results for the default suite, Results/<suite name> for others; "
            + "Results/local[/<suite name>] when the parts' filters or seeds differ from the default run's"
    )
    static let options = [output.spec] + SuiteOptions.options + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw UsageError.missingArgument("every shard's results.csv", command: name)
        }
        var parts: [ResultsMerge.Part] = []
        for path in arguments.positionals {
            var isFolder: ObjCBool = false
            let isDirectory = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            let url = isDirectory ? URL(fileURLWithPath: path).appendingPathComponent(ResultsCSV.fileName) : URL(fileURLWithPath: path)
            parts.append(try ResultsMerge.Part(name: url.relativePath, url: url))
        }
        let (suite, file) = try context.loadedSuite(SuiteOptions(arguments))
        let merge: ResultsMerge
        switch suite {
        case let .scenarios(scenarios): merge = try ResultsMerge(parts, suite: scenarios)
        case let .recordings(recordings, replays): merge = try ResultsMerge(parts, recordings: recordings, replays: replays)
        }
        // The merged run is the default run only if its shards were: judged by the filters and seeds it holds.
        let givenFolder = try arguments.value(output)
        let defaultFolder = ResultsFolder(
            suite: suite, file: file, filters: merge.filters,
            defaultFilters: context.registry.defaultConfigurations(withSensors: suite.hasSensors), seeds: merge.context.seeds, shard: nil
        )
        let folder = givenFolder ?? defaultFolder.url
        try OutputGuard.check(
            folder: folder, writing: [ResultsCSV.fileName] + RunReport.fileNames, option: output.name,
            against: parts.indices.map { ("part \($0 + 1)", parts[$0].name) } + [OutputGuard.scenarioFile(file)]
        )
        // The rows go straight from the parts to the file, a row at a time; the reports need only their tally.
        let staged = try StagedFile(url: folder.appendingPathComponent(ResultsCSV.fileName))
        try staged.append(ResultsCSV.header(context: merge.context))
        var tally = ReportTally()
        try merge.rows { row in
            try staged.append(Array(row.text.utf8) + [UInt8(ascii: "\n")])
            tally.add(row.score)
        }
        let results = parts.reduce(0) { $0 + $1.rowCount }
        try context.writeResults(
            staged, tally: tally, context: merge.context, to: folder,
            summary: "Merged \(parts.count) parts: \(results) results (suite '\(suite.name)', seeds \(parts[0].context.seeds)).",
            note: givenFolder == nil ? defaultFolder.note : nil, timings: merge.processTimings
        )
        return .success
    }
}
