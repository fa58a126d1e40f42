import Testing
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct SpeedEMAFilterTests {
    private func speeds(_ filter: SpeedEMAFilter, _ fixes: [LocationFix]) -> [Double] {
        filter.estimatedPath(for: Path(fixes)).fixes.map(\.speedMetersPerSecond)
    }

    @Test func smoothsSpeedsByAlpha() {
        // 4; 4 * 0.25 + 0 * 0.75 = 1; 1 * 0.25 + 4 * 0.75 = 3.25.
        #expect(speeds(SpeedEMAFilter(alpha: 0.75), Fixtures.fixes(speeds: [4, 0, 4])) == [4, 1, 3.25])
    }

    @Test func unknownSpeedsKeepTheCurrentEstimate() {
        let result = speeds(SpeedEMAFilter(alpha: 0.75), Fixtures.fixes(speeds: [-1, 4, -1, .nan, .infinity, 0]))
        #expect(result == [-1, 4, 4, 4, 4, 1])
    }

    @Test func passesEverythingButTheSpeedThrough() {
        let input = Fixtures.fixes(speeds: [4, 0, -1, 4])
        let estimated = SpeedEMAFilter(alpha: 0.75).estimatedPath(for: Path(input)).fixes
        #expect(estimated.count == input.count)
        for (estimate, fix) in zip(estimated, input) {
            var restored = estimate
            restored.speedMetersPerSecond = fix.speedMetersPerSecond
            #expect(restored == fix)
        }
    }

    @Test func ignoresTheTimeBetweenFixes() {
        let speedList: [Double] = [3, 3.5, 0, 2, 4]
        let filter = SpeedEMAFilter(alpha: 0.75)
        #expect(speeds(filter, Fixtures.fixes(speeds: speedList, interval: 3)) == speeds(filter, Fixtures.fixes(speeds: speedList, interval: 180)))
    }

    @Test(arguments: [1.0, 2.0])
    func alphaOneOrMorePassesKnownSpeedsThrough(alpha: Double) {
        #expect(speeds(SpeedEMAFilter(alpha: alpha), Fixtures.fixes(speeds: [4, 0, -1, 2.5])) == [4, 0, 0, 2.5])
    }

    @Test func alphaZeroHoldsTheFirstKnownSpeed() {
        #expect(speeds(SpeedEMAFilter(alpha: 0), Fixtures.fixes(speeds: [-1, 4, 0, 9])) == [-1, 4, 4, 4])
    }

    @Test func settingsDefaultToAlphaThreeQuarters() {
        let filter = SpeedEMAFilter(settings: FilterSettings())
        #expect(speeds(filter, Fixtures.fixes(speeds: [4, 0, 4])) == [4, 1, 3.25])
    }
}
