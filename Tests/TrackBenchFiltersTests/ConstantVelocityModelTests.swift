import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct ConstantVelocityModelTests {
    private let model = ConstantVelocityModel(accelerationNoiseMetersPerSecondSquared: 1)
    private let covariance = ConstantVelocityModel.Covariance(positionVariance: 4, covariance: 1, velocityVariance: 9)

    private func state(position: Double = 10, velocity: Double = 3, _ covariance: ConstantVelocityModel.Covariance) -> ConstantVelocityModel.State {
        ConstantVelocityModel.State(
            east: .init(position: position, velocity: velocity),
            north: .init(position: -position, velocity: -velocity),
            covariance: covariance
        )
    }

    @Test func predictionMovesByVelocityAndAddsWhiteNoiseAccelerationCovariance() {
        // dt = 2: P00 = 4 + 2*2*1 + 4*9 + 16/4 = 48, P01 = 1 + 2*9 + 8/2 = 23, P11 = 9 + 4 = 13.
        let predicted = model.predicted(state(covariance), elapsedSeconds: 2)
        #expect(predicted.east == .init(position: 16, velocity: 3))
        #expect(predicted.north == .init(position: -16, velocity: -3))
        #expect(predicted.covariance == .init(positionVariance: 48, covariance: 23, velocityVariance: 13))
    }

    @Test func updateBlendsEachAxisByTheKalmanGainOfTheSharedCovariance() {
        let prior = state(position: 16, .init(positionVariance: 48, covariance: 23, velocityVariance: 13))
        // R = 16: S = 64, K = [0.75, 23/64]; a measurement 8 m ahead on the east axis, 8 m behind on the north.
        let posterior = model.updated(prior, with: LocalPoint(east: 24, north: -24), measurementVariance: 16)
        let velocityGain = 23.0 / 64
        #expect(posterior.east == .init(position: 22, velocity: 3 + velocityGain * 8))
        #expect(posterior.north == .init(position: -22, velocity: -3 - velocityGain * 8))
        #expect(posterior.covariance == .init(positionVariance: 12, covariance: 5.75, velocityVariance: 13 - velocityGain * 23))
    }

    @Test func measurementVarianceIsHalfTheSquaredAccuracyFlooredAtOneMetre() {
        #expect(ConstantVelocityModel.measurementVariance(accuracyMeters: 6) == 18)
        #expect(ConstantVelocityModel.measurementVariance(accuracyMeters: 0.2) == 0.5)
    }

    @Test func smoothingChangesNothingWhenTheFutureHoldsNoNews() {
        let filtered = state(covariance)
        let predicted = model.predicted(filtered, elapsedSeconds: 1)
        let smoothed = model.smoothed(filtered: filtered, nextPredicted: predicted, nextSmoothed: predicted, elapsedSeconds: 1)
        #expect(abs(smoothed.east.position - 10) < 1e-12)
        #expect(abs(smoothed.north.velocity + 3) < 1e-12)
        #expect(abs(smoothed.covariance.positionVariance - covariance.positionVariance) < 1e-12)
    }

    @Test func smoothingPullsTowardsWhereTheNextSmoothedStateSays() {
        let filtered = state(covariance)
        let predicted = model.predicted(filtered, elapsedSeconds: 1)
        var later = predicted
        later.east.position += 2
        later.north.position -= 2
        let smoothed = model.smoothed(filtered: filtered, nextPredicted: predicted, nextSmoothed: later, elapsedSeconds: 1)
        #expect(smoothed.east.position > 10 && smoothed.north.position < -10)
        #expect(abs((smoothed.east.position - 10) + (smoothed.north.position + 10)) < 1e-12)
    }

    @Test func estimatesReportSpeedAndCourseFromTheVelocity() {
        let frame = Fixtures.frame
        let fix = Fixtures.fix(frame, east: 0, north: 0, time: 0)
        var moving = ConstantVelocityModel.State(
            east: .init(position: 0, velocity: 3),
            north: .init(position: 0, velocity: -3),
            covariance: .init(positionVariance: 2, covariance: 0, velocityVariance: 1)
        )
        var estimate = ConstantVelocityModel.estimate(of: fix, from: moving, in: frame)
        let expectedSpeed = 18.0.squareRoot()
        #expect(abs(estimate.speedMetersPerSecond - expectedSpeed) < 1e-12)
        #expect(abs(estimate.courseDegrees - 135) < 1e-9)
        #expect(estimate.horizontalAccuracyMeters == 2)
        moving.east.velocity = 0
        moving.north.velocity = 0
        estimate = ConstantVelocityModel.estimate(of: fix, from: moving, in: frame)
        #expect(estimate.speedMetersPerSecond == 0 && estimate.courseDegrees == -1)
    }
}
