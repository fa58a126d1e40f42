import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// The 2-D constant-velocity motion model shared by `cv-kalman` and `rts-smoother`.
///
/// The state is position and velocity along the east and north axes of a
/// `LocalFrame`, in metres and metres per second. The model is the textbook
/// white-noise-acceleration one (Bar-Shalom, Li and Kirubarajan, "Estimation
/// with Applications to Tracking and Navigation", section 6.3.2): over an
/// elapsed time dt each axis moves as p' = p + v dt, v' = v, and gains
/// process covariance
///
///     Q = sigma^2 * [[dt^4 / 4, dt^3 / 2], [dt^3 / 2, dt^2]]
///
/// where sigma is the standard deviation of the unknown acceleration, in
/// m/s^2. Fixes measure position only. With this model the east and north
/// axes never interact (F, Q, H and R are block-diagonal), so the 4x4 filter
/// is solved exactly as two independent 2x2 filters, each written out by hand:
/// no matrix library, no allocation.
///
/// Both axes also share one 2x2 covariance: it starts the same on both, and
/// every step changes it by the same elapsed time and the same measurement
/// variance, never by a measured value. So it is kept and computed once, the
/// same to the bit as two copies would be, and the gains it gives serve both
/// axes.
///
/// A phone's accuracy is a 2-D RMS radius r, so each axis is measured with
/// variance r^2 / 2, with r floored at 1 m as in the phone filters: no fix is
/// believed to be perfect, and a 0 m accuracy cannot give a zero variance.
struct ConstantVelocityModel: Sendable {
    /// Position and velocity along one axis.
    struct Axis: Sendable, Hashable {
        /// Metres from the frame's origin along the axis.
        var position: Double
        /// Metres per second along the axis.
        var velocity: Double
    }

    /// The 2x2 covariance of position and velocity along either axis.
    struct Covariance: Sendable, Hashable {
        /// Variance of the position, in m^2.
        var positionVariance: Double
        /// Covariance of position and velocity, in m^2/s (both off-diagonal entries).
        var covariance: Double
        /// Variance of the velocity, in m^2/s^2.
        var velocityVariance: Double
    }

    /// The full state: the two independent axes and the covariance they share.
    struct State: Sendable, Hashable {
        /// The east axis.
        var east: Axis
        /// The north axis.
        var north: Axis
        /// The covariance of each axis.
        var covariance: Covariance
    }

    /// The smallest accuracy radius believed, in metres.
    static let minimumAccuracyMeters = 1.0
    /// The velocity variance per axis of a new track, in m^2/s^2: (10 m/s)^2,
    /// so the first few fixes, not the prior of "standing still", set the velocity.
    static let initialVelocityVariance = 100.0

    /// sigma^2, the variance of the acceleration, in m^2/s^4.
    let accelerationVariance: Double

    /// Creates the model.
    /// - Parameter accelerationNoiseMetersPerSecondSquared: The standard
    ///   deviation of the unmodelled acceleration, in m/s^2.
    init(accelerationNoiseMetersPerSecondSquared: Double) {
        accelerationVariance = accelerationNoiseMetersPerSecondSquared * accelerationNoiseMetersPerSecondSquared
    }

    /// The per-axis measurement variance of a fix, in m^2: max(accuracy, 1 m)^2 / 2.
    static func measurementVariance(accuracyMeters: Double) -> Double {
        let accuracy = max(accuracyMeters, minimumAccuracyMeters)
        return accuracy * accuracy / 2
    }

    /// The state of a new track at a measured point: standing still, velocity very uncertain.
    func initialState(at point: LocalPoint, measurementVariance: Double) -> State {
        State(
            east: Axis(position: point.east, velocity: 0),
            north: Axis(position: point.north, velocity: 0),
            covariance: Covariance(positionVariance: measurementVariance, covariance: 0, velocityVariance: Self.initialVelocityVariance)
        )
    }

    /// The state moved forward by `elapsedSeconds`: x' = F x, P' = F P F^T + Q.
    func predicted(_ state: State, elapsedSeconds dt: Double) -> State {
        let p = state.covariance
        let dt2 = dt * dt
        let q = accelerationVariance
        return State(
            east: Axis(position: state.east.position + state.east.velocity * dt, velocity: state.east.velocity),
            north: Axis(position: state.north.position + state.north.velocity * dt, velocity: state.north.velocity),
            covariance: Covariance(
                positionVariance: p.positionVariance + 2 * dt * p.covariance + dt2 * p.velocityVariance + q * dt2 * dt2 / 4,
                covariance: p.covariance + dt * p.velocityVariance + q * dt2 * dt / 2,
                velocityVariance: p.velocityVariance + q * dt2
            )
        )
    }

