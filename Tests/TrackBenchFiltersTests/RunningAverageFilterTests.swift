import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct RunningAverageFilterTests {
    private let frame = Fixtures.frame

    private func fix(east: Double, altitude: Double = 0, accuracy: Double = 5, time: Double) -> LocationFix {
        var fix = Fixtures.fix(frame, east: east, north: 2 * east, accuracy: accuracy, time: time)
        fix.altitudeMeters = altitude
        return fix
    }

    private func east(_ fix: LocationFix) -> Double { frame.point(for: fix.coordinate).east }
    private func north(_ fix: LocationFix) -> Double { frame.point(for: fix.coordinate).north }

    @Test func averagesTheLastWindowFixesByHand() {
        let fixes = [
            fix(east: 0, altitude: 3, time: 0),
            fix(east: 10, altitude: 6, time: 1),
            fix(east: 20, altitude: 9, time: 2),
            fix(east: 30, altitude: 30, time: 3),
        ]
        let estimated = RunningAverageFilter(windowSize: 3).estimatedPath(for: Path(fixes)).fixes
        // Means of {0}, {0, 10}, {0, 10, 20}, {10, 20, 30}; altitudes of {3}, {3, 6}, {3, 6, 9}, {6, 9, 30}.
        let expectedEast = [0.0, 5, 10, 20]
        let expectedAltitude = [3.0, 4.5, 6, 15]
        try! #require(estimated.count == 4)
        for index in 0..<4 {
            #expect(abs(east(estimated[index]) - expectedEast[index]) < 1e-6)
            #expect(abs(north(estimated[index]) - 2 * expectedEast[index]) < 1e-6)
            #expect(abs(estimated[index].altitudeMeters - expectedAltitude[index]) < 1e-9)
        }
    }

    @Test func keepsTheCurrentFixsOtherFields() {
        let fixes = [fix(east: 0, accuracy: 4, time: 0), fix(east: 10, accuracy: 7, time: 1)]
        let second = RunningAverageFilter(windowSize: 5).estimatedPath(for: Path(fixes)).fixes[1]
        #expect(second.timestampSeconds == 1)
        #expect(second.deliveryTimeSeconds == 1)
        #expect(second.horizontalAccuracyMeters == 7)
    }

    @Test func lagsHalfTheWindowBehindOnAStraightLine() {
        // 1 m/s east with a window of 5: once full, the mean is the position (5 - 1) / 2 = 2 s ago.
        let fixes = (0..<20).map { fix(east: Double($0), time: Double($0)) }
        let estimated = RunningAverageFilter(windowSize: 5).estimatedPath(for: Path(fixes)).fixes
        for index in 4..<20 {
            #expect(abs(east(estimated[index]) - Double(index - 2)) < 1e-6)
        }
    }

    @Test func averagesInvalidFixesAsDelivered() {
        let fixes = [fix(east: 0, time: 0), fix(east: 10, accuracy: -1, time: 1)]
        let second = RunningAverageFilter(windowSize: 2).estimatedPath(for: Path(fixes)).fixes[1]
        #expect(abs(east(second) - 5) < 1e-6)
        #expect(second.horizontalAccuracyMeters == -1)
    }

    @Test func aWindowOfOnePassesFixesThroughUnchanged() {
        let fixes = (0..<5).map { fix(east: Double($0 * $0), altitude: Double($0), time: Double($0)) }
        #expect(RunningAverageFilter(windowSize: 1).estimatedPath(for: Path(fixes)).fixes == fixes)
    }

    @Test func defaultWindowIsFiveFixes() {
        let fixes = (0..<12).map { fix(east: Double($0 % 4) * 7, time: Double($0)) }
        let fromSettings = RunningAverageFilter(settings: FilterSettings())
        #expect(fromSettings.estimatedPath(for: Path(fixes)) == RunningAverageFilter(windowSize: 5).estimatedPath(for: Path(fixes)))
    }
}
