import Foundation
import TrackBenchGeodesy

/// Positions at times on a reference recorded with times (references are often 10 Hz), in metres in the replay's frame.
package struct TimedTrack: Sendable, Hashable {
    /// Below this speed, in metres per second, a track counts as standing still.
    ///
    /// References jitter by centimetres while parked; at 10 Hz that alone reads as up to about 0.2 m/s.
    package static let stoppedSpeedMetersPerSecond = 0.3

    /// Times, strictly increasing, in seconds since the replay's start.
    package let times: [Double]
    /// Positions at those times.
    package let points: [LocalPoint]
    /// The length of the track up to each point, in metres (0 at the first).
    let cumulativeMeters: [Double]

    /// Creates a track from times (strictly increasing) and the positions at them.
    package init(times: [Double], points: [LocalPoint]) {
        self.times = times
        self.points = points
        var total = 0.0
        var cumulative = [0.0]
        cumulative.reserveCapacity(points.count)
        for (before, after) in zip(points, points.dropFirst()) {
            total += before.distance(to: after)
            cumulative.append(total)
        }
        cumulativeMeters = cumulative
    }

    /// The distance travelled along the track by `time`, in metres, interpolated; 0 before it, its length after.
    func distanceCovered(at time: Double) -> Double {
        let index = segment(at: time)
        guard index + 1 < times.count, time > times[index] else { return cumulativeMeters[index] }
        let fraction = (time - times[index]) / (times[index + 1] - times[index])
        return cumulativeMeters[index] + (cumulativeMeters[index + 1] - cumulativeMeters[index]) * fraction
    }

    /// The index of the last time at or before `time`, clamped to the track.
    private func segment(at time: Double) -> Int {
        var low = 0
        var high = times.count - 1
        guard time > times[0] else { return 0 }
        guard time < times[high] else { return high }
        while high - low > 1 {
            let middle = (low + high) / 2
            if times[middle] <= time { low = middle } else { high = middle }
        }
        return low
    }

    /// The position at `time`, interpolated linearly; the end positions outside the track's span.
    package func position(at time: Double) -> LocalPoint {
        let index = segment(at: time)
        guard index + 1 < times.count, time > times[index] else { return points[index] }
        let fraction = (time - times[index]) / (times[index + 1] - times[index])
        let (a, b) = (points[index], points[index + 1])
        return LocalPoint(east: a.east + (b.east - a.east) * fraction, north: a.north + (b.north - a.north) * fraction)
    }

    /// The speed at `time`, in metres per second: the length of the segment holding it over its duration; 0 outside the span.
    package func speed(at time: Double) -> Double {
        guard time >= times[0], time <= times[times.count - 1], times.count > 1 else { return 0 }
        let index = min(segment(at: time), times.count - 2)
        return points[index].distance(to: points[index + 1]) / (times[index + 1] - times[index])
    }

    /// How the track moves at `time`, as the truth of a fix sees it: its speed and course, or speed 0 and course -1
    /// (unknown) below `stoppedSpeedMetersPerSecond`.
    package func motion(at time: Double) -> (speedMetersPerSecond: Double, courseDegrees: Double) {
        let speed = speed(at: time)
        return speed >= Self.stoppedSpeedMetersPerSecond ? (speed, course(at: time)) : (0, -1)
    }

    /// The course at `time`, in degrees clockwise from north: the direction of the segment holding it; -1 where the
    /// segment has no length or `time` is outside the span.
    func course(at time: Double) -> Double {
        guard time >= times[0], time <= times[times.count - 1], times.count > 1 else { return -1 }
        let index = min(segment(at: time), times.count - 2)
        let (a, b) = (points[index], points[index + 1])
        guard a != b else { return -1 }
        let degrees = atan2(b.east - a.east, b.north - a.north) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }
}
