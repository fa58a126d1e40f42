import Foundation
import TrackBenchEngine
import TrackBenchFilters
import TrackBenchFormats
import TrackBenchSupport

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
        expected: "1 or 3"
    ) { text in ["1": 3601, "3": 1201][text] }
        .defaulting(to: 3601, shown: "1")
    static let verticalError = Option<Double>(
        name: "--vertical-error",
        valueName: "meters",
        help: "Root mean square of the tiles' correlated vertical error, as SRTM validations report it (Docs/altitude.md).",
        default: FilterParameter.format(TileErrorModel.defaultVerticalErrorMeters),
        expected: "metres from 0 to 100"
    ) { text in Double(text).flatMap { $0 >= 0 && $0 <= 100 ? $0 : nil } }
    static let errorSeed = SeedOptions.seed.help(
        "Which vertical error field: each seed draws another, 0 to \(UInt64.max).", default: "\(Benchmark.defaultSeeds.first)"
    )
    static let exact = Flag(name: "--exact", help: "Write the true terrain at every post: no vertical error and no smoothing over the posting.")
    static let options = [output.spec, arcSeconds.spec, verticalError.spec, errorSeed.spec, exact.spec] + SuiteOptions.scenarioFileOptions
        + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        try arguments.noPositionals(command: name)
        let folder = try arguments.required(output, command: name, purpose: ", the folder for the tiles")
        let postsPerSide = try arguments.value(arcSeconds)
        let (suite, file) = try context.scenarioSuite(SuiteOptions(arguments), command: name)
        let model = try errorModel(arguments)
        let plan = try TerrainTilePlan(scenarios: suite.scenarios)
        let files = plan.tiles.map { tile in
            (bytes: model.tileBytes(corner: tile.corner, postsPerSide: postsPerSide) { tile.terrain.altitudeMeters(at: $0) },
             url: folder.appendingPathComponent(tile.corner.fileName))
        }
        try AtomicFile.write(bytes: files)
        let spacing = postsPerSide == 3601 ? "1 arc-second" : "3 arc-seconds"
        context.print(
            "Wrote \(files.count) tile(s) of '\(file)' (\(spacing), \(postsPerSide) x \(postsPerSide) posts, \(describe(model))) "
                + "to \(folder.relativePath):"
        )
        for tile in plan.tiles {
            context.print("  \(tile.corner.fileName)  terrain \(tile.terrain.name)")
        }
        context.print(
            "Run terrain-lookup with them: " + context.invocation(
                RunCommand.self, SuiteOptions.scenarios.name, file,
                FilterOptions.filter.name, "terrain-lookup", DEMOptions.dem.name, folder.relativePath
            )
        )
        return .success
    }

    /// How the tiles depart from the terrain: `--exact`, or `--vertical-error` and `--seed`.
    /// - Throws: `UsageError` for a bad value, or `--exact` with either of the others.
    private static func errorModel(_ arguments: ParsedArguments) throws(UsageError) -> TileErrorModel {
        let size = try arguments.value(verticalError)
        let seed = try arguments.value(errorSeed)
        guard !arguments.isSet(exact) else {
            if size != nil { throw .conflictingOptions(exact.name, verticalError.name) }
            if seed != nil { throw .conflictingOptions(exact.name, errorSeed.name) }
            return .exact
        }
        return TileErrorModel(verticalErrorMeters: size ?? TileErrorModel.defaultVerticalErrorMeters, seed: seed ?? Benchmark.defaultSeeds.first)
    }

    /// The tiles' departure from the terrain in a few words, for the summary line.
    private static func describe(_ model: TileErrorModel) -> String {
        guard model != .exact else { return "the exact terrain" }
        return "smoothed over the posting, vertical error \(FilterParameter.format(model.verticalErrorMeters)) m RMS, seed \(model.seed)"
    }
}
