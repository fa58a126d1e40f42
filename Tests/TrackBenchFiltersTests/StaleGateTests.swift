import Testing
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct StaleGateTests {
    private let frame = Fixtures.frame

    /// A fix taken at `time` and delivered `age` seconds later.
    private func fix(time: Double, age: Double, accuracy: Double = 5) -> LocationFix {
        var fix = Fixtures.fix(frame, east: time, north: 0, accuracy: accuracy, time: time)
        fix.deliveryTimeSeconds = time + age
        return fix
    }

    @Test func dropsAFixDeliveredElevenSecondsLateAndKeepsTenSeconds() {
        let tenSeconds = fix(time: 5, age: 10)
        let elevenSeconds = fix(time: 6, age: 11)
        let estimated = StaleGate(maxAgeSeconds: 10).estimatedPath(for: Path([tenSeconds, elevenSeconds]))
        #expect(estimated.fixes == [tenSeconds])
    }

    @Test func passesFreshInvalidAndEarlyFixesThroughUnchanged() {
        let fixes = [fix(time: 0, age: 0), fix(time: 1, age: 0, accuracy: -1), fix(time: 2, age: 3), fix(time: 3, age: -2)]
        #expect(StaleGate(maxAgeSeconds: 10).estimatedPath(for: Path(fixes)).fixes == fixes)
    }

    @Test func defaultMaxAgeIsTenSeconds() {
        let gate = StaleGate(settings: FilterSettings())
        let fixes = [fix(time: 0, age: 10), fix(time: 1, age: 10.5)]
        #expect(gate.estimatedPath(for: Path(fixes)).fixes == [fixes[0]])
        #expect(StaleGate.parameters.map(\.name) == ["max-age"])
    }
}
