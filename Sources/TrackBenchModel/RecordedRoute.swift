import Foundation
import TrackBenchGeodesy

/// A real route with its timing, taken from a reference recording, for simulating phones on the routes users run.
///
/// A scenario on a recorded route follows the recording's positions, turns,
/// stops and speed changes instead of a synthetic shape; its distance, speed
/// and duration are the recording's own.
package struct RecordedRoute: Sendable, Hashable {
    /// The route's name, as it appears in scenario ids (`recorded-<name>-<signal>`).
    package var name: String
    /// The file it was read from, as the scenario file names it.
    package var file: String
    /// Where the route starts: the origin of its scenarios' frame.
    package var origin: Coordinate
    /// The route's positions against time, seconds since its first point, metres in the frame at `origin`.
    package let track: TimedTrack

    /// Creates a route from a reference's points in time order.
    /// - Parameters:
    ///   - name: The route's name.
    ///   - file: The file it came from.
    ///   - points: At least two points with strictly increasing times.
    package init(name: String, file: String, points: [LocationFix]) {
        self.name = name
        self.file = file
        origin = points[0].coordinate
        let frame = LocalFrame(origin: origin)
        let start = points[0].timestampSeconds
        track = TimedTrack(times: points.map { $0.timestampSeconds - start }, points: points.map { frame.point(for: $0.coordinate) })
    }

    /// The route's duration, in seconds.
    package var durationSeconds: Double { track.times[track.times.count - 1] }

    /// The route's length in the local frame, in metres.
    package var lengthMeters: Double { track.cumulativeMeters[track.cumulativeMeters.count - 1] }

    /// The true speed at `timeSeconds`, in metres per second: the track's, 0 below
    /// `TimedTrack.stoppedSpeedMetersPerSecond` and outside the route.
    func speedMetersPerSecond(atTime timeSeconds: Double) -> Double {
        track.motion(at: timeSeconds).speedMetersPerSecond
    }
}
