import TrackBenchGeodesy
/// One position report, with the fields a phone's location service delivers.
///
/// Units are SI: degrees for coordinates and course, metres for altitude and
/// accuracies, metres per second for speed, seconds for the timestamp.
/// Phones mark unknown values with negative numbers, and TrackBench keeps that
/// convention: a negative `horizontalAccuracyMeters` means the coordinate is
/// invalid and must not be trusted, a negative `speedMetersPerSecond` or
/// `courseDegrees` means the value is unknown.
public struct LocationFix: Sendable, Hashable {
    /// The value that marks an accuracy, course or speed as unknown (or a coordinate or altitude as invalid), as
    /// phones mark it: any negative number means so, and TrackBench writes this one.
    public static let unknown = -1.0

    /// Latitude in degrees, positive north of the equator.
    public var latitude: Double
    /// Longitude in degrees, positive east of Greenwich.
    public var longitude: Double
    /// Altitude above the reference surface, in metres.
    public var altitudeMeters: Double
    /// Radius of uncertainty of the coordinate, in metres; negative = invalid fix.
    ///
    /// Phones report a 2-D RMS radius: about two thirds of fixes lie within it.
    public var horizontalAccuracyMeters: Double
    /// Uncertainty of the altitude, in metres; negative = altitude invalid.
    public var verticalAccuracyMeters: Double
    /// Direction of travel in degrees clockwise from true north; negative = unknown.
    public var courseDegrees: Double
    /// Ground speed in metres per second; negative = unknown.
    public var speedMetersPerSecond: Double
    /// Time of the fix in seconds since the start of the recording.
    public var timestampSeconds: Double
    /// When the app received the fix, in seconds since the start of the recording: a filter's "now".
    ///
    /// Equal to `timestampSeconds` for a fresh fix. A stale cached fix that
    /// the phone re-delivers keeps its old timestamp but arrives later.
    public var deliveryTimeSeconds: Double

    /// Creates a fix; every measurement other than the coordinate defaults to
    /// "perfect" (zero accuracy radius, zero altitude) or "unknown" (course,
    /// speed), and the delivery time to the timestamp (a fresh fix).
    public init(
        latitude: Double,
        longitude: Double,
        altitudeMeters: Double = 0,
        horizontalAccuracyMeters: Double = 0,
        verticalAccuracyMeters: Double = 0,
        courseDegrees: Double = unknown,
        speedMetersPerSecond: Double = unknown,
        timestampSeconds: Double,
        deliveryTimeSeconds: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMeters = altitudeMeters
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
        self.verticalAccuracyMeters = verticalAccuracyMeters
        self.courseDegrees = courseDegrees
        self.speedMetersPerSecond = speedMetersPerSecond
        self.timestampSeconds = timestampSeconds
        self.deliveryTimeSeconds = deliveryTimeSeconds ?? timestampSeconds
    }

    /// Whether the coordinate can be used: phones flag a bad one with a negative accuracy.
    public var hasValidCoordinate: Bool { horizontalAccuracyMeters >= 0 }

    /// The coordinate as a value, for geodesy; setting it sets `latitude` and `longitude`, so a filter can move an
    /// estimate with `estimate.coordinate = smoothed`.
    public var coordinate: Coordinate {
        get { Coordinate(latitude: latitude, longitude: longitude) }
        set {
            latitude = newValue.latitude
            longitude = newValue.longitude
        }
    }
}
