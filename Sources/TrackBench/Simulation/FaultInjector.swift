import Foundation

/// Adds the faults of a `FaultProfile` to a noisy path: what real phones do beyond noise.
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
    var faults: FaultProfile

    /// Creates an injector for a fault profile.
    init(faults: FaultProfile) {
        self.faults = faults
    }

    /// Returns the delivered fixes: `noisyPath` with the faults applied.
    /// - Parameters:
    ///   - noisyPath: The noise model's output, one fix per true fix.
    ///   - frame: The metric frame in which offsets are applied.
    ///   - generator: The scenario's fault stream.
    func inject<Generator: RandomNumberGenerator>(
        into noisyPath: Path,
        in frame: LocalFrame,
        using generator: inout Generator
    ) -> Path {
        guard faults != .none else { return noisyPath }
        var delivered: [LocationFix] = []
        delivered.reserveCapacity(noisyPath.count + noisyPath.count / 10)
        var dropoutEndSeconds = -Double.infinity
        var jumpEndSeconds = -Double.infinity
        var jumpOffset = LocalPoint(east: 0, north: 0)
        for original in noisyPath.fixes {
            let time = original.timestampSeconds
            if time >= dropoutEndSeconds, chance(faults.dropoutProbability, &generator) {
                dropoutEndSeconds = time + spread(faults.dropoutSeconds, &generator)
            }
            if time < dropoutEndSeconds { continue }
            if time >= jumpEndSeconds, chance(faults.jumpProbability, &generator) {
                jumpEndSeconds = time + spread(faults.jumpDurationSeconds, &generator)
                jumpOffset = randomOffset(length: spread(faults.jumpMeters, &generator), &generator)
            }
            var fix = original
            if time < jumpEndSeconds {
                fix = moved(fix, by: jumpOffset, in: frame)
            }
            if chance(faults.invalidFixProbability, &generator) {
                let radius = faults.invalidFixOffsetMeters * generator.nextUnit().squareRoot()
                fix = moved(original, by: randomOffset(length: radius, &generator), in: frame)
                fix.horizontalAccuracyMeters = -1
                fix.verticalAccuracyMeters = -1
                fix.speedMetersPerSecond = -1
                fix.courseDegrees = -1
            } else if fix.speedMetersPerSecond >= 0, chance(faults.speedGlitchProbability, &generator) {
                let tooFast = max(fix.speedMetersPerSecond, 1) * (3 + 3 * generator.nextUnit())
                fix.speedMetersPerSecond = generator.nextUnit() < 2.0 / 3.0 ? 0 : tooFast
            }
            delivered.append(fix)
            if chance(faults.staleFixProbability, &generator) {
                let age = faults.staleFixMinimumAgeSeconds
                    + (faults.staleFixMaximumAgeSeconds - faults.staleFixMinimumAgeSeconds) * generator.nextUnit()
                let cachedFix = delivered.last { fix in
                    fix.hasValidCoordinate && fix.deliveryTimeSeconds == fix.timestampSeconds && fix.timestampSeconds <= time - age
                }
                if var cached = cachedFix {
                    cached.deliveryTimeSeconds = time
                    delivered.append(cached)
                }
            }
        }
        return Path(delivered)
    }

    private func chance<Generator: RandomNumberGenerator>(_ probability: Double, _ generator: inout Generator) -> Bool {
        probability > 0 && generator.nextUnit() < probability
    }

    /// A value uniform between half and one and a half times `mean`.
    private func spread<Generator: RandomNumberGenerator>(_ mean: Double, _ generator: inout Generator) -> Double {
        mean * (0.5 + generator.nextUnit())
    }

    private func randomOffset<Generator: RandomNumberGenerator>(length: Double, _ generator: inout Generator) -> LocalPoint {
        let angle = 2 * Double.pi * generator.nextUnit()
        return LocalPoint(east: length * sin(angle), north: length * cos(angle))
    }

    private func moved(_ fix: LocationFix, by offset: LocalPoint, in frame: LocalFrame) -> LocationFix {
        let point = frame.point(for: fix.coordinate)
        let coordinate = frame.coordinate(for: LocalPoint(east: point.east + offset.east, north: point.north + offset.north))
        var moved = fix
        moved.latitude = coordinate.latitude
        moved.longitude = coordinate.longitude
        return moved
    }
}
