import TrackBenchGeodesy
import TrackBenchModel
/// The accuracy-weighted Kalman filter widely copied into phone apps.
///
/// The state is a position with one variance (in square metres) shared by
/// latitude and longitude. Between fixes the variance grows by q^2 x dt,
/// where q is how fast the true position may wander (metres per second);
/// each fix is then blended in with gain K = variance / (variance +
/// accuracy^2), so precise fixes move the estimate more than vague ones.
/// Accuracy is floored at 1 m, as in the copied code, which also means an
/// invalid fix (negative accuracy) is trusted as a 1 m fix: put a gate in
/// front of it. Fixes whose timestamp does not move forward (a stale, cached
/// fix re-delivered late, or a duplicate) add no variance and leave the
/// clock alone: after a stale fix the next time step is measured from the
/// newest timestamp seen, not from the stale one.
struct KalmanFilter: RegisteredFilter {
    static let name = "kalman"
    static let summary = "Accuracy-weighted Kalman filter (phone version): variance grows by q^2*dt, measurement variance = accuracy^2."
    static let timing = FilterTiming.online
    /// The `q` parameter.
    static let q = FilterParameter(
        name: "q",
        defaultValue: 3,
        unit: "m/s",
        summary: "process noise: how fast the position may wander between fixes; 3 m/s suits walking and running",
        minimum: 0
    )
    static let parameters = [q]
    /// The smallest accuracy the filter believes, in metres.
    static let minimumAccuracyMeters = 1.0

    private let processNoiseMetersPerSecond: Double
    private var latitude = 0.0
    private var longitude = 0.0
    private var lastTimestampSeconds = 0.0
    /// Negative until the first fix arrives.
    private var varianceSquareMeters = -1.0

    init(settings: FilterSettings) {
        processNoiseMetersPerSecond = settings[Self.q]
    }

    /// Creates the filter with process noise `q` in metres per second.
    init(processNoiseMetersPerSecond: Double) {
        self.processNoiseMetersPerSecond = processNoiseMetersPerSecond
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        let accuracy = max(fix.horizontalAccuracyMeters, Self.minimumAccuracyMeters)
        let measurementVariance = accuracy * accuracy
        if varianceSquareMeters < 0 {
            latitude = fix.latitude
            longitude = fix.longitude
            lastTimestampSeconds = fix.timestampSeconds
            varianceSquareMeters = measurementVariance
        } else {
            let elapsedSeconds = fix.timestampSeconds - lastTimestampSeconds
            if elapsedSeconds > 0 {
                varianceSquareMeters += elapsedSeconds * processNoiseMetersPerSecond * processNoiseMetersPerSecond
                lastTimestampSeconds = fix.timestampSeconds
            }
            let gain = varianceSquareMeters / (varianceSquareMeters + measurementVariance)
            latitude += gain * (fix.latitude - latitude)
            longitude = Longitude.wrapped(longitude + gain * Longitude.degreesEast(from: longitude, to: fix.longitude))
            varianceSquareMeters *= 1 - gain
        }
        var estimate = fix
        estimate.latitude = latitude
        estimate.longitude = longitude
        estimate.horizontalAccuracyMeters = varianceSquareMeters.squareRoot()
        estimates.append(estimate)
    }
}
