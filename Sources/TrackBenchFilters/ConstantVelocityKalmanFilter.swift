import TrackBenchGeodesy
import TrackBenchModel
/// A 2-D constant-velocity Kalman filter: position and velocity east and north, one noise value.
///
/// This is the filter of the small C libraries for GPS in the field: the
/// state is position and velocity in a flat east/north frame (a `LocalFrame`
/// anchored at the first valid fix), the motion model is constant velocity
/// disturbed by white-noise acceleration of standard deviation `noise`
/// (m/s^2), and each fix measures the position with per-axis variance
/// max(accuracy, 1 m)^2 / 2, since phones report a 2-D RMS radius. The math
/// is in `ConstantVelocityModel` (Kalman 1960; the white-noise-acceleration
/// covariance from Bar-Shalom et al.). Unlike `kalman`, which only blends
/// positions, it learns the velocity, so it does not lag on a straight line
/// at constant speed and carries the track forward between fixes.
///
/// Each valid fix produces one estimate: the fix with the filtered latitude
/// and longitude, `horizontalAccuracyMeters` = sqrt(var_east + var_north)
/// (2-D RMS, in metres), `speedMetersPerSecond` = |v| and `courseDegrees` =
/// atan2(v_east, v_north) in 0..<360 degrees clockwise from north (-1 while
/// the velocity is exactly zero, as on the first fix). Altitude, vertical
/// accuracy and times stay the fix's; the speed and course the phone reported
/// are not used.
///
/// Edge cases: an invalid fix (negative or NaN accuracy) is skipped: no
/// estimate, and the state is untouched. The first valid fix starts the
/// track at its position with velocity 0 and a velocity variance of
/// (10 m/s)^2, so the next fixes set the velocity. A fix whose timestamp does
/// not move forward (stale or duplicate) updates the state without a
/// prediction, as a second look at the same moment, and leaves the clock
/// alone: after a stale fix the next time step is measured from the newest
/// timestamp seen, not from the stale one. A `noise` of 0 means a
/// perfectly straight, steady track: the filter becomes a growing
/// least-squares line fit and stops following turns.
///
/// - Complexity: O(1) per fix, without allocation.
struct ConstantVelocityKalmanFilter: RegisteredFilter {
    static let name = "cv-kalman"
    static let summary = "2-D constant-velocity Kalman filter (position and velocity east/north, white-noise acceleration); "
        + "skips invalid fixes, estimates speed and course."
    static let timing = FilterTiming.online
    /// The `noise` parameter.
    static let noise = FilterParameter(
        name: "noise",
        defaultValue: 1,
        unit: "m/s^2",
        summary: "standard deviation of the unmodelled acceleration; runners change pace and turn at about 1 m/s^2, "
            + "bigger follows turns faster but smooths less",
        minimum: 0
    )
    static let parameters = [noise]

    /// One forward step as the smoother needs it.
    struct Step: Sendable {
        /// The state after the fix was used.
        var filtered: ConstantVelocityModel.State
        /// The time the prediction covered, in seconds; 0 when there was none.
        var elapsedSeconds: Double
    }

    private let model: ConstantVelocityModel
    /// The frame the state lives in; nil until the first valid fix anchors it.
    private(set) var frame: LocalFrame?
    private var state = ConstantVelocityModel.State(
        east: .init(position: 0, velocity: 0),
        north: .init(position: 0, velocity: 0),
        covariance: .init(positionVariance: 0, covariance: 0, velocityVariance: 0)
    )
    /// The newest timestamp predicted to, in seconds.
    private var lastTimestampSeconds = 0.0

    init(settings: FilterSettings) {
        self.init(accelerationNoiseMetersPerSecondSquared: settings[Self.noise])
    }

    /// Creates the filter.
    /// - Parameter accelerationNoiseMetersPerSecondSquared: The standard
    ///   deviation of the unmodelled acceleration, in m/s^2; 0 or more.
    init(accelerationNoiseMetersPerSecondSquared: Double) {
        model = ConstantVelocityModel(accelerationNoiseMetersPerSecondSquared: accelerationNoiseMetersPerSecondSquared)
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        guard let step = step(fix), let frame else { return }
        estimates.append(ConstantVelocityModel.estimate(of: fix, from: step.filtered, in: frame))
    }

    /// Runs the filter over one fix and returns what it did, or nil for an invalid fix.
    @inline(__always)
    mutating func step(_ fix: LocationFix) -> Step? {
        guard fix.hasValidCoordinate else { return nil }
        let variance = ConstantVelocityModel.measurementVariance(accuracyMeters: fix.horizontalAccuracyMeters)
        guard let frame else {
            let frame = LocalFrame(origin: fix.coordinate)
            self.frame = frame
            state = model.initialState(at: frame.point(for: fix.coordinate), measurementVariance: variance)
            lastTimestampSeconds = fix.timestampSeconds
            return Step(filtered: state, elapsedSeconds: 0)
        }
        var elapsedSeconds = fix.timestampSeconds - lastTimestampSeconds
        if elapsedSeconds > 0 {
            state = model.predicted(state, elapsedSeconds: elapsedSeconds)
            lastTimestampSeconds = fix.timestampSeconds
        } else {
            elapsedSeconds = 0
        }
        state = model.updated(state, with: frame.point(for: fix.coordinate), measurementVariance: variance)
        return Step(filtered: state, elapsedSeconds: elapsedSeconds)
    }
}
