import TrackBenchGeodesy

/// A terrain model a filter looks altitudes up in (`terrain-lookup` with `--dem DIR`).
///
/// Declared with the values, so the filters need not depend on the tile
/// reader: `ElevationModel` conforms. A resource rather than a setting, held
/// by `FilterSettings` outside its equality.
package protocol ElevationLookup: Sendable {
    /// The terrain's altitude at `coordinate`, in metres; nil where the model does not cover it.
    func altitude(at coordinate: Coordinate) -> ElevationSample?

    /// Adds one filter run's counts of lookups, fixes that kept their GPS altitude, and lookups that skipped void
    /// posts, for the command to report after a run; the totals must not depend on the order runs add them in.
    func addLookups(_ lookups: Int, fallbacks: Int, voids: Int)
}
