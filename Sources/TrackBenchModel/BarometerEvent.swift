/// One barometer reading: the altitude change since the run started, as a phone's altimeter reports it.
///
/// Smooth and precise from one reading to the next, but it drifts with the
/// weather and knows nothing of the absolute altitude (iOS's relative
/// altitude). A phone's barometer reports on its own clock, not with the fixes.
public struct BarometerEvent: Sendable, Hashable {
    /// When the reading reached the app, in seconds since the start of the run.
    public var timeSeconds: Double
    /// The altitude change since the start of the run, in metres.
    public var relativeAltitudeMeters: Double

    /// Creates a reading.
    public init(timeSeconds: Double, relativeAltitudeMeters: Double) {
        self.timeSeconds = timeSeconds
        self.relativeAltitudeMeters = relativeAltitudeMeters
    }
}
