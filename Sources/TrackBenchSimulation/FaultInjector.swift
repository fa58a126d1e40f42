import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// Adds the faults of a `FaultProfile` to noisy fixes, one at a time: what real phones do beyond noise.
///
/// Faults draw from their own random stream, so a clean profile leaves the
/// noisy path exactly as the noise model made it, and changing one fault rate
/// does not reshuffle the noise. At each fix, in this order:
/// - a dropout may start; fixes during a dropout are never delivered;
/// - a multipath burst may start; during it the fix is shifted by a fixed
///   offset in a random direction, while the reported accuracy stays as it
///   was (phones do not see their own multipath);
/// - the fix may turn invalid (accuracy -1, unknown speed and course, and a
///   meaningless coordinate within `invalidFixOffsetMeters` of the truth),
///   or else report a glitched speed;
/// - after it is delivered, a cached earlier fix may be re-delivered with its
///   old timestamp and the current delivery time.
struct FaultInjector: Sendable {
    /// The faults to inject.
    let faults: FaultProfile
    /// The metric frame in which offsets are applied.
    private let frame: LocalFrame
    /// The run's fault stream.
    private var generator: SplitMix64
    private var dropoutEndSeconds = -Double.infinity
    private var jumpEndSeconds = -Double.infinity
    private var jumpOffset = LocalPoint(east: 0, north: 0)

    /// Creates the faults of one run.
    /// - Parameters:
    ///   - faults: The fault profile.
    ///   - frame: The metric frame in which offsets are applied.
    ///   - generator: The run's fault stream.
    init(faults: FaultProfile, frame: LocalFrame, generator: SplitMix64) {
        self.faults = faults
        self.frame = frame
        self.generator = generator
    }

    /// Appends what the phone delivers for the next noisy fix: nothing (a dropout), the fix, or the fix and a
    /// re-delivered cached one.
    /// - Parameters:
    ///   - original: The noise model's next fix.
    ///   - delivered: Everything delivered so far; a stale fix is picked from it.
    mutating func deliver(_ original: LocationFix, into delivered: inout [LocationFix]) {
        guard faults != .none else {
            delivered.append(original)
            return
        }
        let time = original.timestampSeconds
        if time >= dropoutEndSeconds, chance(faults.dropoutProbability) {
            dropoutEndSeconds = time + spread(faults.dropoutSeconds)
        }
        if time < dropoutEndSeconds { return }
        if time >= jumpEndSeconds, chance(faults.jumpProbability) {
            jumpEndSeconds = time + spread(faults.jumpDurationSeconds)
            jumpOffset = randomOffset(length: spread(faults.jumpMeters))
        }
        var fix = original
        if time < jumpEndSeconds {
            fix = moved(fix, by: jumpOffset)
        }
        if chance(faults.invalidFixProbability) {
            let radius = faults.invalidFixOffsetMeters * generator.nextUnit().squareRoot()
            fix = moved(original, by: randomOffset(length: radius))
            fix.horizontalAccuracyMeters = -1
            fix.verticalAccuracyMeters = -1
            fix.speedMetersPerSecond = -1
            fix.courseDegrees = -1
        } else if fix.speedMetersPerSecond >= 0, chance(faults.speedGlitchProbability) {
            let tooFast = max(fix.speedMetersPerSecond, 1) * (3 + 3 * generator.nextUnit())
            fix.speedMetersPerSecond = generator.nextUnit() < 2.0 / 3.0 ? 0 : tooFast
        }
        delivered.append(fix)
        if chance(faults.staleFixProbability) {
            let age = faults.staleFixMinimumAgeSeconds
                + (faults.staleFixMaximumAgeSeconds - faults.staleFixMinimumAgeSeconds) * generator.nextUnit()
            // The newest fresh, valid fix at least `age` old: what the phone's cache holds.
            let cachedFix = delivered.last { fix in
                fix.hasValidCoordinate && fix.deliveryTimeSeconds == fix.timestampSeconds && fix.timestampSeconds <= time - age
            }
            if var cached = cachedFix {
                cached.deliveryTimeSeconds = time
                delivered.append(cached)
            }
        }
    }

    /// True with the given probability; draws nothing for a probability of 0.
    private mutating func chance(_ probability: Double) -> Bool {
        probability > 0 && generator.nextUnit() < probability
    }

    /// A value uniform between half and one and a half times `mean`.
    private mutating func spread(_ mean: Double) -> Double {
        mean * (0.5 + generator.nextUnit())
    }

    /// An offset of `length` metres in a random direction.
    private mutating func randomOffset(length: Double) -> LocalPoint {
        let (sine, cosine) = Trigonometry.sinCos(turns: generator.nextUnit())
        return LocalPoint(east: length * sine, north: length * cosine)
    }

    /// `fix` moved by `offset` metres east and north.
    private func moved(_ fix: LocationFix, by offset: LocalPoint) -> LocationFix {
        let point = frame.point(for: fix.coordinate)
        let coordinate = frame.coordinate(for: LocalPoint(east: point.east + offset.east, north: point.north + offset.north))
        var moved = fix
        moved.latitude = coordinate.latitude
        moved.longitude = coordinate.longitude
        return moved
    }
}
