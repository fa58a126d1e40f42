import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct DeadReckoningPerStepFilterTests {
    @Test func endsAtTheCornerWhereThePublishedEstimatorOvershoots() {
        // Ten steps in one update: five north, then five east.
        let events: [SensorEvent] = [.fix(Fixtures.fix(Fixtures.frame, east: 0, north: 0, accuracy: 0, time: 0))]
            + (1...10).map { .heading(Fixtures.heading($0 <= 5 ? 0 : 90, time: Double($0) / 2)) }
            + [.steps(StepEvent(timeSeconds: 5, steps: 10, gait: .walk))]
        func end(_ filter: some LocationFilter) -> LocalPoint {
            var filter = filter
            var estimates: [LocationFix] = []
            filter.run(over: events, into: &estimates)
            return Fixtures.frame.point(for: estimates.last!.coordinate)
        }
        let corner = LocalPoint(east: 2.85, north: 2.85)
        let perStep = end(DeadReckoningPerStepFilter(settings: FilterSettings(overrides: [:])))
        let perUpdate = end(DeadReckoningPaperFilter(settings: FilterSettings(overrides: [:])))
        #expect(perStep.distance(to: corner) < 0.05)
        #expect(perUpdate.distance(to: corner) > 1)
    }
}
