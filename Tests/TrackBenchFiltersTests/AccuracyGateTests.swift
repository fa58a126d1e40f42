import Testing
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct AccuracyGateTests {
    private let frame = Fixtures.frame

    private func fixes(accuracies: [Double]) -> [LocationFix] {
        accuracies.enumerated().map { Fixtures.fix(frame, east: Double($0.offset), north: 0, accuracy: $0.element, time: Double($0.offset)) }
    }

    @Test func dropsInvalidAndTooVagueFixesAndKeepsTheRestUnchanged() {
        let fixes = fixes(accuracies: [5, -1, 50, 50.5, 0, 120, .nan])
        let estimated = AccuracyGate(maxAccuracyMeters: 50).estimatedPath(for: Path(fixes))
        #expect(estimated.fixes == [fixes[0], fixes[2], fixes[4]])
    }

    @Test func defaultThresholdIsTheRunningAppsFiftyMetres() {
        let gate = AccuracyGate(settings: FilterSettings())
        let fixes = fixes(accuracies: [50, 51])
        #expect(gate.estimatedPath(for: Path(fixes)).fixes == [fixes[0]])
    }

    @Test func aRideHailingThresholdKeepsHundredMetreFixes() {
        let gate = AccuracyGate(settings: FilterSettings(overrides: ["max": 100]))
        let fixes = fixes(accuracies: [100, 100.1])
        #expect(gate.estimatedPath(for: Path(fixes)).fixes == [fixes[0]])
    }
}
