import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct ConstantVelocityKalmanFilterTests {
    private let frame = Fixtures.frame

    @Test func firstValidFixStartsTheTrackStandingStill() {
        let fix = Fixtures.fix(frame, east: 10, north: 20, accuracy: 8, time: 0)
        let estimated = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path([fix]))
        let first = estimated.fixes[0]
        #expect(first.latitude == fix.latitude)
        #expect(first.longitude == fix.longitude)
        // Per axis 8^2 / 2 = 32 m^2; sqrt(32 + 32) = 8 m.
        #expect(first.horizontalAccuracyMeters == 8)
        #expect(first.speedMetersPerSecond == 0)
        #expect(first.courseDegrees == -1)
    }

    @Test func blendsTheSecondFixByTheWhiteNoiseAccelerationCovariance() {
        // Accuracy 2 m: R = 2 m^2 per axis. After the first fix P = [[2, 0], [0, 100]];
        // predicting 1 s with noise 1 adds Q = [[1/4, 1/2], [1/2, 1]], so
        // P00 = 2 + 100 + 0.25 = 102.25, P01 = 100 + 0.5 = 100.5, S = 104.25.
        let fixes = [
            Fixtures.fix(frame, east: 0, north: 0, accuracy: 2, time: 0),
            Fixtures.fix(frame, east: 10, north: 0, accuracy: 2, time: 1),
        ]
        let estimated = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes))
        let second = estimated.fixes[1]
        let point = frame.point(for: second.coordinate)
        #expect(abs(point.east - 10 * 102.25 / 104.25) < 1e-6)
        #expect(abs(point.north) < 1e-6)
        #expect(abs(second.speedMetersPerSecond - 10 * 100.5 / 104.25) < 1e-9)
        #expect(abs(second.courseDegrees - 90) < 1e-9)
        // Posterior P00 = 102.25 * 2 / 104.25 on both axes.
        #expect(abs(second.horizontalAccuracyMeters - (2 * 102.25 * 2 / 104.25).squareRoot()) < 1e-9)
    }

    @Test func aStaleFixIsAnUpdateWithoutPrediction() {
        let start = Fixtures.fix(frame, east: 0, north: 0, accuracy: 2, time: 10)
        let stale = Fixtures.fix(frame, east: 10, north: 0, accuracy: 2, time: 0)
        let estimated = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path([start, stale]))
        let second = estimated.fixes[1]
        // P00 stays 2 = R, so the gain is exactly 1/2; P01 = 0, so the velocity stays 0.
        #expect(abs(frame.point(for: second.coordinate).east - 5) < 1e-6)
        #expect(second.speedMetersPerSecond == 0)
        #expect(abs(second.horizontalAccuracyMeters - 2.0.squareRoot()) < 1e-12)
    }

    @Test func floorsAccuracyAtOneMetre() {
        let fix = Fixtures.fix(frame, east: 0, north: 0, accuracy: 0, time: 0)
        let estimated = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path([fix]))
        #expect(estimated.fixes[0].horizontalAccuracyMeters == 1)
    }

    @Test func skipsInvalidFixes() {
        let valid = Fixtures.noisyLine(eastSpeed: 3, northSpeed: 0, count: 10, deviation: 2, accuracy: 3, seed: 7)
        var mixed: [LocationFix] = []
        for (index, fix) in valid.enumerated() {
            var invalid = Fixtures.fix(frame, east: 500, north: -500, accuracy: -1, time: fix.timestampSeconds + 0.5)
            if index % 3 == 0 { invalid.horizontalAccuracyMeters = .nan }
            mixed += [fix, invalid]
        }
        let filter = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1)
        let fromMixed = filter.estimatedPath(for: Path(mixed))
        #expect(fromMixed.count == valid.count)
        #expect(fromMixed.fixes == filter.estimatedPath(for: Path(valid)).fixes)
    }

    @Test func convergesToTheSpeedCourseAndPositionOfAStraightLine() {
        // 0.1 m of noise per axis; at 1 Hz with noise 1 m/s^2 the velocity still
        // follows it a little (over 200 seeds: at most 0.21 m/s, 5.3 degrees, 0.28 m).
        let fixes = Fixtures.noisyLine(eastSpeed: 3, northSpeed: 0, count: 60, deviation: 0.1, accuracy: 1, seed: 7)
        let estimated = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes))
        let last = estimated.fixes.last!
        #expect(abs(last.speedMetersPerSecond - 3) < 0.25)
        #expect(abs(last.courseDegrees - 90) < 6)
        #expect(frame.point(for: last.coordinate).distance(to: LocalPoint(east: 3 * 59, north: 0)) < 0.5)
    }

    @Test(arguments: [
        (0.0, 3.0, 0.0), (3.0, 3.0, 45.0), (3.0, 0.0, 90.0), (0.0, -3.0, 180.0), (-3.0, 0.0, 270.0), (-3.0, 3.0, 315.0),
    ])
    func reportsTheCourseClockwiseFromNorth(eastSpeed: Double, northSpeed: Double, course: Double) {
        let fixes = Fixtures.noisyLine(eastSpeed: eastSpeed, northSpeed: northSpeed, count: 20, deviation: 0, accuracy: 1, seed: 7)
        let estimated = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes))
        let last = estimated.fixes.last!
        #expect(abs(last.courseDegrees - course) < 1e-6)
        #expect(last.courseDegrees >= 0 && last.courseDegrees < 360)
    }

    @Test func holdsStillUnderHugeMeasurementNoise() {
        let fixes = [Fixtures.fix(frame, east: 0, north: 0, accuracy: 5, time: 0)]
            + (1...20).map { Fixtures.fix(frame, east: 100, north: 100, accuracy: 1e6, time: Double($0)) }
        let estimated = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes))
        let last = estimated.fixes.last!
        #expect(frame.point(for: last.coordinate).distance(to: LocalPoint(east: 0, north: 0)) < 0.01)
        #expect(last.speedMetersPerSecond < 0.001)
    }

    @Test func settingsDefaultToANoiseOfOneMetrePerSecondSquared() {
        let fixes = Fixtures.noisyLine(eastSpeed: 3, northSpeed: 1, count: 15, deviation: 2, accuracy: 3, seed: 7)
        let fromSettings = ConstantVelocityKalmanFilter(settings: FilterSettings())
        let explicit = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1)
        #expect(fromSettings.estimatedPath(for: Path(fixes)).fixes == explicit.estimatedPath(for: Path(fixes)).fixes)
    }
}
