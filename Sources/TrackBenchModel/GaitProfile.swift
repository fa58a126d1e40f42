/// How one activity moves a person: steps per second and how long each step is.
///
/// `strideMeters` is the mean true stride over people; one person's mean
/// stride differs from it by `walkerStrideDeviationMeters` times a normal draw
/// made once per run (people differ in height and in the pace they choose
/// for the activity, and stride grows with pace), and each step differs from
/// the person's mean by `strideDeviationMeters` times a draw of its own. The
/// speed is steady, so a longer stride takes longer.
package struct GaitProfile: Sendable, Hashable {
    /// Steps per second while moving (> 0).
    package var cadenceStepsPerSecond: Double
    /// The mean true stride over people, in metres (> 0).
    package var strideMeters: Double
    /// The deviation of one person's mean stride from `strideMeters`, drawn once per run, in metres (0 = everyone alike).
    package var walkerStrideDeviationMeters: Double
    /// The deviation of each step's stride from the person's mean, in metres (0 = every step alike).
    package var strideDeviationMeters: Double

    /// Creates an activity's profile; see the properties for units.
    package init(cadenceStepsPerSecond: Double, strideMeters: Double, walkerStrideDeviationMeters: Double, strideDeviationMeters: Double) {
        self.cadenceStepsPerSecond = cadenceStepsPerSecond
        self.strideMeters = strideMeters
        self.walkerStrideDeviationMeters = walkerStrideDeviationMeters
        self.strideDeviationMeters = strideDeviationMeters
    }

    /// The steady speed while moving, cadence x mean stride, in metres per second.
    package var speedMetersPerSecond: Double { cadenceStepsPerSecond * strideMeters }
}
