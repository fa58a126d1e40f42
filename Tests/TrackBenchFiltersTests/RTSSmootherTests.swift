import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct RTSSmootherTests {
    private let frame = Fixtures.frame

    /// The root mean square distance of the estimates from the true line east at `speed`.
    private func rmsError(_ estimates: [LocationFix], speed: Double = 3) -> Double {
        let sum = estimates.reduce(0.0) { sum, estimate in
            let error = frame.point(for: estimate.coordinate)
                .distance(to: LocalPoint(east: speed * estimate.timestampSeconds, north: 0))
            return sum + error * error
        }
        return (sum / Double(estimates.count)).squareRoot()
    }

    @Test func emitsOneEstimatePerValidFixOnlyInFinish() {
        var fixes = Fixtures.noisyLine(eastSpeed: 3, count: 30, deviation: 3, seed: 11)
        fixes.insert(Fixtures.fix(frame, east: 0, north: 0, accuracy: -1, time: 4.5), at: 5)
        fixes.insert(Fixtures.fix(frame, east: 0, north: 0, accuracy: -1, time: 10.5), at: 12)
        var smoother = RTSSmoother(accelerationNoiseMetersPerSecondSquared: 1)
        var estimates: [LocationFix] = []
        for fix in fixes {
            smoother.receive(fix, into: &estimates)
        }
        #expect(estimates.isEmpty)
        smoother.finish(into: &estimates)
        #expect(estimates.count == 30)
        #expect(estimates.map(\.timestampSeconds) == (0..<30).map(Double.init))
        var again: [LocationFix] = []
        smoother.finish(into: &again)
        #expect(again.isEmpty)
    }

    @Test func lastEstimateEqualsTheForwardFilters() {
        let fixes = Fixtures.noisyLine(eastSpeed: 3, count: 50, deviation: 4, seed: 11)
        let smoothed = RTSSmoother(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes))
        let forward = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes))
        #expect(smoothed.count == forward.count)
        #expect(smoothed.fixes.last == forward.fixes.last)
        #expect(smoothed.fixes.first != forward.fixes.first)
    }

    @Test func smoothsANoisyStraightLineBetterThanTheForwardFilter() {
        let fixes = Fixtures.noisyLine(eastSpeed: 3, count: 200, deviation: 5, seed: 11)
        let smoothed = RTSSmoother(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes))
        let forward = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes))
        let smoothedError = rmsError(smoothed.fixes)
        let forwardError = rmsError(forward.fixes)
        #expect(smoothedError < 0.8 * forwardError)
        #expect(forwardError < rmsError(fixes))
        // The smoothed covariance is never larger than the filtered one.
        for (smoothedFix, forwardFix) in zip(smoothed.fixes, forward.fixes) {
            #expect(smoothedFix.horizontalAccuracyMeters <= forwardFix.horizontalAccuracyMeters + 1e-9)
        }
    }

    @Test func withoutProcessNoiseTheSmoothedTrackIsOneStraightLine() {
        // Noise 0 means constant velocity exactly, so every smoothed state lies on one line in time.
        let fixes = Fixtures.noisyLine(eastSpeed: 3, count: 40, deviation: 5, seed: 11)
        let smoothed = RTSSmoother(accelerationNoiseMetersPerSecondSquared: 0).estimatedPath(for: Path(fixes)).fixes
        let first = frame.point(for: smoothed[0].coordinate)
        let last = frame.point(for: smoothed[39].coordinate)
        let velocityEast = (last.east - first.east) / 39
        let velocityNorth = (last.north - first.north) / 39
        for (index, estimate) in smoothed.enumerated() {
            let point = frame.point(for: estimate.coordinate)
            let onLine = LocalPoint(east: first.east + velocityEast * Double(index), north: first.north + velocityNorth * Double(index))
            #expect(point.distance(to: onLine) < 1e-3)
            #expect(abs(estimate.speedMetersPerSecond - smoothed[0].speedMetersPerSecond) < 1e-6)
        }
    }

    @Test func aDuplicateTimestampIsSmoothedWithoutPrediction() {
        var fixes = Fixtures.noisyLine(eastSpeed: 3, count: 20, deviation: 3, seed: 11)
        fixes.insert(Fixtures.fix(frame, east: 30, north: 1, accuracy: 4, time: 10), at: 11)
        let smoothed = RTSSmoother(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes)).fixes
        #expect(smoothed.count == 21)
        // Two looks at the same moment are smoothed to the same state.
        #expect(abs(smoothed[10].latitude - smoothed[11].latitude) < 1e-12)
        #expect(abs(smoothed[10].longitude - smoothed[11].longitude) < 1e-12)
        #expect(abs(smoothed[10].speedMetersPerSecond - smoothed[11].speedMetersPerSecond) < 1e-9)
    }

    @Test func settingsDefaultToANoiseOfOneMetrePerSecondSquared() {
        let fixes = Fixtures.noisyLine(eastSpeed: 3, count: 15, deviation: 2, seed: 11)
        let fromSettings = RTSSmoother(settings: FilterSettings())
        let explicit = RTSSmoother(accelerationNoiseMetersPerSecondSquared: 1)
        #expect(fromSettings.estimatedPath(for: Path(fixes)).fixes == explicit.estimatedPath(for: Path(fixes)).fixes)
    }
}

