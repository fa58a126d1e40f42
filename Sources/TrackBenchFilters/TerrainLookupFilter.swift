import TrackBenchModel
/// The altitude looked up in a terrain model at each fix's position, for a user at ground level.
///
/// GPS altitude swings tens of metres while a terrain model knows the ground
/// to a few metres, so a runner's or cyclist's altitude is best taken from
/// the ground under the fix (a published comparison of smoothing filters on
/// real phone tracks, Docs/sources.md). The model is a folder of SRTM tiles
/// (`--dem DIR`), interpolated bilinearly. Positions are unchanged; the
/// altitude's error is then the terrain model's plus the slope times the
/// horizontal error.
///
/// A looked-up altitude gets the terrain model's vertical accuracy,
/// `verticalAccuracyMeters`, in place of the phone's: the GPS figure no
/// longer describes it, and a fix whose altitude was unknown (an NMEA fix
/// without `GST` reports -1) now has one that later stages and the
/// elevation metrics use.
///
/// Edge cases: a fix with an invalid coordinate (negative horizontal accuracy),
/// outside every tile, or surrounded by void posts keeps its GPS altitude:
/// a counted fallback, reported by the command after the run
/// (`ElevationModel.Tally`). Void posts next to a fix are left out of the
/// interpolation and counted.
///
/// - Complexity: O(1) per fix: at most four tile lookups, no file access.
struct TerrainLookupFilter: RegisteredFilter {
    static let name = "terrain-lookup"
    static let summary = "Replaces the altitude with the terrain model's (SRTM tiles from --dem DIR) at the fix's position; "
        + "GPS altitude where no tile covers it."
    static let timing = FilterTiming.online
    static let runsByDefault = false
    static let needsElevationModel = true
    static let parameters: [FilterParameter] = []
    /// The vertical accuracy of a looked-up altitude, in metres: SRTM's specified absolute height error, 16 m at
    /// 90 % (Docs/sources.md), as the one-sigma (68 %) figure phones report, 16 / 1.645. The filter cannot tell
    /// how good a folder's tiles are; those `trackbench dem` writes are within half a metre of their terrain.
    static let verticalAccuracyMeters = 9.7

    private let model: (any ElevationLookup)?
    private var lookups = 0
    private var fallbacks = 0
    private var voids = 0

    init(settings: FilterSettings) {
        model = settings.elevationModel
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        lookups += 1
        guard fix.hasValidCoordinate, let sample = model?.altitude(at: fix.coordinate) else {
            fallbacks += 1
            estimates.append(fix)
            return
        }
        voids += sample.skippedVoids > 0 ? 1 : 0
        var estimate = fix
        estimate.altitudeMeters = sample.altitudeMeters
        estimate.verticalAccuracyMeters = Self.verticalAccuracyMeters
        estimates.append(estimate)
    }

    mutating func finish(into estimates: inout [LocationFix]) {
        model?.addLookups(lookups, fallbacks: fallbacks, voids: voids)
        lookups = 0
        fallbacks = 0
        voids = 0
    }
}
