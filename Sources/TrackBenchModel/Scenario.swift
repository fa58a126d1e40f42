import Foundation
import TrackBenchGeodesy

/// One benchmark case: a path shape, a distance, a speed, an optional stop and a signal profile.
///
/// The scenario holds parameters only; `truePath(gaussian:using:)` and the
/// noise model turn it into fixes, so a suite of scenarios is cheap to list.
public struct Scenario: Sendable, Hashable, Identifiable {
    /// The shape of the true path.
    package var pathType: PathType
    /// The length of the true path, in metres.
    public var distanceMeters: Double
    /// The speed while moving, in metres per second.
    package var speedMetersPerSecond: Double
    /// How long the runner stands still halfway along the path, in seconds; 0 = no stop.
    package var stopSeconds: Double
    /// The signal conditions the noisy path is drawn under.
    package var signal: SignalProfile
    /// Where the path starts.
    package var origin: Coordinate
    /// The real route a `recorded` scenario follows; nil for the synthetic shapes.
    package var route: RecordedRoute?
    /// The ground the path crosses; nil for the level ground at altitude 0 of suites without terrains.
    ///
    /// A scenario on a terrain starts at the terrain's origin.
    package private(set) var terrain: Terrain?
    /// How the person moves in a dead-reckoning scenario; nil for a scenario given by its speed.
    package private(set) var gait: Gait?
    /// The phone's step and heading sensors; nil for a scenario of fixes only.
    package private(set) var sensors: SensorProfile?
    /// How long GPS delivers nothing after the person has covered a third of the distance, in seconds; 0 = no tunnel.
    package var tunnelSeconds: Double = 0
    /// The speed of each of the gait's stretches (`Gait.stretches`), in metres per second; empty without a gait.
    private var stretchSpeedsMetersPerSecond: [Double] = []

    /// Creates a scenario.
    package init(
        pathType: PathType,
        distanceMeters: Double,
        speedMetersPerSecond: Double,
        stopSeconds: Double = 0,
        signal: SignalProfile,
        origin: Coordinate,
        terrain: Terrain? = nil
    ) {
        self.pathType = pathType
        self.distanceMeters = distanceMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.stopSeconds = stopSeconds
        self.signal = signal
        self.origin = terrain?.origin ?? origin
        self.terrain = terrain
    }

    /// Creates a dead-reckoning scenario: a person moving along a shape at the pace of `gait`, carrying a phone with
    /// `sensors`.
    ///
    /// The speed is the gait's cadence x mean stride; a mixed gait covers
    /// each third of the distance at its activity's speed, and
    /// `speedMetersPerSecond` is then the mean moving speed.
    package init(
        pathType: PathType,
        distanceMeters: Double,
        gait: Gait,
        sensors: SensorProfile,
        stopSeconds: Double = 0,
        tunnelSeconds: Double = 0,
        signal: SignalProfile,
        origin: Coordinate,
        terrain: Terrain? = nil
    ) {
        let speeds = gait.stretches.map { sensors.profile(for: $0).speedMetersPerSecond }
        let movingSeconds = speeds.reduce(0) { $0 + distanceMeters / Double(speeds.count) / $1 }
        self.init(
            pathType: pathType,
            distanceMeters: distanceMeters,
            speedMetersPerSecond: speeds.count == 1 ? speeds[0] : distanceMeters / movingSeconds,
            stopSeconds: stopSeconds,
            signal: signal,
            origin: origin,
            terrain: terrain
        )
        self.gait = gait
        self.sensors = sensors
        self.tunnelSeconds = tunnelSeconds
        stretchSpeedsMetersPerSecond = speeds
    }

    /// Creates a scenario that follows a recorded route: its duration is the route's, and its distance and speed
    /// are the route's length and mean speed to a tenth (labels for reports; positions come from the route).
    package init(route: RecordedRoute, signal: SignalProfile) {
        let length = route.lengthMeters
        let speed = route.durationSeconds > 0 ? length / route.durationSeconds : 0
        self.init(
            pathType: .recorded,
            distanceMeters: (length * 10).rounded() / 10,
            speedMetersPerSecond: (speed * 10).rounded() / 10,
            signal: signal,
            origin: route.origin
        )
        self.route = route
    }

    /// A stable, readable identifier such as `loop-5000m-2.8mps-weak`, `loop-5000m-2.8mps-stop30s-forest`,
    /// `recorded-park-run-strong`, or with a terrain `loop-5000m-2.8mps-weak-hills`.
    ///
    /// It names the scenario in reports, on the command line, and seeds its
    /// random stream, so it must not change for an unchanged scenario: it is
    /// built with its own frozen number spelling, never with report formatting.
    ///
    /// A dead-reckoning scenario names its gait instead of its speed
    /// (`track-400m-jog-strong`), and a tunnel adds `-tunnel60s` after the stop.
    public var id: String {
        if let route { return "recorded-\(route.name)-\(signal.name)" }
        let stop = stopSeconds > 0 ? "-stop\(Self.idSpelling(of: stopSeconds))s" : ""
        let tunnel = tunnelSeconds > 0 ? "-tunnel\(Self.idSpelling(of: tunnelSeconds))s" : ""
        let pace = gait?.rawValue ?? "\(Self.idSpelling(of: speedMetersPerSecond))mps"
        let ground = terrain.map { "-\($0.name)" } ?? ""
        return "\(pathType.rawValue)-\(Self.idSpelling(of: distanceMeters))m-\(pace)\(stop)\(tunnel)-\(signal.name)\(ground)"
    }

