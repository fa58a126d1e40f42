import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// The creeping part of a phone's drift: the error runs from its mean at a steady velocity and snaps back at random
/// resets, as a chipset's filter carries the position forward on a slightly wrong velocity between corrections.
///
/// It draws from a random stream of its own, so a profile without a creep simulates exactly as it did before creeps
/// existed. Its value has mean 0 and deviation 1 per axis, as a `DriftProcess`'s, for the noise model to scale: each
/// creep's velocity is drawn per axis with deviation 1 / (T sqrt(2)), T = `creepResetSeconds`, and its value is that
/// velocity times the time since the last reset. Resets come as a Poisson process of mean gap T, checked once a fix
/// (a chance of 1 − e^(−interval / T)); a fix after a reset lies the time since the last reset within the interval
/// into the new creep, drawn as such a time is distributed, so that time is exponential with mean T at every fix,
/// whatever T is beside the interval: the variance is E[v²] E[age²] = 2 T² / (2 T²) = 1 and the autocorrelation
/// e^(−t / T) (1 + t / 2T) exactly. The first fix lies an exponential time into a creep, so the channel starts
/// stationary. While stopped, the creep's time and its resets run at `stoppedErrorMotionFactor` of the clock's, as the
/// rest of the error freezes.
struct CreepChannel {
    private let interval: Double
    private let stoppedInterval: Double
    private let velocityDeviation: Double
    private let resetSeconds: Double
    private let resetProbability: Double
    private let slowedResetProbability: Double
    private var generator: SplitMix64
    private var gaussian = GaussianSampler()
    private var velocity = LocalPoint(east: 0, north: 0)
    /// Time since the last reset, in seconds of the error's own clock.
    private var ageSeconds = 0.0
    /// Whether the first fix has been made: it keeps the stationary start.
    private var started = false

    /// The name of the stream the channel draws from, beside the run's noise stream `streamName`.
    static func streamName(for streamName: String) -> String { streamName + "#creep" }

    /// A channel for `profile`, or nil when the profile's drift does not creep.
    init?(profile: SignalProfile, seed: UInt64, streamName: String) {
        guard profile.hasCreep else { return nil }
        resetSeconds = profile.creepResetSeconds
        interval = profile.fixIntervalMeanSeconds
        stoppedInterval = interval * profile.stoppedErrorMotionFactor
        velocityDeviation = 1 / (resetSeconds * 2.squareRoot())
        (resetProbability, slowedResetProbability) = profile.perFixChances(everySeconds: resetSeconds)
        generator = SplitMix64(seed: seed, stream: Self.streamName(for: streamName))
        // Exponential: 1 − u lies in (0, 1], so its logarithm is finite.
        ageSeconds = -resetSeconds * log(1 - generator.nextUnit())
        velocity = drawVelocity()
    }

    /// The next fix's creep, east and north, in units of its deviation; the first call gives the first fix's.
    /// - Parameter stopped: Whether the runner stands still at this fix (the creep then all but freezes).
    mutating func next(stopped: Bool) -> LocalPoint {
        if started {
            let chance = stopped ? slowedResetProbability : resetProbability
            if generator.nextUnit() < chance {
                // The last reset's time before this fix, given one within the interval: a truncated exponential.
                ageSeconds = -resetSeconds * log(1 - generator.nextUnit() * chance)
                velocity = drawVelocity()
            } else {
                ageSeconds += stopped ? stoppedInterval : interval
            }
        }
        started = true
        return LocalPoint(east: velocity.east * ageSeconds, north: velocity.north * ageSeconds)
    }

    private mutating func drawVelocity() -> LocalPoint {
        LocalPoint(
            east: velocityDeviation * gaussian.next(using: &generator), north: velocityDeviation * gaussian.next(using: &generator)
        )
    }
}
