import Testing
@testable import TrackBenchModel
@testable import TrackBenchMetrics
import TrackBenchTestSupport

struct TruthCacheTests {
    private let scenario = Fixtures.defaultSuite.scenarios.first { $0.pathType == .loop && $0.stopSeconds > 0 } ?? Fixtures.defaultSuite.scenarios[0]

    @Test func lookupsAtDeliveredAndOtherTimesInAnyOrderGiveTheTruthComputedAfresh() {
        let delivered = stride(from: 0.0, through: 600, by: 0.9).map { $0 }
        let cache = TruthCache(scenario: scenario, deliveredFixes: delivered.map { LocationFix(latitude: 0, longitude: 0, timestampSeconds: $0) })
        // A gate's subset, a smoother's full set, times between fixes, going back in time, repeats and NaN.
        let asked = Array(delivered.enumerated().filter { $0.offset % 3 != 1 }.map(\.element)) + [3.33, 2.7, 2.7, 0, 599.4, .nan, 450.45, 900, -5]
        var lookup = cache.lookup()
        for time in asked {
            let position = lookup.position(atTime: time)
            let speed = lookup.speed(atTime: time)
            let expected = scenario.truePosition(atTime: time)
            #expect(position == expected || (time.isNaN && position.east.isNaN), "time \(time)")
            #expect(speed.bitPattern == scenario.trueSpeedMetersPerSecond(atTime: time).bitPattern, "time \(time)")
        }
    }
}
