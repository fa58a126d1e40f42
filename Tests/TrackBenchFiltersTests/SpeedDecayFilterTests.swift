import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct SpeedDecayFilterTests {
    private func speeds(_ filter: some LocationFilter, _ fixes: [LocationFix]) -> [Double] {
        filter.estimatedPath(for: Path(fixes)).fixes.map(\.speedMetersPerSecond)
    }

    private let defaults = SpeedDecayFilter(medianFixCount: 3, timeConstantSeconds: 2)

    @Test(arguments: [0.0, 45.0])
    func aSingleGlitchLeavesTheEstimateUnmoved(glitch: Double) {
        #expect(speeds(defaults, Fixtures.fixes(speeds: [3, 3, 3, glitch, 3, 3])) == [3, 3, 3, 3, 3, 3])
    }

    @Test func showsAStopWithinSixSecondsUnlikeTheWindowedAverage() {
        // 3 m/s for 30 s (times 0 to 29), then stopped; time 35 is 6 s after the last moving fix.
        let input = Fixtures.fixes(speeds: Array(repeating: 3, count: 30) + Array(repeating: 0, count: 10))
        let decay = speeds(defaults, input)
        let window = speeds(SpeedWindowFilter(maxAgeSeconds: 15, minimumFixCount: 3), input)
        #expect(decay[35] < 0.5)
        #expect(window[35] >= 0.5)
        // Hand-computed: the median turns at time 31, then 3 x exp(-dt / 2) from time 30.
        #expect(decay[30] == 3)
        #expect(abs(decay[34] - 3 * exp(-2.0)) < 1e-12)
    }

    @Test func smoothsInTimeNotInFixes() {
        let filter = SpeedDecayFilter(medianFixCount: 1, timeConstantSeconds: 2)
        let result = speeds(filter, [Fixtures.fix(speed: 0, time: 0), Fixtures.fix(speed: 4, time: 2), Fixtures.fix(speed: 4, time: 12)])
        let afterTwoSeconds = 4 * (1 - exp(-1.0))
        #expect(result[0] == 0)
        #expect(abs(result[1] - afterTwoSeconds) < 1e-12)
        // A 10 s gap trusts the new reading almost entirely.
        #expect(abs(result[2] - (afterTwoSeconds + (1 - exp(-5.0)) * (4 - afterTwoSeconds))) < 1e-12)
        #expect(result[2] > 3.97)
    }

    @Test func withTauZeroEmitsTheRunningMedian() {
        let filter = SpeedDecayFilter(medianFixCount: 3, timeConstantSeconds: 0)
        // Medians of [3], [3, 0], [3, 0, 0], [0, 0, 5], [0, 5, 5], [5, 5, 1].
        #expect(speeds(filter, Fixtures.fixes(speeds: [3, 0, 0, 5, 5, 1])) == [3, 1.5, 0, 0, 5, 5])
    }

    @Test func unknownAndStaleSpeedsChangeNothing() {
        let filter = SpeedDecayFilter(medianFixCount: 3, timeConstantSeconds: 0)
        let input = [
            Fixtures.fix(speed: -1, time: 0), Fixtures.fix(speed: 2, time: 1), Fixtures.fix(speed: .nan, time: 2),
            Fixtures.fix(speed: 10, time: 1), Fixtures.fix(speed: 10, time: 0.5), Fixtures.fix(speed: 4, time: 3),
        ]
        // The stale 10s never join the median: the last is median(2, 4) = 3, not 4.
        #expect(speeds(filter, input) == [-1, 2, 2, 2, 2, 3])
    }

    @Test(arguments: [1, 2, 3, 4, 7])
    func theMedianIsThatOfTheLastKnownSpeedsOnLongStreams(medianFixCount: Int) {
        var generator = SplitMix64(seed: UInt64(medianFixCount))
        // Repeated values (ties), unknown speeds and stale timestamps among 3,000 readings.
        let fixes = (0..<3_000).map { index -> LocationFix in
            let roll = generator.nextUnit()
            let speed = roll < 0.05 ? -1 : roll < 0.3 ? Double(Int(roll * 20)) : 4 * generator.nextUnit()
            return Fixtures.fix(speed: speed, time: roll > 0.97 ? Double(index) - 5 : Double(index))
        }
        var known: [Double] = []
        var last = -Double.infinity
        var filtered = -1.0
        var expected: [Double] = []
        for fix in fixes {
            if fix.speedMetersPerSecond >= 0, fix.timestampSeconds > last {
                known.append(fix.speedMetersPerSecond)
                last = fix.timestampSeconds
                let sorted = known.suffix(medianFixCount).sorted()
                let middle = sorted.count / 2
                let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
                // With tau 0 the weight is exactly 1, and the smoothing step is taken as written.
                filtered = filtered < 0 ? median : filtered + (median - filtered)
            }
            expected.append(filtered)
        }
        #expect(speeds(SpeedDecayFilter(medianFixCount: medianFixCount, timeConstantSeconds: 0), fixes) == expected)
    }

    @Test func passesEverythingButTheSpeedThrough() {
        let input = Fixtures.fixes(speeds: [1, 2, -1, 6])
        for (estimate, fix) in zip(defaults.estimatedPath(for: Path(input)).fixes, input) {
            var restored = estimate
            restored.speedMetersPerSecond = fix.speedMetersPerSecond
            #expect(restored == fix)
        }
    }

    @Test func settingsDefaultToAMedianOfThreeAndTauOfTwoSeconds() {
        let filter = SpeedDecayFilter(settings: FilterSettings())
        let input = Fixtures.fixes(speeds: [3, 3, 0, 3, 0, 0, 0, 2, 8, 2.5])
        #expect(speeds(filter, input) == speeds(defaults, input))
    }
}
