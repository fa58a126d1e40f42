import TrackBenchGeodesy
/// One compass sample: the phone's heading from magnetic north, and the declination to turn it into a true heading.
///
/// The heading is where the phone points, which is not quite the direction
/// of travel: the compass has noise and a wandering bias, and the phone is
/// seldom held exactly along the way (`SensorProfile`).
public struct HeadingEvent: Sendable, Hashable {
    /// When the sample reached the app, in seconds since the start of the run.
    public var timeSeconds: Double
    /// Heading in degrees clockwise from magnetic north, in 0..<360.
    public var magneticHeadingDegrees: Double
    /// The magnetic declination at the place, in degrees (positive = magnetic north lies east of true north), as the
    /// phone's geomagnetic model gives it.
    public var declinationDegrees: Double

    /// Creates a compass sample.
    public init(timeSeconds: Double, magneticHeadingDegrees: Double, declinationDegrees: Double) {
        self.timeSeconds = timeSeconds
        self.magneticHeadingDegrees = magneticHeadingDegrees
        self.declinationDegrees = declinationDegrees
    }

    /// The heading in degrees clockwise from true north: magnetic heading plus declination, wrapped into 0..<360, so a
    /// finite heading or declination outside its usual range counts modulo 360 (370 reads as 10); NaN for a sample
    /// that is not valid.
    public var trueHeadingDegrees: Double { Bearing.normalized(magneticHeadingDegrees + declinationDegrees) }

    /// Whether the sample can be used: its heading and declination are finite.
    ///
    /// The dead-reckoning filters skip the others (`SimulatedScenario.unusableHeadingCount` counts them). A simulated
    /// compass never makes one, but a team's own streams might.
    public var isValid: Bool {
        magneticHeadingDegrees.isFinite && declinationDegrees.isFinite
    }
}
