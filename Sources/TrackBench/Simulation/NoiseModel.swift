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
/// - The accuracy is honest: phones report a 2-D RMS radius, so each axis's
///   error has deviation accuracy / sqrt(2), split into jitter (deviation
///   `jitterMeters`) and drift (the rest). About 63 % of fixes then lie within
///   their reported accuracy, as on real phones.
/// - The drift on each axis is its own `DriftProcess`, so the error is
///   correlated over about 2.15 x `driftTimeConstantSeconds`.
/// - Altitude drifts the same way, scaled by the vertical accuracy; speed and
///   course get independent Gaussian errors (speed floored at 0).
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
    ///   - gaussian: The normal source.
    ///   - generator: The scenario's random stream.
    func noisyPath<Generator: RandomNumberGenerator>(
        for truePath: Path,
        in frame: LocalFrame,
        gaussian: inout GaussianSampler,
        using generator: inout Generator
    ) -> Path {
        let step = profile.fixIntervalMeanSeconds
        let timeConstant = profile.driftTimeConstantSeconds
        var accuracyDrift = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: step, gaussian: &gaussian, using: &generator)
        var eastDrift = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: step, gaussian: &gaussian, using: &generator)
        var northDrift = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: step, gaussian: &gaussian, using: &generator)
        var altitudeDrift = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: step, gaussian: &gaussian, using: &generator)
        let jitter = profile.jitterMeters

        var noisy: [LocationFix] = []
        noisy.reserveCapacity(truePath.count)
        for (index, trueFix) in truePath.fixes.enumerated() {
            if index > 0 {
                _ = accuracyDrift.advance(gaussian: &gaussian, using: &generator)
                _ = eastDrift.advance(gaussian: &gaussian, using: &generator)
                _ = northDrift.advance(gaussian: &gaussian, using: &generator)
                _ = altitudeDrift.advance(gaussian: &gaussian, using: &generator)
            }
            let warmUp = warmUpFactor(forFixAt: index)
            let accuracy = warmUp * max(
                Self.minimumHorizontalAccuracyMeters,
                profile.horizontalAccuracyMeanMeters + profile.horizontalAccuracyDeviationMeters * accuracyDrift.value
            )
            let driftDeviation = max(0, accuracy * accuracy / 2 - jitter * jitter).squareRoot()
            let truePoint = frame.point(for: trueFix.coordinate)
            let noisyPoint = LocalPoint(
                east: truePoint.east + driftDeviation * eastDrift.value + jitter * gaussian.next(using: &generator),
                north: truePoint.north + driftDeviation * northDrift.value + jitter * gaussian.next(using: &generator)
            )
            let coordinate = frame.coordinate(for: noisyPoint)
            let verticalAccuracy = warmUp * max(
                Self.minimumVerticalAccuracyMeters,
                gaussian.next(mean: profile.verticalAccuracyMeanMeters, deviation: profile.verticalAccuracyDeviationMeters, using: &generator)
            )
            let speedError = gaussian.next(mean: 0, deviation: profile.speedDeviationMetersPerSecond, using: &generator)
            let courseError = gaussian.next(mean: 0, deviation: profile.courseDeviationDegrees, using: &generator)
            noisy.append(LocationFix(
                latitude: coordinate.latitude,
                longitude: coordinate.longitude,
                altitudeMeters: trueFix.altitudeMeters + verticalAccuracy * altitudeDrift.value,
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
