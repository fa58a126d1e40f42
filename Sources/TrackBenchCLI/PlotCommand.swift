import Foundation
import TrackBenchReports
import TrackBenchSupport

/// `plot`: one scenario's path map and error timeline as SVG.
enum PlotCommand: Command {
    static let name = "plot"
    static let overview = "Draw one scenario's or recording's paths on a map and its filters' position error over time, as SVG."
    static let arguments = [
        Argument(name: "scenario", help: "A scenario id, as printed by the 'list' command; with a recording suite (--scenarios), a recording id.")
    ]
    /// The filters drawn when `--filter` is not given: the noisy path itself, the filter copied into many apps, and
    /// the best of the default suite; those the registry has, or its first three if it has none of them.
    static let defaultFilters = ["raw", "kalman", "rts-smoother"]
    static let defaultFolder = "Results/plots"
    static let output = OutputOptions.folder.help("Folder to write into, created if missing.")
        .defaulting(to: URL(fileURLWithPath: defaultFolder), shown: defaultFolder)
    static let filter = FilterOptions.filter.help(
        "A filter to draw, in the order given. Repeatable.", default: defaultFilters.joined(separator: ", ")
    )
    static let options = [output.spec, filter.spec] + SuiteOptions.options + [SeedOptions.singleSeed.spec] + DEMOptions.options + ExecOptions.options
        + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let id = try arguments.onlyPositional("a scenario id", command: name)
        let folderURL = try arguments.value(output)
        let seed = try SeedOptions.single(arguments)
        let given = try FilterOptions(arguments).specifications
        let specifications = given.isEmpty ? defaultFilters.filter { context.registry.filterType(named: $0) != nil } : given
        let dem = try DEMOptions(arguments, context: context)
        let filters = try dem.apply(
            to: specifications.isEmpty
                ? Array(context.registry.defaultConfigurations.prefix(3))
                : context.filters(specifications, option: filter.name, processes: try ExecOptions(arguments))
        )
        let run: PlottedRun
        let loaded = try context.loadedSuite(SuiteOptions(arguments))
        switch loaded {
        case let (.scenarios(suite), file):
            let scenario = try context.scenario(withID: id, in: suite, file: file)
            try context.requireSensors(for: filters, hasSensors: scenario.sensors != nil, file: file)
            run = PlottedRun(scenario: scenario, seed: seed, filters: filters)
        case let (.recordings(_, replays), file):
            if arguments.isGiven(SeedOptions.singleSeed) { throw UsageError.seedsForRecordings(suite: file) }
            try context.requireSensors(for: filters, hasSensors: false, file: file)
            guard let replay = replays.first(where: { $0.id == id }) else {
                throw UsageError.unknownRecording(id, file: file, suggestion: Suggestion.closest(to: id, among: replays.map(\.id)))
            }
            run = try PlottedRun(replay: replay, filters: filters)
        }
        try ExecOptions.finish(filters)
        let mapURL = folderURL.appendingPathComponent("map-\(CommandContext.fileName(for: id)).svg")
        let errorURL = folderURL.appendingPathComponent("error-\(CommandContext.fileName(for: id)).svg")
        try AtomicFile.write([(PathMap.render(run), mapURL), (ErrorTimeline.render(run), errorURL)])
        let labels = filters.map { MarkdownText.safe($0.label) }.joined(separator: ", ")
        context.print("Wrote \(mapURL.relativePath) and \(errorURL.relativePath) for \(run.subject), filters \(labels).")
        if let window = run.worstWindow {
            context.print(
                "The map's inset is the worst stretch, \(NumberFormat.fixed(window.lowerBound, decimals: 0)) "
                    + "to \(NumberFormat.fixed(window.upperBound, decimals: 0)) s."
            )
        }
        dem.report(scenarioFile: loaded.file)
        return .success
    }
}