/// The smoother's two ways of keeping its forward pass give the same estimates as the textbook two passes.
struct RTSSmootherMemoryTests {
    /// The smoother written as the textbook has it: every forward step kept, then one backward pass.
    private func textbookEstimates(_ fixes: [LocationFix], noise: Double = 1) -> [LocationFix] {
        let model = ConstantVelocityModel(accelerationNoiseMetersPerSecondSquared: noise)
        var forward = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: noise)
        var kept: [(fix: LocationFix, step: ConstantVelocityKalmanFilter.Step)] = []
        for fix in fixes {
            if let step = forward.step(fix) { kept.append((fix, step)) }
        }
        guard let frame = forward.frame, !kept.isEmpty else { return [] }
        var smoothed = kept.map(\.step.filtered)
        for index in stride(from: kept.count - 2, through: 0, by: -1) {
            let next = kept[index + 1].step
            let filtered = kept[index].step.filtered
            let predicted = next.elapsedSeconds > 0 ? model.predicted(filtered, elapsedSeconds: next.elapsedSeconds) : filtered
            smoothed[index] = model.smoothed(
                filtered: filtered, nextPredicted: predicted, nextSmoothed: smoothed[index + 1], elapsedSeconds: next.elapsedSeconds)
        }
        return zip(kept, smoothed).map { ConstantVelocityModel.estimate(of: $0.fix, from: $1, in: frame) }
    }

    /// A long line with invalid and stale fixes among the valid ones.
    private func longRun(count: Int) -> [LocationFix] {
        var fixes = Fixtures.noisyLine(eastSpeed: 3, count: count, deviation: 4, seed: 21)
        for index in stride(from: 7, to: fixes.count, by: 997) { fixes[index].horizontalAccuracyMeters = -1 }
        for index in stride(from: 11, to: fixes.count, by: 1_499) { fixes[index].timestampSeconds -= 5 }
        return fixes
    }

    @Test(arguments: [1, 2, 4_095, 4_096, 4_097, 9_000])
    func storingEveryStepGivesTheTextbookEstimates(count: Int) {
        let fixes = longRun(count: count)
        #expect(RTSSmoother(accelerationNoiseMetersPerSecondSquared: 1).estimatedPath(for: Path(fixes)).fixes == textbookEstimates(fixes))
    }

    @Test func aRunLongerThanTheStoredHistoryIsSmoothedFromCheckpointsToTheSameBitsInBatches() {
        let fixes = longRun(count: RTSSmoother.largestStoredHistory + 3 * RTSSmoother.checkpointInterval + 123)
        var smoother = RTSSmoother(accelerationNoiseMetersPerSecondSquared: 1)
        var estimates: [LocationFix] = []
        // Fed in uneven batches and one at a time, as the harness and a pipeline feed it.
        var start = 0
        for size in [1, 70_000, 5, 130_000] + Array(repeating: 100_000, count: 3) where start < fixes.count {
            let end = min(fixes.count, start + size)
            smoother.receive(contentsOf: fixes[start..<end], into: &estimates)
            start = end
        }
        for fix in fixes[start...] { smoother.receive(fix, into: &estimates) }
        #expect(estimates.isEmpty)
        var batches: [Int] = []
        var smoothed: [LocationFix] = []
        smoother.finish(into: &estimates) { batch in
            batches.append(batch.count)
            smoothed += batch
            batch.removeAll()
        }
        smoothed += estimates
        #expect(batches.count > 60 && batches.allSatisfy { $0 <= RTSSmoother.checkpointInterval })
        #expect(smoothed == textbookEstimates(fixes))
    }
}
