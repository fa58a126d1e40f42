/// How one activity moves a person: steps per second and how long each step is.
///
/// The true stride wanders slowly around `strideMeters` (a person lengthens
/// and shortens their steps as they go), by `strideDeviationMeters`; the
/// speed is steady, so a longer stride takes longer.
public struct GaitProfile: Sendable, Hashable {
    /// Steps per second while moving (> 0).
    public var cadenceStepsPerSecond: Double
    /// The mean true stride, in metres (> 0).
    public var strideMeters: Double
    /// The deviation of the true stride around its mean, in metres (0 = every step alike).
    public var strideDeviationMeters: Double

    /// Creates an activity's profile; see the properties for units.
    public init(cadenceStepsPerSecond: Double, strideMeters: Double, strideDeviationMeters: Double) {
        self.cadenceStepsPerSecond = cadenceStepsPerSecond
        self.strideMeters = strideMeters
        self.strideDeviationMeters = strideDeviationMeters
    }

    /// The steady speed while moving, cadence x mean stride, in metres per second.
    public var speedMetersPerSecond: Double { cadenceStepsPerSecond * strideMeters }
}
