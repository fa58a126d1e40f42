import Foundation
import TrackBenchFilters
import TrackBenchFormats
import TrackBenchModel
import TrackBenchSupport

/// `--dem`: the folder of SRTM tiles the terrain-lookup filter reads. Shared by every command that runs filters.
struct DEMOptions {
    static let dem = Option<String>(
        name: "--dem",
        valueName: "dir",
        help: "Folder of SRTM .hgt tiles for terrain-lookup (Docs/altitude.md); 'trackbench dem' writes a suite's."
    )
    static let options = [dem.spec]

    /// The opened tiles, or nil without `--dem`.
    let model: ElevationModel?
    /// Where the notes and warnings about the tiles go.
    private let context: CommandContext

    /// Opens the folder, if given, once: tile sizes are checked here, before any filter runs.
    /// - Throws: `ElevationTileError` naming the folder or tile (exit 1).
    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        model = try arguments.value(Self.dem).map { try ElevationModel.open(folder: URL(fileURLWithPath: $0)) }
        self.context = context
    }

    /// `filters` given the terrain model; a note on standard error when `--dem` was given but no filter uses it.
    /// - Throws: `UsageError.needsElevationModel` when a filter needs one and `--dem` was not given.
    func apply(to filters: [FilterConfiguration]) throws(UsageError) -> [FilterConfiguration] {
        if model == nil, let needy = filters.first(where: \.needsElevationModel) {
            throw .needsElevationModel(filter: needy.label)
        }
        if let model, !filters.contains(where: \.needsElevationModel) {
            context.console.standardError(
                "note: no filter looks terrain up, so the tiles in '\(model.folder)' (\(Self.dem.name)) are not used; "
                    + "add \(FilterOptions.filter.name) terrain-lookup or a pipeline with it.\n"
            )
        }
        return filters.map { $0.using(model) }
    }

    /// The tiles' post spacings for the results' context line when one of `filters` looks terrain up; nil otherwise.
    func arcSeconds(for filters: [FilterConfiguration]) -> [Int]? {
        filters.contains(where: \.needsElevationModel) ? model?.arcSeconds : nil
    }

    /// What the lookups found, for the command's output; nil without `--dem` or when nothing was looked up.
    var summary: String? {
        guard let totals = model?.tally.totals, totals.lookups > 0 else { return nil }
        return "Terrain lookups in '\(model!.folder)': \(totals.lookups) fixes, \(totals.fallbacks) kept their GPS altitude "
            + "(outside the tiles, all posts void, or an invalid coordinate), \(totals.voids) interpolated around void posts."
    }

    /// Whether more than half of the lookups kept their GPS altitude: terrain-lookup then scored mostly raw GPS.
    var mostlyFellBack: Bool {
        guard let totals = model?.tally.totals else { return false }
        return totals.fallbacks * 2 > totals.lookups
    }

    /// Why the tiles look wrong and how to write the right ones, for a warning or an error; nil unless `mostlyFellBack`.
    /// - Parameter scenarioFile: The suite's file, for the `dem` command line (a recording suite gets other advice).
    func fallbackProblem(scenarioFile: String) -> String? {
        guard mostlyFellBack, let model else { return nil }
        let totals = model.tally.totals
        let percent = NumberFormat.fixed(100 * Double(totals.fallbacks) / Double(totals.lookups), decimals: 1)
        let advice = RecordingSuite.isRecordingSuite(URL(fileURLWithPath: scenarioFile))
            ? "Does it hold the SRTM tiles of the recordings' area?"
            : "Are these the suite's tiles? Write them with "
                + "'\(context.invocation(DEMCommand.self, SuiteOptions.scenarios.name, scenarioFile, DEMCommand.output.spec.spelling))'."
        return "\(totals.fallbacks) of \(totals.lookups) terrain lookups (\(percent) %) in '\(model.folder)' kept their GPS altitude "
            + "(no tile, all posts void, or an invalid coordinate), so terrain-lookup was scored mostly on raw GPS altitude. " + advice
    }

    /// Prints the lookups' counts, and a warning on standard error when most of them fell back.
    /// - Parameter scenarioFile: The suite's file, for the `dem` command line in the warning.
    func report(scenarioFile: String) {
        guard let summary else { return }
        context.print(summary)
        if let problem = fallbackProblem(scenarioFile: scenarioFile) {
            context.console.standardError("warning: \(problem)\n")
        }
    }
}
