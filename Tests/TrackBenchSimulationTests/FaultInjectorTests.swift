import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
import TrackBenchTestSupport

struct FaultInjectorTests {
    private let scenario = Scenario(
        pathType: .loop, distanceMeters: 5000, speedMetersPerSecond: 2.8,
        signal: Fixtures.strongSignal, origin: Fixtures.frame.origin
    )

    /// The scenario's clean noisy path with `faults` injected.
    private func inject(_ faults: FaultProfile) -> (clean: Path, faulty: Path) {
        let clean = scenario.simulate(seed: 100).noisyPath
        var injector = FaultInjector(faults: faults, frame: Fixtures.frame, generator: SplitMix64(seed: 1))
        var faulty: [LocationFix] = []
        for fix in clean.fixes { injector.deliver(fix, into: &faulty) }
        return (clean, Path(faulty))
    }

    private func only(_ edit: (inout FaultProfile) -> Void) -> FaultProfile {
        var faults = FaultProfile.none
        edit(&faults)
        return faults
    }

    @Test func cleanProfileLeavesThePathUntouched() {
        let (clean, faulty) = inject(.none)
        #expect(clean == faulty)
    }

    @Test func invalidFixesHaveNegativeAccuracyAndACoordinateNearTheTruth() {
        let (clean, faulty) = inject(only { $0.invalidFixProbability = 0.2; $0.invalidFixOffsetMeters = 100 })
        #expect(faulty.count == clean.count)
        let invalid = zip(clean.fixes, faulty.fixes).filter { !$0.1.hasValidCoordinate }
        let share = Double(invalid.count) / Double(clean.count)
        #expect(share > 0.17 && share < 0.23)
        for (original, broken) in invalid {
            #expect(broken.speedMetersPerSecond == -1 && broken.courseDegrees == -1)
            #expect(GreatCircle.distanceMeters(from: original.coordinate, to: broken.coordinate) <= 100.001)
        }
    }

    @Test func staleFixesAreEarlierFixesRedeliveredWithTheirOldTimestamp() {
        let (clean, faulty) = inject(only {
            $0.staleFixProbability = 0.1
            $0.staleFixMinimumAgeSeconds = 12
            $0.staleFixMaximumAgeSeconds = 40
        })
        let stale = faulty.fixes.filter { $0.deliveryTimeSeconds > $0.timestampSeconds }
        #expect(faulty.count == clean.count + stale.count)
        #expect(Double(stale.count) > 0.08 * Double(clean.count))
        for fix in stale {
            let age = fix.deliveryTimeSeconds - fix.timestampSeconds
            #expect(age >= 12 && age <= 42)
            #expect(clean.fixes.contains { $0.timestampSeconds == fix.timestampSeconds && $0.latitude == fix.latitude })
        }
    }

    @Test func dropoutsRemoveWholeStretchesOfFixes() {
        let (clean, faulty) = inject(only { $0.dropoutProbability = 0.01; $0.dropoutSeconds = 20 })
        #expect(faulty.count < clean.count)
        let gaps = zip(faulty.fixes.dropFirst(), faulty.fixes).map { $0.timestampSeconds - $1.timestampSeconds }
        #expect(gaps.max()! >= 10)
        #expect(faulty.fixes.allSatisfy { fix in clean.fixes.contains(fix) })
    }

    @Test func jumpsShiftFixesWithoutChangingTheReportedAccuracy() {
        let (clean, faulty) = inject(only { $0.jumpProbability = 0.02; $0.jumpMeters = 40; $0.jumpDurationSeconds = 8 })
        let shifts = zip(clean.fixes, faulty.fixes).map { GreatCircle.distanceMeters(from: $0.coordinate, to: $1.coordinate) }
        let jumped = shifts.filter { $0 > 1 }
        #expect(!jumped.isEmpty && jumped.allSatisfy { $0 >= 19.9 && $0 <= 60.1 })
        #expect(zip(clean.fixes, faulty.fixes).allSatisfy { $0.horizontalAccuracyMeters == $1.horizontalAccuracyMeters })
    }

    @Test func speedGlitchesReportZeroOrWildlyTooFast() {
        let (clean, faulty) = inject(only { $0.speedGlitchProbability = 0.3 })
        var zeros = 0
        var tooFast = 0
        for (original, glitched) in zip(clean.fixes, faulty.fixes) where original.speedMetersPerSecond != glitched.speedMetersPerSecond {
            if glitched.speedMetersPerSecond == 0 {
                zeros += 1
            } else {
                #expect(glitched.speedMetersPerSecond >= 3 * max(original.speedMetersPerSecond, 1))
                tooFast += 1
            }
        }
        #expect(zeros > tooFast && tooFast > 0)
    }

    @Test func isDeterministicForASeed() {
        let faults = only { $0.invalidFixProbability = 0.1; $0.dropoutProbability = 0.01; $0.dropoutSeconds = 5 }
        #expect(inject(faults).faulty == inject(faults).faulty)
    }
}
