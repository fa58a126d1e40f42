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

    /// The heading in degrees clockwise from true north: magnetic heading plus declination, not wrapped.
    public var trueHeadingDegrees: Double { magneticHeadingDegrees + declinationDegrees }

    /// Whether the sample can be used: a finite heading within 0..<360 and a finite declination within -180...180.
    ///
    /// Filters skip samples that are not; a simulated compass never makes one,
    /// but a team's own streams might.
    public var isValid: Bool {
        magneticHeadingDegrees.isFinite && magneticHeadingDegrees >= 0 && magneticHeadingDegrees < 360
            && declinationDegrees.isFinite && abs(declinationDegrees) <= 180
    }
}
