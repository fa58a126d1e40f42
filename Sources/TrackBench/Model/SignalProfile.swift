/// Signal conditions: the statistics the noise model draws a noisy path from.
///
/// Profiles are data in the scenario file, so a team can recalibrate them
/// against its own devices without touching code. All lengths are metres, all
/// times seconds; "deviation" is a standard deviation.
public struct SignalProfile: Sendable, Hashable {
    /// The profile's name as used in scenario ids, for example `weak`.
    public var name: String
    /// Mean reported horizontal accuracy (2-D RMS radius), in metres.
    public var horizontalAccuracyMeanMeters: Double
    /// Deviation of the reported horizontal accuracy over time, in metres.
    public var horizontalAccuracyDeviationMeters: Double
    /// Mean reported vertical accuracy, in metres.
    public var verticalAccuracyMeanMeters: Double
    /// Deviation of the reported vertical accuracy, in metres.
    public var verticalAccuracyDeviationMeters: Double
    /// Mean time between fixes, in seconds (1.0 on phones logging at 1 Hz).
    public var fixIntervalMeanSeconds: Double
    /// Deviation of the time between fixes, in seconds (0.131 measured).
    public var fixIntervalDeviationSeconds: Double
    /// How many fixes at the start of a run have inflated accuracy.
    public var warmUpFixes: Int
    /// Accuracy multiplier on the first fix; it falls linearly to 1 over `warmUpFixes`.
    public var warmUpAccuracyFactor: Double
    /// Time constant of the slowly drifting receiver error, in seconds.
    ///
    /// The error's autocorrelation falls to 1/e after about 2.15 time constants.
    public var driftTimeConstantSeconds: Double
    /// Deviation per axis of the independent per-fix jitter, in metres.
    public var jitterMeters: Double
    /// Deviation of the reported speed around the true speed, in metres per second.
    public var speedDeviationMetersPerSecond: Double
    /// Deviation of the reported course around the true course, in degrees.
    public var courseDeviationDegrees: Double
    /// Stale, invalid and jumping fixes, dropouts and speed glitches; `.none` for a clean signal.
    public var faults: FaultProfile

    /// Creates a profile; see the properties for units.
    public init(
        name: String,
        horizontalAccuracyMeanMeters: Double,
        horizontalAccuracyDeviationMeters: Double,
        verticalAccuracyMeanMeters: Double,
        verticalAccuracyDeviationMeters: Double,
        fixIntervalMeanSeconds: Double,
        fixIntervalDeviationSeconds: Double,
        warmUpFixes: Int,
        warmUpAccuracyFactor: Double,
        driftTimeConstantSeconds: Double,
        jitterMeters: Double,
        speedDeviationMetersPerSecond: Double,
        courseDeviationDegrees: Double,
        faults: FaultProfile = .none
    ) {
        self.name = name
        self.horizontalAccuracyMeanMeters = horizontalAccuracyMeanMeters
        self.horizontalAccuracyDeviationMeters = horizontalAccuracyDeviationMeters
        self.verticalAccuracyMeanMeters = verticalAccuracyMeanMeters
        self.verticalAccuracyDeviationMeters = verticalAccuracyDeviationMeters
        self.fixIntervalMeanSeconds = fixIntervalMeanSeconds
        self.fixIntervalDeviationSeconds = fixIntervalDeviationSeconds
        self.warmUpFixes = warmUpFixes
        self.warmUpAccuracyFactor = warmUpAccuracyFactor
        self.driftTimeConstantSeconds = driftTimeConstantSeconds
        self.jitterMeters = jitterMeters
        self.speedDeviationMetersPerSecond = speedDeviationMetersPerSecond
        self.courseDeviationDegrees = courseDeviationDegrees
        self.faults = faults
    }
}
