import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchSimulation
@testable import TrackBenchCalibration

/// Reading the step tail and multipath regime from error series whose answers are known.
struct ErrorTailFitTests {
    /// A 1 Hz error series of `count` fixes: normal steps of 0.1 m per axis, plus `extra(index)`.
    static func samples(count: Int = 5000, extra: (Int) -> LocalPoint) -> [ErrorStatistics.Sample] {
        var generator = SplitMix64(seed: 42)
        var gaussian = GaussianSampler()
        var wander = LocalPoint(east: 0, north: 0)
        return (0..<count).map { index in
            wander.east += 0.1 * gaussian.next(using: &generator)
            wander.north += 0.1 * gaussian.next(using: &generator)
            let added = extra(index)
            return ErrorStatistics.Sample(
                timeSeconds: Double(index), truePoint: LocalPoint(east: 0, north: 2 * Double(index)),
                error: LocalPoint(east: wander.east + added.east, north: wander.north + added.north),
                accuracyMeters: 4, verticalAccuracyMeters: nil, trueSpeedMetersPerSecond: 2, trueCourseDegrees: 0,
                speedErrorMetersPerSecond: nil, courseErrorDegrees: nil
            )
        }
    }

    @Test func plateausThatSwitchEveryTenFixesGiveTheirDwellAndOffset() {
        // The offset flips between +1 m and -1 m east every 10 fixes: 10 % of steps switch, each by 2 m.
        let fit = ErrorTailFit(samples: Self.samples { LocalPoint(east: $0 / 10 % 2 == 0 ? 1 : -1, north: 0) }, intervalSeconds: 1)
        #expect(abs(fit.switchShare - 0.1) < 0.002, "share \(fit.switchShare)")
        // interval / -ln(1 - 0.1) = 9.49 s; mean square step 4 m² = 4 offset² + 2 sigma², so the offset is about 1 m.
        #expect(abs(fit.multipathDwellSeconds - 9.49) < 0.2, "dwell \(fit.multipathDwellSeconds) s")
        #expect(abs(fit.multipathOffsetMeters - 1) < 0.05, "offset \(fit.multipathOffsetMeters) m")
        #expect(fit.stepTailProbability == 0)
    }

    @Test func singleFixOutliersAreTheStepTailNotSwitches() {
        // Every 50th fix is 3 m north of where it would be, and the next is back.
        let fit = ErrorTailFit(samples: Self.samples { LocalPoint(east: 0, north: $0 % 50 == 25 ? 3 : 0) }, intervalSeconds: 1)
        #expect(abs(fit.stepTailProbability - 0.02) < 0.001, "probability \(fit.stepTailProbability)")
        // 3 m on one axis is sqrt(9 / 2) = 2.12 m RMS per axis.
        #expect(abs(fit.stepTailMeters - 2.12) < 0.1, "size \(fit.stepTailMeters) m")
        #expect(fit.multipathOffsetMeters == 0 && fit.multipathDwellSeconds == 0)
    }

    @Test func normalStepsShowNoTails() {
        let fit = ErrorTailFit(samples: Self.samples { _ in LocalPoint(east: 0, north: 0) }, intervalSeconds: 1)
        #expect(fit.isEmpty)
        #expect(fit.switchShare < ErrorTailFit.smallestSwitchShare)
        #expect(abs(fit.ordinaryStepDeviationMeters - 0.1) < 0.01, "step deviation \(fit.ordinaryStepDeviationMeters) m")
    }
}
