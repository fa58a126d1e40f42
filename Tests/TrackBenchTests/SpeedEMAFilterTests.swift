import Testing
@testable import TrackBench

struct SpeedEMAFilterTests {
    /// Fixes 1 s apart (or `interval`) at distinct positions, with the given reported speeds.
    private func fixes(speeds: [Double], interval: Double = 1) -> [LocationFix] {
        speeds.enumerated().map { index, speed in
            var fix = Fixtures.fix(Fixtures.frame, east: Double(index) * 3, north: 1, accuracy: 6, time: Double(index) * interval)
            fix.speedMetersPerSecond = speed
            fix.courseDegrees = 80
            return fix
        }
    }

    private func speeds(_ filter: SpeedEMAFilter, _ fixes: [LocationFix]) -> [Double] {
        filter.estimatedPath(for: Path(fixes)).fixes.map(\.speedMetersPerSecond)
    }

    @Test func smoothsSpeedsByAlpha() {
        // 4; 4 * 0.25 + 0 * 0.75 = 1; 1 * 0.25 + 4 * 0.75 = 3.25.
        #expect(speeds(SpeedEMAFilter(alpha: 0.75), fixes(speeds: [4, 0, 4])) == [4, 1, 3.25])
    }

    @Test func unknownSpeedsKeepTheCurrentEstimate() {
        let result = speeds(SpeedEMAFilter(alpha: 0.75), fixes(speeds: [-1, 4, -1, .nan, .infinity, 0]))
        #expect(result == [-1, 4, 4, 4, 4, 1])
    }

    @Test func passesEverythingButTheSpeedThrough() {
        let input = fixes(speeds: [4, 0, -1, 4])
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
        #expect(speeds(filter, fixes(speeds: speedList, interval: 3)) == speeds(filter, fixes(speeds: speedList, interval: 180)))
    }

    @Test(arguments: [1.0, 2.0])
    func alphaOneOrMorePassesKnownSpeedsThrough(alpha: Double) {
        #expect(speeds(SpeedEMAFilter(alpha: alpha), fixes(speeds: [4, 0, -1, 2.5])) == [4, 0, 0, 2.5])
    }

    @Test func alphaZeroHoldsTheFirstKnownSpeed() {
        #expect(speeds(SpeedEMAFilter(alpha: 0), fixes(speeds: [-1, 4, 0, 9])) == [-1, 4, 4, 4])
    }

    @Test func settingsDefaultToAlphaThreeQuarters() {
        let filter = SpeedEMAFilter(settings: FilterSettings(parameters: SpeedEMAFilter.parameters))
        #expect(speeds(filter, fixes(speeds: [4, 0, 4])) == [4, 1, 3.25])
    }
}