    /// A number as scenario ids spell it: whole numbers below 10^15 without a
    /// point (5000), others in Swift's shortest round-trip form (2.8, 1e+20).
    ///
    /// Frozen: changing it would rename scenarios and reshuffle every random stream.
    static func idSpelling(of value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// The whole run's duration, stop included, in seconds.
    public var durationSeconds: Double {
        if let route { return route.durationSeconds }
        return (isMixedPace ? movingSeconds(toCover: distanceMeters) : distanceMeters / speedMetersPerSecond) + stopSeconds
    }

    /// When the runner stands still, in seconds since the start; nil without a stop.
    package var stopInterval: ClosedRange<Double>? {
        guard stopSeconds > 0 else { return nil }
        let start = isMixedPace ? movingSeconds(toCover: distanceMeters / 2) : distanceMeters / 2 / speedMetersPerSecond
        return start...(start + stopSeconds)
    }

    /// When GPS delivers nothing, in seconds since the start: from the moment a third of the distance is covered, for
    /// `tunnelSeconds`; nil without a tunnel.
    package var tunnelInterval: ClosedRange<Double>? {
        guard tunnelSeconds > 0 else { return nil }
        let start = timeSeconds(atDistanceMeters: distanceMeters / 3)
        return start...(start + tunnelSeconds)
    }

    /// Distance covered at `timeSeconds`, in metres: steady speed (per stretch of a mixed gait), halted during the
    /// stop; along the route for a recorded scenario.
    package func distanceCoveredMeters(atTime timeSeconds: Double) -> Double {
        if let route { return route.track.distanceCovered(at: timeSeconds) }
        var moving = timeSeconds
        if let stop = stopInterval, timeSeconds > stop.lowerBound {
            moving = max(stop.lowerBound, timeSeconds - stopSeconds)
        }
        guard isMixedPace else { return min(max(moving * speedMetersPerSecond, 0), distanceMeters) }
        var covered = 0.0
        let stretchMeters = distanceMeters / Double(stretchSpeedsMetersPerSecond.count)
        for speed in stretchSpeedsMetersPerSecond {
            let seconds = stretchMeters / speed
            guard moving > seconds else { return min(covered + max(moving, 0) * speed, distanceMeters) }
            moving -= seconds
            covered += stretchMeters
        }
        return distanceMeters
    }

    /// When the person has covered `distanceMeters` (clamped to the path), in seconds since the start, stop included;
    /// a shape's path only (a recorded route's time is its own).
    package func timeSeconds(atDistanceMeters distance: Double) -> Double {
        let covered = min(max(distance, 0), distanceMeters)
        let moving = isMixedPace ? movingSeconds(toCover: covered) : covered / speedMetersPerSecond
        return covered > distanceMeters / 2 && stopSeconds > 0 ? moving + stopSeconds : moving
    }

    /// The true speed at `timeSeconds`, in metres per second: 0 during the stop and outside the run.
    package func trueSpeedMetersPerSecond(atTime timeSeconds: Double) -> Double {
        if let route { return route.speedMetersPerSecond(atTime: timeSeconds) }
        if timeSeconds < 0 || timeSeconds > durationSeconds { return 0 }
        if let stop = stopInterval, stop.contains(timeSeconds) { return 0 }
        return isMixedPace
            ? stretchSpeedsMetersPerSecond[stretchIndex(atDistanceMeters: distanceCoveredMeters(atTime: timeSeconds))]
            : speedMetersPerSecond
    }

    /// The activity at `timeSeconds`: the gait's stretch being covered then; nil without a gait.
    package func activity(atTime timeSeconds: Double) -> Gait? {
        guard let gait else { return nil }
        return gait.stretches[stretchIndex(atDistanceMeters: distanceCoveredMeters(atTime: timeSeconds))]
    }

    /// Whether the pace changes along the way (a mixed gait), so times and distances are summed per stretch.
    private var isMixedPace: Bool { stretchSpeedsMetersPerSecond.count > 1 }

    /// Which of the gait's stretches holds `distance`; the first at a boundary.
    private func stretchIndex(atDistanceMeters distance: Double) -> Int {
        let count = max(1, stretchSpeedsMetersPerSecond.count)
        let index = Int((distance / distanceMeters * Double(count)).rounded(.up)) - 1
        return min(max(index, 0), count - 1)
    }

    /// Moving time to cover `distance` from the start, without the stop, over the gait's stretches.
    private func movingSeconds(toCover distance: Double) -> Double {
        let stretchMeters = distanceMeters / Double(stretchSpeedsMetersPerSecond.count)
        var seconds = 0.0
        var left = distance
        for speed in stretchSpeedsMetersPerSecond where left > 0 {
            seconds += min(left, stretchMeters) / speed
            left -= stretchMeters
        }
        return seconds
    }

    /// The true altitude at `timeSeconds`, in metres: the user's over the terrain at the true position (the ground,
    /// or a place off it), 0 without a terrain.
    package func trueAltitudeMeters(atTime timeSeconds: Double) -> Double {
        terrain.map { $0.userAltitudeMeters(at: truePosition(atTime: timeSeconds)) } ?? 0
    }

    /// The true position at `timeSeconds`, in metres east and north of the origin.
    ///
    /// Exact, not interpolated between true fixes, so metrics can compare any
    /// estimate with the truth at any time in constant time.
    package func truePosition(atTime timeSeconds: Double) -> LocalPoint {
        if let route { return route.track.position(at: timeSeconds) }
        return pathType.position(atDistanceMeters: distanceCoveredMeters(atTime: timeSeconds), totalMeters: distanceMeters).point
    }
}
