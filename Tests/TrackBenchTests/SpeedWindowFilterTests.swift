import Testing
@_spi(CLI) @testable import TrackBench

struct SpeedWindowFilterTests {
    private func speeds(_ fixes: [LocationFix], filter: SpeedWindowFilter = SpeedWindowFilter(maxAgeSeconds: 15, minimumFixCount: 3)) -> [Double] {
        filter.estimatedPath(for: Path(fixes)).fixes.map(\.speedMetersPerSecond)
    }

    @Test func averagesTheKnownSpeedsInTheWindow() {
        // Own speeds until three are known, then (1 + 2 + 3) / 3 and (1 + 2 + 3 + 6) / 4.
        #expect(speeds(Fixtures.fixes(speeds: [1, 2, 3, 6])) == [1, 2, 2, 3])
    }

    @Test func keepsTheOwnSpeedWithFewerThanMinFixesKnown() {
        // The unknown speed does not count: the mean starts at the fourth fix, (2 + 4 + 6) / 3.
        #expect(speeds(Fixtures.fixes(speeds: [2, -1, 4, 6])) == [2, -1, 4, 4])
    }

    @Test func dropsSpeedsOlderThanMaxAge() {
        let input = [Fixtures.fix(speed: 10, time: 0), Fixtures.fix(speed: 1, time: 5), Fixtures.fix(speed: 1, time: 10), Fixtures.fix(speed: 1, time: 15), Fixtures.fix(speed: 1, time: 16)]
        // At 15 s the first speed is exactly 15 s old and stays: 13 / 4; at 16 s it is gone.
        #expect(speeds(input) == [10, 1, 4, 3.25, 1])
    }

    @Test func aStaleFixOutsideTheWindowDoesNotJoinIt() {
        let input = [Fixtures.fix(speed: 1, time: 20), Fixtures.fix(speed: 1, time: 21), Fixtures.fix(speed: 1, time: 22), Fixtures.fix(speed: 100, time: 0), Fixtures.fix(speed: 1, time: 23)]
        #expect(speeds(input) == [1, 1, 1, 1, 1])
    }

    @Test func noticesAStopOnlyOnceEveryMovingSpeedHasLeft() {
        // 3 m/s for 30 s (times 0 to 29), then stopped.
        let input = Fixtures.fixes(speeds: Array(repeating: 3, count: 30) + Array(repeating: 0, count: 20))
        let result = speeds(input)
        // 6 s after the last moving fix: 10 readings of 3 among 16.
        #expect(result[35] == 30.0 / 16)
        #expect(result[44] == 3.0 / 16)
        #expect(result[45] == 0)
    }

    @Test func passesEverythingButTheSpeedThrough() {
        let input = Fixtures.fixes(speeds: [1, 2, 3, 6])
        for (estimate, fix) in zip(SpeedWindowFilter(maxAgeSeconds: 15, minimumFixCount: 3).estimatedPath(for: Path(input)).fixes, input) {
            var restored = estimate
            restored.speedMetersPerSecond = fix.speedMetersPerSecond
            #expect(restored == fix)
        }
    }

    @Test func settingsDefaultToFifteenSecondsAndThreeFixes() {
        let filter = SpeedWindowFilter(settings: FilterSettings())
        let input = [Fixtures.fix(speed: 10, time: 0), Fixtures.fix(speed: 1, time: 5), Fixtures.fix(speed: 1, time: 10), Fixtures.fix(speed: 1, time: 15), Fixtures.fix(speed: 1, time: 16)]
        #expect(speeds(input, filter: filter) == [10, 1, 4, 3.25, 1])
    }
}
