import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct DeadReckoningPaperFilterTests {
    private let start = Fixtures.fix(Fixtures.frame, east: 0, north: 0, accuracy: 0, time: 0)

    @Test func startsAtTheFirstFixAndIgnoresGPSAfterIt() {
        let events: [SensorEvent] = [
            .fix(start), .heading(Fixtures.heading(0, time: 1)), .fix(Fixtures.fix(Fixtures.frame, east: 50, north: 50, time: 1.5)),
            .steps(StepEvent(timeSeconds: 2, steps: 10, gait: .walk)),
        ]
        var filter = DeadReckoningPaperFilter(settings: FilterSettings(overrides: [:]))
        var estimates: [LocationFix] = []
        filter.run(over: events, into: &estimates)
        #expect(estimates.count == 2)
        #expect(estimates[0].coordinate == start.coordinate)
        let end = Fixtures.frame.point(for: estimates[1].coordinate)
        #expect(abs(end.east) < 1e-6)
        // The published 110574 m per degree, not the frame's, so 5.7 m north comes out a little longer in the frame.
        #expect(abs(end.north - 5.7 * (GreatCircle.meanEarthRadiusMeters * Double.pi / 180) / 110_574) < 1e-6)
        #expect(estimates[1].deliveryTimeSeconds == 2 && abs(estimates[1].speedMetersPerSecond - 2.85) < 1e-9)
    }

    @Test func givesOnlyTheStartWithoutSensors() {
        let path = Path((0..<5).map { Fixtures.fix(Fixtures.frame, east: Double($0), north: 0, time: Double($0)) })
        #expect(DeadReckoningPaperFilter(settings: FilterSettings(overrides: [:])).estimatedPath(for: path).count == 1)
    }
}
