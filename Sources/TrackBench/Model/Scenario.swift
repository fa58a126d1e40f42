import Foundation

/// One benchmark case: a path shape, a distance, a speed and a signal profile.
///
/// The scenario holds parameters only; `truePath(using:)` and the noise model
/// turn it into fixes, so a suite of scenarios is cheap to list.
public struct Scenario: Sendable, Hashable, Identifiable {
    /// The shape of the true path.
    public var pathType: PathType
    /// The length of the true path, in metres.
    public var distanceMeters: Double
    /// The constant speed along the path, in metres per second.
    public var speedMetersPerSecond: Double
    /// The signal conditions the noisy path is drawn under.
    public var signal: SignalProfile
    /// Where the path starts.
    public var origin: Coordinate

    /// Creates a scenario.
    public init(
        pathType: PathType,
        distanceMeters: Double,
        speedMetersPerSecond: Double,
        signal: SignalProfile,
        origin: Coordinate
    ) {
        self.pathType = pathType
        self.distanceMeters = distanceMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.signal = signal
        self.origin = origin
    }

    /// A stable, readable identifier such as `loop-5000m-2.8mps-weak`.
    ///
    /// It names the scenario in reports, on the command line, and seeds its
    /// random stream, so it must not change for an unchanged scenario.
    public var id: String {
        "\(pathType.rawValue)-\(NumberFormat.compact(distanceMeters))m-\(NumberFormat.compact(speedMetersPerSecond))mps-\(signal.name)"
    }

    /// The expected duration at constant speed, in seconds.
    public var durationSeconds: Double { distanceMeters / speedMetersPerSecond }
}
