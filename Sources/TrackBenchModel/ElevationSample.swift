/// An altitude looked up in a terrain model, in metres, with how many void posts the interpolation skipped.
package struct ElevationSample: Sendable, Hashable {
    /// The interpolated altitude, in metres above the tiles' reference surface.
    package var altitudeMeters: Double
    /// Void posts among the four surrounding ones that carried weight: filled from their neighbours, or left out
    /// when they had none.
    package var skippedVoids: Int

    /// Creates a sample from its altitude, in metres, and the void posts skipped.
    package init(altitudeMeters: Double, skippedVoids: Int) {
        self.altitudeMeters = altitudeMeters
        self.skippedVoids = skippedVoids
    }
}
