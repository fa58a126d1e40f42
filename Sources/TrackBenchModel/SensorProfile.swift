/// The phone's step and heading sensors in a dead-reckoning scenario: what its pedometer and compass report.
///
/// Profiles are data in the scenario file (`sensors`), like signal profiles.
/// Each activity has its cadence and true stride; the pedometer reports the
/// steps counted every few seconds, missing or adding one now and then; the
/// compass reports a magnetic heading several times a second that follows
/// the phone's turns with a lag, off by white noise, a slowly wandering bias,
/// the angle at which the phone is held against the direction of travel (and
/// a turn of the phone at each change of a mixed gait's activity), and
/// the magnetic declination (the angle from true to magnetic north). `SensorProfile.keys` declares every key with
/// its unit and bounds.
package struct SensorProfile: Sendable, Hashable {
    /// Walking.
    package var walk: GaitProfile
    /// Power-walking.
    package var powerWalk: GaitProfile
    /// Jogging.
    package var jog: GaitProfile
    /// Shortest time between pedometer updates, in seconds.
    package var pedometerIntervalMinimumSeconds: Double
    /// Longest time between pedometer updates, in seconds; intervals are drawn uniformly between the two.
    package var pedometerIntervalMaximumSeconds: Double
    /// Chance that the pedometer misses a step, per step (at most 0.5: a pedometer that reports nothing is refused at load).
    package var missedStepProbability: Double
    /// Chance that the pedometer counts a step that was not taken, per step.
    package var extraStepProbability: Double
    /// Time between compass samples, in seconds.
    package var compassIntervalSeconds: Double
    /// Time constant of the compass's lag behind the phone's turns, in seconds (0 = none).
    ///
    /// A phone's heading is filtered (sensor fusion smooths the swing of each
    /// step out of it), so it follows a turn like a first-order low-pass: 63 %
    /// of the way after one time constant.
    package var headingLagSeconds: Double
    /// Deviation of each compass sample's independent noise, in degrees.
    package var headingNoiseDeviationDegrees: Double
    /// Deviation of the compass's slowly wandering bias, in degrees.
    package var headingBiasDeviationDegrees: Double
    /// Time constant of the compass bias's wandering, in seconds (> 0).
    package var headingBiasTimeConstantSeconds: Double
    /// Deviation of the angle between the phone and the direction of travel, drawn once per run, in degrees.
    package var phoneOffsetDeviationDegrees: Double
    /// How far the phone is turned at each change of activity in a mixed gait, in degrees (positive = clockwise; 0 = never).
    ///
    /// A person changing pace shifts the phone in the hand: from each change
    /// of activity (`Gait.stretches`) the phone points this much off its usual
    /// angle for `phoneTurnSeconds`, then back. The compass follows it with its
    /// lag; a single activity never changes, so only `mixed` runs are turned.
    package var phoneTurnDegrees: Double
    /// How long the phone stays turned after each change of activity, in seconds (0 = never).
    package var phoneTurnSeconds: Double
    /// Magnetic declination, the angle from true north to magnetic north, in degrees (positive = east).
    ///
    /// The compass reports headings from magnetic north; phones add the
    /// declination of their geomagnetic model to get true headings, which
    /// every `HeadingEvent` carries along.
    package var declinationDegrees: Double

    /// Creates a profile; see the properties for units.
    package init(
        walk: GaitProfile,
        powerWalk: GaitProfile,
        jog: GaitProfile,
        pedometerIntervalMinimumSeconds: Double,
        pedometerIntervalMaximumSeconds: Double,
        missedStepProbability: Double,
        extraStepProbability: Double,
        compassIntervalSeconds: Double,
        headingLagSeconds: Double,
        headingNoiseDeviationDegrees: Double,
        headingBiasDeviationDegrees: Double,
        headingBiasTimeConstantSeconds: Double,
        phoneOffsetDeviationDegrees: Double,
        phoneTurnDegrees: Double,
        phoneTurnSeconds: Double,
        declinationDegrees: Double
    ) {
        self.walk = walk
        self.powerWalk = powerWalk
        self.jog = jog
        self.pedometerIntervalMinimumSeconds = pedometerIntervalMinimumSeconds
        self.pedometerIntervalMaximumSeconds = pedometerIntervalMaximumSeconds
        self.missedStepProbability = missedStepProbability
        self.extraStepProbability = extraStepProbability
        self.compassIntervalSeconds = compassIntervalSeconds
        self.headingLagSeconds = headingLagSeconds
        self.headingNoiseDeviationDegrees = headingNoiseDeviationDegrees
        self.headingBiasDeviationDegrees = headingBiasDeviationDegrees
        self.headingBiasTimeConstantSeconds = headingBiasTimeConstantSeconds
        self.phoneOffsetDeviationDegrees = phoneOffsetDeviationDegrees
        self.phoneTurnDegrees = phoneTurnDegrees
        self.phoneTurnSeconds = phoneTurnSeconds
        self.declinationDegrees = declinationDegrees
    }

    /// The profile of one activity; `mixed` is made of the others (`Gait.stretches`) and has none of its own, so it gives walking's.
    package func profile(for gait: Gait) -> GaitProfile {
        switch gait {
        case .walk, .mixed: return walk
        case .powerWalk: return powerWalk
        case .jog: return jog
        }
    }
}
