import Foundation

/// One benchmark case: a path shape, a distance, a speed, an optional stop and a signal profile.
///
/// The scenario holds parameters only; `truePath(gaussian:using:)` and the
/// noise model turn it into fixes, so a suite of scenarios is cheap to list.
public struct Scenario: Sendable, Hashable, Identifiable {
    /// The shape of the true path.
    public var pathType: PathType
    /// The length of the true path, in metres.
    public var distanceMeters: Double
    /// The speed while moving, in metres per second.
    public var speedMetersPerSecond: Double
    /// How long the runner stands still halfway along the path, in seconds; 0 = no stop.
    public var stopSeconds: Double
    /// The signal conditions the noisy path is drawn under.
    public var signal: SignalProfile
    /// Where the path starts.
    public var origin: Coordinate
    /// The real route a `recorded` scenario follows; nil for the synthetic shapes.
    public var route: RecordedRoute?
    /// The ground the path crosses; nil for the level ground at altitude 0 of suites without terrains.
    ///
    /// A scenario on a terrain starts at the terrain's origin.
    public var terrain: Terrain?

    /// Creates a scenario.
    public init(
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

    /// Creates a scenario that follows a recorded route: its duration is the route's, and its distance and speed
    /// are the route's length and mean speed to a tenth (labels for reports; positions come from the route).
    public init(route: RecordedRoute, signal: SignalProfile) {
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
    public var id: String {
        if let route { return "recorded-\(route.name)-\(signal.name)" }
        let stop = stopSeconds > 0 ? "-stop\(Self.idSpelling(of: stopSeconds))s" : ""
        let ground = terrain.map { "-\($0.name)" } ?? ""
        return "\(pathType.rawValue)-\(Self.idSpelling(of: distanceMeters))m-\(Self.idSpelling(of: speedMetersPerSecond))mps\(stop)-\(signal.name)\(ground)"
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
    public var durationSeconds: Double { route?.durationSeconds ?? distanceMeters / speedMetersPerSecond + stopSeconds }

    /// When the runner stands still, in seconds since the start; nil without a stop.
    public var stopInterval: ClosedRange<Double>? {
        guard stopSeconds > 0 else { return nil }
        let start = distanceMeters / 2 / speedMetersPerSecond
        return start...(start + stopSeconds)
    }

    /// Distance covered at `timeSeconds`, in metres: steady speed, halted during the stop; along the route for a
    /// recorded scenario.
    public func distanceCoveredMeters(atTime timeSeconds: Double) -> Double {
        if let route { return route.track.distanceCovered(at: timeSeconds) }
        var moving = timeSeconds
        if let stop = stopInterval, timeSeconds > stop.lowerBound {
            moving = max(stop.lowerBound, timeSeconds - stopSeconds)
        }
        return min(max(moving * speedMetersPerSecond, 0), distanceMeters)
    }

    /// The true speed at `timeSeconds`, in metres per second: 0 during the stop and outside the run.
    public func trueSpeedMetersPerSecond(atTime timeSeconds: Double) -> Double {
        if let route { return route.speedMetersPerSecond(atTime: timeSeconds) }
        if timeSeconds < 0 || timeSeconds > durationSeconds { return 0 }
        if let stop = stopInterval, stop.contains(timeSeconds) { return 0 }
        return speedMetersPerSecond
    }

    /// The true altitude at `timeSeconds`, in metres: the terrain's under the true position, 0 without a terrain.
    public func trueAltitudeMeters(atTime timeSeconds: Double) -> Double {
        terrain.map { $0.altitudeMeters(at: truePosition(atTime: timeSeconds)) } ?? 0
    }

    /// The true position at `timeSeconds`, in metres east and north of the origin.
    ///
    /// Exact, not interpolated between true fixes, so metrics can compare any
    /// estimate with the truth at any time in constant time.
    public func truePosition(atTime timeSeconds: Double) -> LocalPoint {
        if let route { return route.track.position(at: timeSeconds) }
        return pathType.position(atDistanceMeters: distanceCoveredMeters(atTime: timeSeconds), totalMeters: distanceMeters).point
    }
}
