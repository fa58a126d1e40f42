import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// Turns true fixes, one at a time, into the noisy fixes a phone would report under a signal profile.
///
/// The horizontal error of each fix is a slowly drifting part plus a small
/// independent jitter, because that is what measured phone traces show (the
/// Smartphone Decimeter Challenge drives, Docs/sources.md): an error of metres
/// that changes by only tens of centimetres from one fix to the next.
///
/// - The reported horizontal accuracy wanders around the profile's mean with
///   the profile's deviation (a `DriftProcess`, floored at 1 m), multiplied
///   during warm-up by a factor that falls linearly to 1 over `warmUpFixes`.
/// - The error's 2-D RMS radius is `errorToAccuracyRatio` times an accuracy:
///   the fix's own reported accuracy when `accuracyTracking` is 1, the
///   profile's mean accuracy (times the warm-up factor) when it is 0, and
///   a blend in between. With the ratio and tracking at 1 the accuracy is
///   honest (about 63 % of fixes lie within it); real phones are not (the
///   same drives, Docs/sources.md). Each axis's error has deviation radius / sqrt(2),
///   split into jitter (deviation `jitterMeters`) and drift (the rest).
/// - The drift on each axis is its own `DriftProcess`, so the error is
///   correlated over about 2.15 x `driftTimeConstantSeconds`.
/// - While the runner stands still (true speed 0), the drift advances only
///   `stoppedErrorMotionFactor` of each step's time and the jitter shrinks by
///   the same factor: the phone freezes its output. With `stoppedReleasePercent`
///   above 0 it lets go now and then (a `StopReleaseChannel` on a stream of its
///   own): released, the error moves as when moving, and frozen again it
///   keeps its last jitter, as a phone holds its last output.
/// - The fix is shifted `alongTrackBiasMeters` along the true course
///   (negative: it lags behind); while stopped, along the last course, as the
///   phone's frozen fix keeps its error. Dropping the shift at each stop would
///   make the fix jump by the bias twice a stop, which real phones do not:
///   on the WHU urban drives such jumps made simulated paths up to 0.3 %
///   longer than the phones' (Docs/calibration.md).
/// - With `chipsetSmoothingSeconds` above 0, the true point first goes through
///   the chipset's own filter (`ChipsetSmoother`), which cuts corners.
/// - Altitude drifts the same way, scaled by the vertical accuracy; speed and
///   course get independent Gaussian errors (speed floored at 0).
/// - A profile's altitude swing and jitter come from an `AltitudeChannel` on
///   a stream of their own; its step tail and multipath regime from an
///   `ErrorTailChannel` on another, and their variance is taken from the
///   drift's, so the error's size stays what `errorToAccuracyRatio` says.
/// - With `creepShare` above 0, that share of the drift's variance creeps
///   instead (a `CreepChannel` on a stream of its own): the error runs at a
///   steady velocity and snaps back at random resets.
/// - Its excursions, the error's rare swells in town, come from an
///   `ExcursionChannel` on a stream of its own; they lie beyond the error's
///   usual size, which `calibrate` measures without them, so nothing is taken
///   from the drift for them.
package struct NoiseModel: Sendable {
    /// The smallest horizontal accuracy a fix reports, in metres.
    package static let minimumHorizontalAccuracyMeters = 1.0
    /// The smallest vertical accuracy a fix reports, in metres.
    static let minimumVerticalAccuracyMeters = 0.5

    /// The signal conditions to simulate.
    let profile: SignalProfile
    /// The metric frame errors are applied in; any frame near the path works.
    private let frame: LocalFrame
    private var generator: SplitMix64
    private var gaussian = GaussianSampler()
    private var altitude: AltitudeChannel?
    private var tails: ErrorTailChannel?
    private var releases: StopReleaseChannel?
    private var excursions: ExcursionChannel?
    private var creep: CreepChannel?
    /// With releases, the jitter of the last fix not held as stopped, in metres east and north: a frozen fix keeps it.
    private var heldJitter = LocalPoint(east: 0, north: 0)
    private var smoother: ChipsetSmoother?
    /// The run's fixed offset (`fixedOffsetMeters` in the direction the run drew), in metres east and north; nil
    /// without one.
    private let fixedOffset: LocalPoint?
    private var accuracyDrift: DriftProcess
    private var eastDrift: DriftProcess
    private var northDrift: DriftProcess
    private var altitudeDrift: DriftProcess
    /// How many fixes the model has made.
    private var index = 0
    /// The last known true course, in degrees: a stop keeps the bias it had (nil before the first move).
    private var lastCourseDegrees: Double?

    /// Creates the noise of one run: its drift processes start in their stationary state.
    /// - Parameters:
    ///   - profile: The signal conditions.
    ///   - frame: The metric frame to apply errors in.
    ///   - seed: The run's seed.
    ///   - streamName: The run's noise stream; the altitude swing and jitter draw from one of their own beside it.
    ///   - fixedOffsetDirection: The direction to hold the fixed offset in, east and north (any length above 0); nil
    ///     (the default) draws one per run.
    init(profile: SignalProfile, frame: LocalFrame, seed: UInt64, streamName: String, fixedOffsetDirection: LocalPoint? = nil) {
        self.profile = Self.run(of: profile, seed: seed, streamName: streamName)
        let profile = self.profile
        self.frame = frame
        generator = SplitMix64(seed: seed, stream: streamName)
        altitude = AltitudeChannel(profile: profile, seed: seed, streamName: streamName)
        tails = ErrorTailChannel(profile: profile, seed: seed, streamName: streamName)
        releases = StopReleaseChannel(profile: profile, seed: seed, streamName: streamName)
        excursions = ExcursionChannel(profile: profile, seed: seed, streamName: streamName)
        creep = CreepChannel(profile: profile, seed: seed, streamName: streamName)
        smoother = ChipsetSmoother(timeConstantSeconds: profile.chipsetSmoothingSeconds)
        fixedOffset = Self.fixedOffset(of: profile, seed: seed, streamName: streamName, direction: fixedOffsetDirection)
        let step = profile.fixIntervalMeanSeconds
        let timeConstant = profile.driftTimeConstantSeconds
        let stopped = profile.stoppedErrorMotionFactor
        accuracyDrift = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: step, gaussian: &gaussian, using: &generator)
        eastDrift = DriftProcess(
            timeConstantSeconds: timeConstant, stepSeconds: step, slowedFraction: stopped, gaussian: &gaussian, using: &generator
        )
        northDrift = DriftProcess(
            timeConstantSeconds: timeConstant, stepSeconds: step, slowedFraction: stopped, gaussian: &gaussian, using: &generator
        )
        altitudeDrift = DriftProcess(
            timeConstantSeconds: timeConstant, stepSeconds: step, slowedFraction: stopped, gaussian: &gaussian, using: &generator
        )
    }

    /// `profile` as one run draws it: the drift time constant (and the creep's reset time with it), the error's size and
    /// its steps' size each multiplied by e^(s·z) where the profile gives them a spread across runs.
    ///
    /// The factors come from a stream of their own, drawn in that order whichever are set, so profiles without a
    /// spread simulate exactly as before and adding the steps' spread leaves the other two factors as they were.
    static func run(of profile: SignalProfile, seed: UInt64, streamName: String) -> SignalProfile {
        guard profile.hasSpreads else { return profile }
        var generator = SplitMix64(seed: seed, stream: streamName + "#spread")
        var gaussian = GaussianSampler()
        func factor(_ spreadPercent: Double) -> Double {
            exp(log(1 + spreadPercent / 100) * gaussian.next(using: &generator))
        }
        var run = profile
        let driftTime = factor(profile.driftTimeConstantSpreadPercent)
        run.driftTimeConstantSeconds *= driftTime
        run.creepResetSeconds *= driftTime
        run.errorToAccuracyRatio *= factor(profile.errorSizeSpreadPercent)
        let steps = factor(profile.stepSizeSpreadPercent)
        run.jitterMeters *= steps
        run.stepTailMeters *= steps
        run.multipathOffsetMeters *= steps
        return run
    }

    /// The run's fixed offset: `fixedOffsetMeters` in `direction`, or without one (or with one of length 0) in a
    /// direction drawn from a stream of its own (`#offset`), so profiles without an offset simulate exactly as
    /// before; nil without one.
    static func fixedOffset(of profile: SignalProfile, seed: UInt64, streamName: String, direction: LocalPoint? = nil) -> LocalPoint? {
        guard profile.fixedOffsetMeters > 0 else { return nil }
        if let direction, case let length = (direction.east * direction.east + direction.north * direction.north).squareRoot(), length > 0 {
            return LocalPoint(east: profile.fixedOffsetMeters * direction.east / length, north: profile.fixedOffsetMeters * direction.north / length)
        }
        var generator = SplitMix64(seed: seed, stream: streamName + "#offset")
        let angle = 2 * Double.pi * generator.nextUnit()
        return LocalPoint(east: profile.fixedOffsetMeters * sin(angle), north: profile.fixedOffsetMeters * cos(angle))
    }

    /// The accuracy multiplier for the fix at `index` (0-based) during warm-up.
    func warmUpFactor(forFixAt index: Int) -> Double {
        guard index < profile.warmUpFixes else { return 1 }
        let remaining = Double(profile.warmUpFixes - index) / Double(profile.warmUpFixes)
        return 1 + (profile.warmUpAccuracyFactor - 1) * remaining
    }

    /// The noisy fix the phone reports for the next true fix, at the same time.
    mutating func noisyFix(for trueFix: LocationFix) -> LocationFix {
        let isStopped = trueFix.speedMetersPerSecond == 0
        // Held as stopped: the true speed is 0 and no release lets the error go.
        let isHeld = releases?.holds(stopped: isStopped) ?? isStopped
        if index > 0 {
            _ = accuracyDrift.advance(gaussian: &gaussian, using: &generator)
            _ = eastDrift.advance(slowed: isHeld, gaussian: &gaussian, using: &generator)
            _ = northDrift.advance(slowed: isHeld, gaussian: &gaussian, using: &generator)
            _ = altitudeDrift.advance(slowed: isHeld, gaussian: &gaussian, using: &generator)
        }
        let warmUp = warmUpFactor(forFixAt: index)
        index += 1
        let tracking = profile.accuracyTracking
        let bias = profile.alongTrackBiasMeters
        let reported = max(
            Self.minimumHorizontalAccuracyMeters,
            profile.horizontalAccuracyMeanMeters + profile.horizontalAccuracyDeviationMeters * accuracyDrift.value
        )
        let accuracy = warmUp * reported
        let errorRadius = warmUp * (profile.errorToAccuracyRatio * (tracking * reported + (1 - tracking) * profile.horizontalAccuracyMeanMeters))
        let jitter = profile.jitterMeters
        let driftDeviation = max(0, errorRadius * errorRadius / 2 - jitter * jitter - profile.errorTailVarianceSquareMeters).squareRoot()
        let fixJitter = isHeld ? jitter * profile.stoppedErrorMotionFactor : jitter
        var truePoint = frame.point(for: trueFix.coordinate)
        if var chipset = smoother {
            truePoint = chipset.smoothed(truePoint, atTime: trueFix.timestampSeconds, courseDegrees: trueFix.courseDegrees)
            smoother = chipset
        }
        var fixJitterError = LocalPoint(east: fixJitter * gaussian.next(using: &generator), north: fixJitter * gaussian.next(using: &generator))
        if releases != nil {
            // A phone that freezes and lets go holds its last output while frozen, jitter included: a release moves
            // the fix as often as it lasts, not once more when it ends.
            if isHeld {
                fixJitterError.east += heldJitter.east
                fixJitterError.north += heldJitter.north
            } else {
                heldJitter = fixJitterError
            }
        }
        // A creep takes its share of the drift's variance; without one the drift keeps it all and adds nothing.
        var drifting = driftDeviation
        var creepError = LocalPoint(east: 0, north: 0)
        if let creeping = creep?.next(stopped: isHeld) {
            drifting = (1 - profile.creepShare).squareRoot() * driftDeviation
            let creeps = profile.creepShare.squareRoot() * driftDeviation
            creepError = LocalPoint(east: creeps * creeping.east, north: creeps * creeping.north)
        }
        var noisyPoint = LocalPoint(
            east: truePoint.east + drifting * eastDrift.value + creepError.east + fixJitterError.east,
            north: truePoint.north + drifting * northDrift.value + creepError.north + fixJitterError.north
        )
        if let fixedOffset {
            noisyPoint.east += fixedOffset.east
            noisyPoint.north += fixedOffset.north
        }
        if let tail = tails?.next(stopped: isHeld) {
            noisyPoint.east += tail.east
            noisyPoint.north += tail.north
        }
        if let swell = excursions?.next(stopped: isHeld) {
            noisyPoint.east += swell.east
            noisyPoint.north += swell.north
        }
        if trueFix.courseDegrees >= 0 { lastCourseDegrees = trueFix.courseDegrees }
        if bias != 0, let course = lastCourseDegrees {
            let direction = LocalPoint.direction(courseDegrees: course)
            noisyPoint.east += bias * direction.east
            noisyPoint.north += bias * direction.north
        }
        let coordinate = frame.coordinate(for: noisyPoint)
        let verticalAccuracy = warmUp * max(
            Self.minimumVerticalAccuracyMeters,
            gaussian.next(mean: profile.verticalAccuracyMeanMeters, deviation: profile.verticalAccuracyDeviationMeters, using: &generator)
        )
        let speedError = gaussian.next(mean: 0, deviation: profile.speedDeviationMetersPerSecond, using: &generator)
        let courseError = gaussian.next(mean: 0, deviation: profile.courseDeviationDegrees, using: &generator)
        let swing = altitude?.next() ?? 0
        return LocationFix(
            latitude: coordinate.latitude,
            longitude: coordinate.longitude,
            altitudeMeters: trueFix.altitudeMeters + verticalAccuracy * altitudeDrift.value + swing,
            horizontalAccuracyMeters: accuracy,
            verticalAccuracyMeters: verticalAccuracy,
            courseDegrees: trueFix.courseDegrees < 0 ? -1 : Bearing.normalized(trueFix.courseDegrees + courseError),
            speedMetersPerSecond: trueFix.speedMetersPerSecond < 0 ? -1 : max(0, trueFix.speedMetersPerSecond + speedError),
            timestampSeconds: trueFix.timestampSeconds
        )
    }
}
