import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// The horizontal error a phone shows beyond drift and Gaussian jitter: single-fix outliers that give the error's
/// step distribution a heavy tail, and a multipath regime whose offsets persist, then switch.
///
/// It draws from a random stream of its own, so a profile without either
/// simulates exactly as it did before they existed, and turning one on never
/// reshuffles the other noise.
///
/// - Step tail: each fix, with probability `stepTailProbability`, is an
///   outlier displaced by an extra normal error of deviation
///   `stepTailMeters` per axis, for that fix only: a scale mixture of the
///   jitter, so steps are mostly small and sometimes large.
/// - Multipath regime: an offset, normal with deviation
///   `multipathOffsetMeters` per axis, held for a time drawn from an
///   exponential distribution with mean `multipathDwellSeconds`, then
///   replaced by a fresh one (a reflection appearing or changing). Its
///   autocorrelation is exp(-t / dwell). While stopped, the dwell ages by
///   only `stoppedErrorMotionFactor` of each step's time, and outliers are
///   scaled by the same factor, as the rest of the error freezes.
struct ErrorTailChannel {
    private let profile: SignalProfile
    private var generator: SplitMix64
    private var gaussian = GaussianSampler()
    private let switchProbability: Double
    private let slowedSwitchProbability: Double
    private var offset = LocalPoint(east: 0, north: 0)

    /// The name of the stream the channel draws from, beside the run's noise stream `streamName`.
    static func streamName(for streamName: String) -> String { streamName + "#tails" }

    /// A channel for `profile`, or nil when the profile has neither a step tail nor a multipath regime.
    init?(profile: SignalProfile, seed: UInt64, streamName: String) {
        guard profile.hasErrorTails else { return nil }
        self.profile = profile
        generator = SplitMix64(seed: seed, stream: Self.streamName(for: streamName))
        let dwell = profile.multipathDwellSeconds
        (switchProbability, slowedSwitchProbability) = dwell > 0 ? profile.perFixChances(everySeconds: dwell) : (0, 0)
        if profile.multipathOffsetMeters > 0 { offset = freshOffset() }
    }

    private mutating func freshOffset() -> LocalPoint {
        let deviation = profile.multipathOffsetMeters
        return LocalPoint(east: deviation * gaussian.next(using: &generator), north: deviation * gaussian.next(using: &generator))
    }

    /// The next fix's extra error, east and north in metres; the first call gives the first fix's.
    /// - Parameter stopped: Whether the runner stands still at this fix.
    mutating func next(stopped: Bool) -> LocalPoint {
        var error = offset
        if profile.multipathOffsetMeters > 0, generator.nextUnit() < (stopped ? slowedSwitchProbability : switchProbability) {
            offset = freshOffset()
        }
        if profile.stepTailProbability > 0, generator.nextUnit() < profile.stepTailProbability {
            let deviation = profile.stepTailMeters * (stopped ? profile.stoppedErrorMotionFactor : 1)
            error.east += deviation * gaussian.next(using: &generator)
            error.north += deviation * gaussian.next(using: &generator)
        }
        return error
    }
}