    /// The state corrected by a measured point with per-axis variance `measurementVariance`.
    func updated(_ state: State, with point: LocalPoint, measurementVariance: Double) -> State {
        let p = state.covariance
        // H = [1, 0]: innovation variance S = P00 + R, gain K = [P00, P01] / S.
        let innovationVariance = p.positionVariance + measurementVariance
        let positionGain = p.positionVariance / innovationVariance
        let velocityGain = p.covariance / innovationVariance
        func updated(_ axis: Axis, with measurement: Double) -> Axis {
            let innovation = measurement - axis.position
            return Axis(position: axis.position + positionGain * innovation, velocity: axis.velocity + velocityGain * innovation)
        }
        // P - K H P, written so it stays symmetric; its determinant is
        // R / S * det(P), so it stays positive definite.
        let retained = measurementVariance / innovationVariance
        return State(
            east: updated(state.east, with: point.east),
            north: updated(state.north, with: point.north),
            covariance: Covariance(
                positionVariance: p.positionVariance * retained,
                covariance: p.covariance * retained,
                velocityVariance: p.velocityVariance - velocityGain * p.covariance
            )
        )
    }

    /// One backward step of the Rauch-Tung-Striebel smoother.
    ///
    /// With C = P_f F^T P_p^-1: x_s = x_f + C (x_s' - x_p'), P_s = P_f + C (P_s' - P_p') C^T,
    /// where ' marks the next step.
    /// - Parameters:
    ///   - filtered: The forward filter's state at this step.
    ///   - nextPredicted: The forward filter's prediction for the next step, before its update.
    ///   - nextSmoothed: The smoothed state at the next step.
    ///   - elapsedSeconds: The time the prediction into the next step covered; 0 if there was none.
    /// - Returns: The smoothed state at this step.
    func smoothed(filtered: State, nextPredicted: State, nextSmoothed: State, elapsedSeconds dt: Double) -> State {
        let pf = filtered.covariance
        // G = P_f F^T with F = [[1, dt], [0, 1]].
        let g00 = pf.positionVariance + pf.covariance * dt
        let g01 = pf.covariance
        let g10 = pf.covariance + pf.velocityVariance * dt
        let g11 = pf.velocityVariance
        // C = G P_p^-1, P_p symmetric [[d, e], [e, f]].
        let d = nextPredicted.covariance.positionVariance
        let e = nextPredicted.covariance.covariance
        let f = nextPredicted.covariance.velocityVariance
        let determinant = d * f - e * e
        // A proper prediction is positive definite; anything else (a NaN
        // from a NaN timestamp) leaves the filtered state as it is.
        guard determinant > 0 else { return filtered }
        let c00 = (g00 * f - g01 * e) / determinant
        let c01 = (g01 * d - g00 * e) / determinant
        let c10 = (g10 * f - g11 * e) / determinant
        let c11 = (g11 * d - g10 * e) / determinant
        func smoothed(_ axis: Axis, nextPredicted: Axis, nextSmoothed: Axis) -> Axis {
            let positionChange = nextSmoothed.position - nextPredicted.position
            let velocityChange = nextSmoothed.velocity - nextPredicted.velocity
            return Axis(
                position: axis.position + c00 * positionChange + c01 * velocityChange,
                velocity: axis.velocity + c10 * positionChange + c11 * velocityChange
            )
        }
        // M = P_s' - P_p' (symmetric), then C M C^T.
        let ps = nextSmoothed.covariance
        let m00 = ps.positionVariance - d
        let m01 = ps.covariance - e
        let m11 = ps.velocityVariance - f
        let h00 = c00 * m00 + c01 * m01
        let h01 = c00 * m01 + c01 * m11
        let h10 = c10 * m00 + c11 * m01
        let h11 = c10 * m01 + c11 * m11
        return State(
            east: smoothed(filtered.east, nextPredicted: nextPredicted.east, nextSmoothed: nextSmoothed.east),
            north: smoothed(filtered.north, nextPredicted: nextPredicted.north, nextSmoothed: nextSmoothed.north),
            covariance: Covariance(
                positionVariance: pf.positionVariance + h00 * c00 + h01 * c01,
                covariance: pf.covariance + h00 * c10 + h01 * c11,
                velocityVariance: pf.velocityVariance + h10 * c10 + h11 * c11
            )
        )
    }

    /// A fix carrying a state: `fix` with the state's position, 2-D RMS accuracy, speed and course.
    ///
    /// The accuracy is sqrt(var_east + var_north), the same 2-D RMS radius
    /// phones report. The course is clockwise from north in 0..<360 degrees,
    /// or -1 (unknown) when the velocity is exactly zero, as on a track's
    /// first fix, where it has no direction. Altitude, vertical accuracy and
    /// times stay the fix's.
    static func estimate(of fix: LocationFix, from state: State, in frame: LocalFrame) -> LocationFix {
        let coordinate = frame.coordinate(for: LocalPoint(east: state.east.position, north: state.north.position))
        let velocityEast = state.east.velocity
        let velocityNorth = state.north.velocity
        let positionVariance = state.covariance.positionVariance
        var estimate = fix
        estimate.latitude = coordinate.latitude
        estimate.longitude = coordinate.longitude
        estimate.horizontalAccuracyMeters = (positionVariance + positionVariance).squareRoot()
        estimate.speedMetersPerSecond = (velocityEast * velocityEast + velocityNorth * velocityNorth).squareRoot()
        estimate.courseDegrees = LocalPoint(east: velocityEast, north: velocityNorth).courseDegrees
        return estimate
    }
}
