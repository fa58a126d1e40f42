import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
import TrackBenchTestSupport

/// The keys that shape the error apart from the reported accuracy: ratio, tracking, freezing and along-track bias.
struct NoiseModelErrorShapeTests {
    /// A long loop with a 10-minute stop halfway, under a profile changed by `edit`.
    private func simulate(_ edit: (inout SignalProfile) -> Void) -> (scenario: Scenario, simulated: SimulatedScenario, errors: [LocalPoint]) {
        var signal = Fixtures.strongSignal
        signal.warmUpFixes = 0
        // Start from an honest profile, each shaping key at its neutral value, so each test changes one thing.
        signal.errorToAccuracyRatio = 1
        signal.accuracyTracking = 1
        signal.stoppedErrorMotionFactor = 1
        signal.alongTrackBiasMeters = 0
        edit(&signal)
        let scenario = Scenario(
            pathType: .loop, distanceMeters: 8000, speedMetersPerSecond: 2, stopSeconds: 600, signal: signal, origin: Fixtures.frame.origin)
        let simulated = scenario.simulate(seed: 7)
        let frame = LocalFrame(origin: scenario.origin)
        let errors = zip(simulated.truePath.fixes, simulated.noisyPath.fixes).map { trueFix, noisyFix in
            let truth = frame.point(for: trueFix.coordinate)
            let noisy = frame.point(for: noisyFix.coordinate)
            return LocalPoint(east: noisy.east - truth.east, north: noisy.north - truth.north)
        }
        return (scenario, simulated, errors)
    }

    private func rms(_ errors: [LocalPoint]) -> Double {
        (errors.reduce(0) { $0 + $1.east * $1.east + $1.north * $1.north } / Double(errors.count)).squareRoot()
    }

    @Test func errorIsTheRatioTimesTheAccuracy() {
        let honest = simulate { _ in }
        let conservative = simulate { $0.errorToAccuracyRatio = 0.3 }
        // The same draws scaled: the ratio of the two RMS errors is the ratio, up to the jitter's fixed share.
        let ratio = rms(conservative.errors) / rms(honest.errors)
        #expect(abs(ratio - 0.3) < 0.03, "RMS ratio \(ratio)")
        // The reported accuracy is untouched.
        #expect(
            conservative.simulated.noisyPath.fixes.map(\.horizontalAccuracyMeters) == honest.simulated.noisyPath.fixes.map(\.horizontalAccuracyMeters)
        )
    }

    @Test func untrackedErrorKeepsItsSizeWhateverTheAccuracyReports() {
        let run = simulate {
            $0.horizontalAccuracyDeviationMeters = 3
            $0.accuracyTracking = 0
            $0.jitterMeters = 0
        }
        // With tracking 0 the drift's scale is the mean accuracy for every fix, so each axis's error is exactly
        // scale x a unit drift value: the same for any accuracy. Compare with tracking 1, where it follows the accuracy.
        let tracked = simulate {
            $0.horizontalAccuracyDeviationMeters = 3
            $0.accuracyTracking = 1
            $0.jitterMeters = 0
        }
        let accuracies = run.simulated.noisyPath.fixes.map(\.horizontalAccuracyMeters)
        func correlation(_ errors: [LocalPoint]) -> Double {
            let sizes = errors.map { ($0.east * $0.east + $0.north * $0.north).squareRoot() }
            let (meanSize, meanAccuracy) = (sizes.reduce(0, +) / Double(sizes.count), accuracies.reduce(0, +) / Double(accuracies.count))
            var (covariance, sizeVariance, accuracyVariance) = (0.0, 0.0, 0.0)
            for (size, accuracy) in zip(sizes, accuracies) {
                covariance += (size - meanSize) * (accuracy - meanAccuracy)
                sizeVariance += (size - meanSize) * (size - meanSize)
                accuracyVariance += (accuracy - meanAccuracy) * (accuracy - meanAccuracy)
            }
            return covariance / (sizeVariance * accuracyVariance).squareRoot()
        }
        #expect(correlation(tracked.errors) > 0.3, "tracked: \(correlation(tracked.errors))")
        #expect(abs(correlation(run.errors)) < correlation(tracked.errors) / 2, "untracked: \(correlation(run.errors))")
    }

    @Test func aFrozenPhoneReportsTheSamePositionThroughoutAStop() {
        let run = simulate {
            $0.stoppedErrorMotionFactor = 0
            $0.accuracyTracking = 0
        }
        let stop = run.scenario.stopInterval!
        var steps: [Double] = []
        for index in run.simulated.truePath.fixes.indices.dropFirst() {
            let (before, after) = (run.simulated.truePath.fixes[index - 1], run.simulated.truePath.fixes[index])
            if before.speedMetersPerSecond == 0, after.speedMetersPerSecond == 0, stop.contains(after.timestampSeconds) {
                steps.append(run.errors[index].distance(to: run.errors[index - 1]))
            }
        }
        #expect(steps.count > 500)
        // Only the jitter of the fix that started the stop differs from the frozen error; afterwards nothing moves.
        #expect(steps.dropFirst().allSatisfy { $0 < 1e-6 }, "largest stopped step \(steps.dropFirst().max() ?? 0) m")
        let moving = simulate { $0.accuracyTracking = 0 }
        let movingSteps = zip(moving.errors.dropFirst(), moving.errors).map { $0.distance(to: $1) }.sorted()
        #expect(movingSteps[movingSteps.count / 2] > 0.05)
    }

    @Test func alongTrackBiasPutsFixesBehindTheRunnerAndAStopKeepsItAlongTheLastCourse() {
        let unbiased = simulate { _ in }
        let lagging = simulate { $0.alongTrackBiasMeters = -2 }
        var shift: [Double] = []
        for (index, trueFix) in lagging.simulated.truePath.fixes.enumerated() where trueFix.courseDegrees >= 0 {
            let course = trueFix.courseDegrees * .pi / 180
            let difference = LocalPoint(
                east: lagging.errors[index].east - unbiased.errors[index].east,
                north: lagging.errors[index].north - unbiased.errors[index].north
            )
            shift.append(difference.east * sin(course) + difference.north * cos(course))
        }
        #expect(shift.count > 3000)
        #expect(shift.allSatisfy { abs($0 + 2) < 1e-6 }, "along-track shifts from \(shift.min()!) to \(shift.max()!) m")
        // Standing still, the frozen fix keeps the shift along the course it stopped on: no jump into or out of a stop.
        let fixes = lagging.simulated.truePath.fixes
        let stopped = fixes.indices.filter { $0 > 0 && fixes[$0].courseDegrees < 0 }
        #expect(stopped.count > 10)
        for index in stopped {
            guard let last = fixes[..<index].last(where: { $0.courseDegrees >= 0 }) else { continue }
            let course = last.courseDegrees * .pi / 180
            let expected = LocalPoint(east: unbiased.errors[index].east - 2 * sin(course), north: unbiased.errors[index].north - 2 * cos(course))
            #expect(lagging.errors[index].distance(to: expected) < 1e-6, "fix \(index) stopped after course \(last.courseDegrees)")
        }
    }
}
