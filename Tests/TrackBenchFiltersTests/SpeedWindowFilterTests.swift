import Testing
@testable import TrackBenchModel
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
import TrackBenchTestSupport

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
        let input = [
            Fixtures.fix(speed: 10, time: 0), Fixtures.fix(speed: 1, time: 5), Fixtures.fix(speed: 1, time: 10), Fixtures.fix(speed: 1, time: 15),
            Fixtures.fix(speed: 1, time: 16),
        ]
        // At 15 s the first speed is exactly 15 s old and stays: 13 / 4; at 16 s it is gone.
        #expect(speeds(input) == [10, 1, 4, 3.25, 1])
    }

    @Test func aStaleFixOutsideTheWindowDoesNotJoinIt() {
        let input = [
            Fixtures.fix(speed: 1, time: 20), Fixtures.fix(speed: 1, time: 21), Fixtures.fix(speed: 1, time: 22), Fixtures.fix(speed: 100, time: 0),
            Fixtures.fix(speed: 1, time: 23),
        ]
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

    @Test func longStreamsWithStaleAndUnknownReadingsGiveTheMeanOfTheWindowByDefinition() {
        // A day-like stream: mostly 1 Hz in order, some stale re-deliveries (old timestamps), gaps, unknown speeds.
        var generator = SplitMix64(seed: 11)
        var fixes: [LocationFix] = []
        var time = 0.0
        for _ in 0..<5_000 {
            let roll = generator.nextUnit()
            time += roll < 0.02 ? 20 : 0.8 + 0.4 * generator.nextUnit()
            let stamp = roll > 0.95 ? time - 30 * generator.nextUnit() : time
            let speed = roll > 0.5 && roll < 0.53 ? -1 : roll > 0.53 && roll < 0.54 ? .nan : 5 * generator.nextUnit()
            fixes.append(Fixtures.fix(speed: speed, time: stamp))
        }
        // The definition, read literally: the known speeds whose timestamps are within max-age of the newest seen.
        var expected: [Double] = []
        var window: [(time: Double, speed: Double)] = []
        var newest = -Double.infinity
        for fix in fixes {
            newest = max(newest, fix.timestampSeconds)
            window.removeAll { newest - $0.time > 15 }
            if fix.speedMetersPerSecond >= 0 && fix.speedMetersPerSecond < .infinity && !(newest - fix.timestampSeconds > 15) {
                window.append((fix.timestampSeconds, fix.speedMetersPerSecond))
            }
            expected.append(window.count >= 3 ? window.reduce(0) { $0 + $1.speed } / Double(window.count) : fix.speedMetersPerSecond)
        }
        let result = speeds(fixes)
        #expect(result.count == expected.count)
        #expect(zip(result, expected).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) })
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
        let input = [
            Fixtures.fix(speed: 10, time: 0), Fixtures.fix(speed: 1, time: 5), Fixtures.fix(speed: 1, time: 10), Fixtures.fix(speed: 1, time: 15),
            Fixtures.fix(speed: 1, time: 16),
        ]
        #expect(speeds(input, filter: filter) == [10, 1, 4, 3.25, 1])
    }
}
