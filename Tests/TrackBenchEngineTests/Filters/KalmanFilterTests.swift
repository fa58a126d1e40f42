import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
import TrackBenchTestSupport
import TrackBenchRunFixtures

struct KalmanFilterTests {
    private let frame = Fixtures.frame

    @Test func firstFixPassesThroughUnchanged() {
        let fix = Fixtures.fix(frame, east: 10, north: 20, accuracy: 8, time: 0)
        let estimated = KalmanFilter(processNoiseMetersPerSecond: 3).estimatedPath(for: Path([fix]))
        #expect(estimated.fixes == [fix])
    }

    @Test func holdsStillUnderHugeMeasurementNoise() {
        let fixes = [Fixtures.fix(frame, east: 0, north: 0, accuracy: 5, time: 0)]
            + (1...20).map { Fixtures.fix(frame, east: 100, north: 100, accuracy: 1e6, time: Double($0)) }
        let estimated = KalmanFilter(processNoiseMetersPerSecond: 3).estimatedPath(for: Path(fixes))
        let last = frame.point(for: estimated.fixes.last!.coordinate)
        #expect(last.distance(to: LocalPoint(east: 0, north: 0)) < 0.01)
    }

    @Test func followsPreciseFixesWhenTheProcessNoiseIsLarge() {
        let fixes = (0...10).map { Fixtures.fix(frame, east: Double($0) * 3, north: 0, accuracy: 1, time: Double($0)) }
        let estimated = KalmanFilter(processNoiseMetersPerSecond: 100).estimatedPath(for: Path(fixes))
        let last = frame.point(for: estimated.fixes.last!.coordinate)
        #expect(abs(last.east - 30) < 0.01)
    }

    @Test func blendsTheSecondFixByVarianceRatio() {
        // Variance 25 m^2 after the first fix, + 3^2 * 1 s = 34; gain = 34 / (34 + 25).
        let fixes = [
            Fixtures.fix(frame, east: 0, north: 0, accuracy: 5, time: 0),
            Fixtures.fix(frame, east: 59, north: 0, accuracy: 5, time: 1),
        ]
        let estimated = KalmanFilter(processNoiseMetersPerSecond: 3).estimatedPath(for: Path(fixes))
        let second = estimated.fixes[1]
        #expect(abs(frame.point(for: second.coordinate).east - 34) < 0.01)
        #expect(abs(second.horizontalAccuracyMeters - (34.0 * 25 / 59).squareRoot()) < 1e-9)
    }

    @Test func aStaleFixAddsNoProcessNoise() {
        let start = Fixtures.fix(frame, east: 0, north: 0, accuracy: 5, time: 10)
        let stale = Fixtures.fix(frame, east: 59, north: 0, accuracy: 5, time: 0)
        let estimated = KalmanFilter(processNoiseMetersPerSecond: 3).estimatedPath(for: Path([start, stale]))
        // No elapsed time: the variance stays 25, so the gain is exactly 1/2.
        #expect(abs(frame.point(for: estimated.fixes[1].coordinate).east - 29.5) < 0.01)
    }

    @Test func floorsAccuracyAtOneMetre() {
        let fixes = [
            Fixtures.fix(frame, east: 0, north: 0, accuracy: 0, time: 0),
            Fixtures.fix(frame, east: 10, north: 0, accuracy: 0, time: 1),
        ]
        let estimated = KalmanFilter(processNoiseMetersPerSecond: 0).estimatedPath(for: Path(fixes))
        // Both fixes count as 1 m accurate: the gain is 1/2, not 1 or NaN.
        #expect(abs(frame.point(for: estimated.fixes[1].coordinate).east - 5) < 0.01)
    }

    @Test func beatsRawOnTheDefaultSuiteOnAverage() {
        let ranking = FilterSummary.ranking(of: Fixtures.defaultScores)
        let kalman = ranking.first { $0.filter == "kalman" }!
        let raw = ranking.first { $0.filter == "raw" }!
        #expect(kalman.meanAbsoluteErrorPercent < raw.meanAbsoluteErrorPercent)
        #expect(kalman.improvedCount > 27)
    }
}
