import Foundation
import TrackBenchSupport
import TrackBenchElevation

/// `dem`: a suite's terrains written as SRTM tiles, for the terrain-lookup filter.
enum DEMCommand: Command {
    static let name = "dem"
    static let overview = "Write the terrains of a suite as SRTM .hgt tiles, so terrain-lookup can run with --dem."
    static let arguments: [Argument] = []
    static let output = OutputOptions.folder.help("Folder for the tiles, created if missing.").required()
    /// `--arc-seconds`, read as the posts along a tile's side.
    static let arcSeconds = Option<Int>(
        name: "--arc-seconds",
        valueName: "n",
        help: "Post spacing: 1 (3601 x 3601 posts, 25 MB a tile, as SRTM GL1) or 3 (1201 x 1201, 2.8 MB).",
        default: "1",
        expected: "1 or 3"
    ) { text in ["1": 3601, "3": 1201][text] }
    static let options = [output.spec, arcSeconds.spec] + SuiteOptions.options + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        try arguments.noPositionals(command: name)
        let folder = try arguments.required(output, command: name, purpose: ", the folder for the tiles")
        let postsPerSide = try arguments.value(arcSeconds, default: 3601)
        let (suite, file) = try context.scenarioSuite(SuiteOptions(arguments), command: name)
        let plan = try TerrainTilePlan(scenarios: suite.scenarios)
        let files = plan.tiles.map { tile in
            (bytes: ElevationTile.bytes(corner: tile.corner, postsPerSide: postsPerSide) { tile.terrain.altitudeMeters(at: $0) },
             url: folder.appendingPathComponent(tile.corner.fileName))
        }
        try AtomicFile.write(bytes: files)
        let spacing = postsPerSide == 3601 ? "1 arc-second" : "3 arc-seconds"
        context.print("Wrote \(files.count) tile(s) of '\(file)' (\(spacing), \(postsPerSide) x \(postsPerSide) posts) to \(folder.relativePath):")
        for tile in plan.tiles {
            context.print("  \(tile.corner.fileName)  terrain \(tile.terrain.name)")
        }
        context.print("Run terrain-lookup with them: \(context.invocation(RunCommand.self, SuiteOptions.scenarios.name, file, FilterOptions.filter.name, "terrain-lookup", DEMOptions.dem.name, folder.relativePath))")
        return .success
    }
}
