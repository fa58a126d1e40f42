import Foundation

/// Turns a true path into the noisy path a phone would report under a signal profile.
///
/// The horizontal error of each fix is a slowly drifting part plus a small
/// independent jitter, because that is what measured phone traces show (seed
/// notes, section 6): an error of metres that changes by only tens of
/// centimetres from one fix to the next.
///
/// - The reported horizontal accuracy wanders around the profile's mean with
///   the profile's deviation (a `DriftProcess`, floored at 1 m), multiplied
///   during warm-up by a factor that falls linearly to 1 over `warmUpFixes`.
/// - The error's 2-D RMS radius is `errorToAccuracyRatio` times an accuracy:
///   the fix's own reported accuracy when `accuracyTracking` is 1, the
///   profile's mean accuracy (times the warm-up factor) when it is 0, and
///   a blend in between. With the ratio and tracking at 1 the accuracy is
///   honest (about 63 % of fixes lie within it); real phones are not (seed
///   notes, section 6). Each axis's error has deviation radius / sqrt(2),
///   split into jitter (deviation `jitterMeters`) and drift (the rest).
/// - The drift on each axis is its own `DriftProcess`, so the error is
///   correlated over about 2.15 x `driftTimeConstantSeconds`.
/// - While the runner stands still (true speed 0), the drift advances only
///   `stoppedErrorMotionFactor` of each step's time and the jitter shrinks by
///   the same factor: the phone freezes its output.
/// - While moving, the fix is shifted `alongTrackBiasMeters` along the true
///   course (negative: it lags behind).
/// - Altitude drifts the same way, scaled by the vertical accuracy; speed and
///   course get independent Gaussian errors (speed floored at 0).
/// - A profile's altitude swing and jitter come from an `AltitudeChannel` on
///   a stream of their own.
struct NoiseModel: Sendable {
    /// The smallest horizontal accuracy a fix reports, in metres.
    static let minimumHorizontalAccuracyMeters = 1.0
    /// The smallest vertical accuracy a fix reports, in metres.
    static let minimumVerticalAccuracyMeters = 0.5

    /// The signal conditions to simulate.
    var profile: SignalProfile

    /// Creates a noise model for a signal profile.
    init(profile: SignalProfile) {
        self.profile = profile
    }

    /// The accuracy multiplier for the fix at `index` (0-based) during warm-up.
    func warmUpFactor(forFixAt index: Int) -> Double {
        guard index < profile.warmUpFixes else { return 1 }
        let remaining = Double(profile.warmUpFixes - index) / Double(profile.warmUpFixes)
        return 1 + (profile.warmUpAccuracyFactor - 1) * remaining
    }

    /// Draws the noisy path for `truePath`, one noisy fix per true fix at the same time.
    /// - Parameters:
    ///   - truePath: The path the runner took.
    ///   - frame: The metric frame to apply errors in; any frame near the path works.
    ///   - altitude: The profile's altitude swing and jitter; nil when it has neither.
    ///   - gaussian: The normal source.
    ///   - generator: The scenario's random stream.
    func noisyPath<Generator: RandomNumberGenerator>(
        for truePath: Path,
        in frame: LocalFrame,
        altitude: inout AltitudeChannel?,
        gaussian: inout GaussianSampler,
        using generator: inout Generator
    ) -> Path {
        let step = profile.fixIntervalMeanSeconds
        let timeConstant = profile.driftTimeConstantSeconds
        let stopped = profile.stoppedErrorMotionFactor
        var accuracyDrift = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: step, gaussian: &gaussian, using: &generator)
        var eastDrift = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: step, slowedFraction: stopped, gaussian: &gaussian, using: &generator)
        var northDrift = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: step, slowedFraction: stopped, gaussian: &gaussian, using: &generator)
        var altitudeDrift = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: step, slowedFraction: stopped, gaussian: &gaussian, using: &generator)
        let tracking = profile.accuracyTracking
        let bias = profile.alongTrackBiasMeters

        var noisy: [LocationFix] = []
        noisy.reserveCapacity(truePath.count)
        for (index, trueFix) in truePath.fixes.enumerated() {
            let isStopped = trueFix.speedMetersPerSecond == 0
            if index > 0 {
                _ = accuracyDrift.advance(gaussian: &gaussian, using: &generator)
                _ = eastDrift.advance(slowed: isStopped, gaussian: &gaussian, using: &generator)
                _ = northDrift.advance(slowed: isStopped, gaussian: &gaussian, using: &generator)
                _ = altitudeDrift.advance(slowed: isStopped, gaussian: &gaussian, using: &generator)
            }
            let warmUp = warmUpFactor(forFixAt: index)
            let reported = max(
                Self.minimumHorizontalAccuracyMeters,
                profile.horizontalAccuracyMeanMeters + profile.horizontalAccuracyDeviationMeters * accuracyDrift.value
            )
            let accuracy = warmUp * reported
            let errorRadius = warmUp * (profile.errorToAccuracyRatio * (tracking * reported + (1 - tracking) * profile.horizontalAccuracyMeanMeters))
            let jitter = profile.jitterMeters
            let driftDeviation = max(0, errorRadius * errorRadius / 2 - jitter * jitter).squareRoot()
            let fixJitter = isStopped ? jitter * stopped : jitter
            let truePoint = frame.point(for: trueFix.coordinate)
            var noisyPoint = LocalPoint(
                east: truePoint.east + driftDeviation * eastDrift.value + fixJitter * gaussian.next(using: &generator),
                north: truePoint.north + driftDeviation * northDrift.value + fixJitter * gaussian.next(using: &generator)
            )
            if bias != 0, trueFix.courseDegrees >= 0 {
                let direction = LocalPoint.direction(courseDegrees: trueFix.courseDegrees)
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
            noisy.append(LocationFix(
                latitude: coordinate.latitude,
                longitude: coordinate.longitude,
                altitudeMeters: trueFix.altitudeMeters + verticalAccuracy * altitudeDrift.value + swing,
                horizontalAccuracyMeters: accuracy,
                verticalAccuracyMeters: verticalAccuracy,
                courseDegrees: trueFix.courseDegrees < 0 ? -1 : Self.normalizedDegrees(trueFix.courseDegrees + courseError),
                speedMetersPerSecond: trueFix.speedMetersPerSecond < 0 ? -1 : max(0, trueFix.speedMetersPerSecond + speedError),
                timestampSeconds: trueFix.timestampSeconds
            ))
        }
        return Path(noisy)
    }

    /// Maps an angle in degrees into 0..<360.
    static func normalizedDegrees(_ degrees: Double) -> Double {
        let remainder = degrees.truncatingRemainder(dividingBy: 360)
        return remainder < 0 ? remainder + 360 : remainder
    }
}
