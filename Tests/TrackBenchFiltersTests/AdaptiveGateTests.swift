import Testing
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct AdaptiveGateTests {
    private let frame = Fixtures.frame
    /// The gate with its documented defaults: window 10, factor 2, floor 10 m, relax 10 s.
    private let defaultGate = AdaptiveGate(settings: FilterSettings())

    private func fix(accuracy: Double, time: Double) -> LocationFix {
        Fixtures.fix(frame, east: time, north: 0, accuracy: accuracy, time: time)
    }

    /// Ten 5 m fixes at 0...9 s.
    private var goodFixes: [LocationFix] { (0..<10).map { fix(accuracy: 5, time: Double($0)) } }

    @Test func rejectsAFortyMetreFixAfterTenFiveMetreFixes() {
        // Mean 5 m: threshold max(10, 2 x 5) = 10 m, and only 1 s since the last accepted fix.
        let outlier = fix(accuracy: 40, time: 10)
        #expect(defaultGate.estimatedPath(for: Path(goodFixes + [outlier])).fixes == goodFixes)
    }

    @Test func acceptsTheFortyMetreFixOnceMoreThanRelaxSecondsHavePassed() {
        // At 19 s, exactly 10 s after the last accepted fix: judged by accuracy (threshold 10 m), dropped.
        // At 19.5 s: mean (9 x 5 + 40) / 10 = 8.5 m, threshold 17 m, but 10.5 s > 10 s: accepted.
        let atRelax = fix(accuracy: 40, time: 19)
        let pastRelax = fix(accuracy: 40, time: 19.5)
        let estimated = defaultGate.estimatedPath(for: Path(goodFixes + [atRelax, pastRelax]))
        #expect(estimated.fixes == goodFixes + [pastRelax])
    }

    @Test func measuresRelaxInDeliveryTime() {
        // Taken at 10 s but delivered at 20.5 s: 11.5 s of delivery time since the last accepted fix.
        var late = fix(accuracy: 40, time: 10)
        late.deliveryTimeSeconds = 20.5
        #expect(defaultGate.estimatedPath(for: Path(goodFixes + [late])).fixes == goodFixes + [late])
    }

    @Test func followsWorseningConditionsBecauseRejectedFixesCountTowardsTheMean() {
        // 40 m fixes from 10 s: means before each are 5, 8.5, 12, 15.5, 19, 22.5 m, so
        // thresholds 10, 17, 24, 31, 38, 45 m: the sixth (15 s, 6 s after the last accepted) passes.
        let worse = (10...16).map { fix(accuracy: 40, time: Double($0)) }
        let estimated = defaultGate.estimatedPath(for: Path(goodFixes + worse))
        #expect(estimated.fixes == goodFixes + worse[5...])
    }

    @Test func keepsAcceptingInUniformlyBadConditionsWhereFixedThresholdsLogNothing() {
        let bad = (0..<30).map { fix(accuracy: 25, time: Double($0)) }
        #expect(defaultGate.estimatedPath(for: Path(bad)).fixes == bad)
        #expect(AccuracyGate(maxAccuracyMeters: 20).estimatedPath(for: Path(bad)).count == 0)
        #expect(AccuracyGate(maxAccuracyMeters: 11).estimatedPath(for: Path(bad)).count == 0)
        #expect(RunningAverageThresholdFilter(thresholdMeters: 11, windowSize: 20).estimatedPath(for: Path(bad)).count == 0)
    }

    @Test func alwaysDropsInvalidFixesAndLeavesThemOutOfTheMean() {
        // With the -1 counted the mean would be 4.5 m and the 20 m fix would fail a 9 m threshold;
        // without it the mean is 10 m and the threshold 20 m.
        let gate = AdaptiveGate(windowSize: 2, factor: 2, floorMeters: 0, relaxSeconds: 1000)
        let fixes = [fix(accuracy: 10, time: 0), fix(accuracy: -1, time: 1), fix(accuracy: 20, time: 2)]
        #expect(gate.estimatedPath(for: Path(fixes)).fixes == [fixes[0], fixes[2]])
        let invalidFirst = [fix(accuracy: -1, time: 0), fix(accuracy: 300, time: 1)]
        #expect(gate.estimatedPath(for: Path(invalidFirst)).fixes == [invalidFirst[1]])
    }

    @Test func theFloorKeepsOrdinaryFixesWhenTheSignalIsExcellent() {
        // Mean 3 m: 2 x 3 = 6 m, but the floor raises the threshold to 10 m.
        let excellent = (0..<10).map { fix(accuracy: 3, time: Double($0)) }
        let ordinary = fix(accuracy: 9, time: 10)
        #expect(defaultGate.estimatedPath(for: Path(excellent + [ordinary])).fixes == excellent + [ordinary])
    }
}
