/// A phone barometer: how often it reads, how precise its steps are and how far the weather moves it.
///
/// Phones with a barometer report altitude changes since a start (iOS's
/// relative altitude) that are smooth and precise from one second to the
/// next but drift as the air pressure changes with the weather: about 8 m of
/// apparent altitude per hectopascal.
package struct BarometerProfile: Sendable, Hashable {
    /// Time between readings, in seconds: the barometer reads on its own clock.
    package var intervalSeconds: Double
    /// Deviation of each reading's independent noise, in metres.
    package var noiseMeters: Double
    /// Deviation of the weather drift's rate, in metres per hour: each run drifts at a steady rate drawn once.
    package var driftMetersPerHour: Double

    /// Creates a barometer profile; see the properties for units.
    package init(intervalSeconds: Double = 1, noiseMeters: Double, driftMetersPerHour: Double) {
        self.intervalSeconds = intervalSeconds
        self.noiseMeters = noiseMeters
        self.driftMetersPerHour = driftMetersPerHour
    }
}
