import Foundation
import TrackBenchGeodesy

/// The phone chipset's own position filter, applied to the true track before any error: it cuts corners.
///
/// Phone chipsets smooth their fixes with a filter of their own, and the
/// measured paths of driving phones can come out shorter than the truth (up
/// to 0.04 % over the 72 WHU Beijing logs, Docs/calibration.md) where the
/// noise alone only makes them longer on average. The smoother follows the true position with a
/// first-order filter of time constant `chipsetSmoothingSeconds` and keeps
/// only the cross-track part of the filter's offset from the truth: on a turn
/// of radius R at speed v the fixes run on a radius of R / (1 + (v τ / R)²),
/// inside the turn; on a straight there is no offset. The along-track part (a
/// lag of v τ) is left out because the chipsets' filters use the Doppler
/// velocity and do not lag on straights: a lag is `alongTrackBiasMeters`.
/// It draws nothing random, so profiles without it simulate exactly as before.
package struct ChipsetSmoother: Sendable {
    /// The filter's time constant, in seconds (> 0).
    package let timeConstantSeconds: Double
    private var filtered: LocalPoint?
    private var lastTimeSeconds = 0.0

    /// A smoother with time constant `timeConstantSeconds`, or nil when it is not above zero (no smoothing).
    package init?(timeConstantSeconds: Double) {
        guard timeConstantSeconds > 0 else { return nil }
        self.timeConstantSeconds = timeConstantSeconds
    }

    /// Where the chipset puts the true point `point` at `timeSeconds` (times in order) on a course of `courseDegrees`:
    /// the point moved across the track toward the filtered position; the point itself while the course is unknown
    /// (negative) and at the first call.
    package mutating func smoothed(_ point: LocalPoint, atTime timeSeconds: Double, courseDegrees: Double) -> LocalPoint {
        guard let previous = filtered else {
            filtered = point
            lastTimeSeconds = timeSeconds
            return point
        }
        let weight = 1 - exp(-max(0, timeSeconds - lastTimeSeconds) / timeConstantSeconds)
        let next = LocalPoint(
            east: previous.east + weight * (point.east - previous.east), north: previous.north + weight * (point.north - previous.north)
        )
        filtered = next
        lastTimeSeconds = timeSeconds
        guard courseDegrees >= 0 else { return point }
        let direction = LocalPoint.direction(courseDegrees: courseDegrees)
        // The unit vector to the right of the course, and the filter's offset along it.
        let right = LocalPoint(east: direction.north, north: -direction.east)
        let cross = (next.east - point.east) * right.east + (next.north - point.north) * right.north
        return LocalPoint(east: point.east + cross * right.east, north: point.north + cross * right.north)
    }
}
