import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
@testable import TrackBenchMetrics
@testable import TrackBenchCalibration
import TrackBenchTestSupport

/// The step tail and the multipath regime: their own stream, their shape, and nothing when they are off.
struct ErrorTailChannelTests {
    /// The default `strong` profile with the tails given.
    static func profile(tailProbability: Double = 0, tailMeters: Double = 0, offsetMeters: Double = 0, dwellSeconds: Double = 0) -> SignalProfile {
        var profile = Fixtures.defaultSuite.signals.first { $0.name == "strong" }!
        profile.stepTailProbability = tailProbability
        profile.stepTailMeters = tailMeters
        profile.multipathOffsetMeters = offsetMeters
        profile.multipathDwellSeconds = dwellSeconds
        return profile
    }

    /// Each fix's extra error over `count` fixes, all moving.
    static func draws(_ profile: SignalProfile, count: Int = 20_000, seed: UInt64 = 7) -> [LocalPoint] {
        var channel = ErrorTailChannel(profile: profile, seed: seed, streamName: "test")!
        return (0..<count).map { _ in channel.next(stopped: false) }
    }

    @Test func aProfileWithoutTailsHasNoChannelAndEveryDefaultProfileHasOne() {
        #expect(ErrorTailChannel(profile: Self.profile(), seed: 1, streamName: "test") == nil)
        #expect(Fixtures.defaultSuite.signals.allSatisfy { ErrorTailChannel(profile: $0, seed: 1, streamName: "test") != nil })
    }

    @Test func tailsNeverChangeTheAccuracySpeedOrCourseDrawn() {
        func simulate(_ profile: SignalProfile) -> [LocationFix] {
            Scenario(pathType: .loop, distanceMeters: 2000, speedMetersPerSecond: 2.8, signal: profile, origin: Fixtures.frame.origin)
                .simulate(seed: 5).noisyPath.fixes
        }
        let plain = simulate(Self.profile())
        let tailed = simulate(Self.profile(tailProbability: 0.05, tailMeters: 1, offsetMeters: 1, dwellSeconds: 5))
        #expect(plain.count == tailed.count)
        #expect(zip(plain, tailed).allSatisfy {
            $0.horizontalAccuracyMeters == $1.horizontalAccuracyMeters && $0.speedMetersPerSecond == $1.speedMetersPerSecond
                && $0.courseDegrees == $1.courseDegrees && $0.verticalAccuracyMeters == $1.verticalAccuracyMeters
        })
        #expect(zip(plain, tailed).contains { $0.latitude != $1.latitude })
    }

    @Test func multipathOffsetsPersistThenSwitchAtTheDwellsRate() {
        let offsets = Self.draws(Self.profile(offsetMeters: 2, dwellSeconds: 10))
        let switches = zip(offsets, offsets.dropFirst()).filter { $0 != $1 }.count
        // A switch each fix with probability 1 - e^(-1/10) = 0.0952.
        let share = Double(switches) / Double(offsets.count - 1)
        #expect(abs(share - 0.0952) < 0.01, "share \(share)")
        let deviation = ((Statistics.mean(offsets.map { $0.east * $0.east + $0.north * $0.north }) ?? 0) / 2).squareRoot()
        #expect(abs(deviation - 2) < 0.2, "deviation \(deviation) m")
    }

    @Test func stepTailOutliersLastOneFixAtTheirProbabilityAndSize() {
        let extras = Self.draws(Self.profile(tailProbability: 0.05, tailMeters: 3))
        let outliers = extras.filter { $0.east != 0 || $0.north != 0 }
        let share = Double(outliers.count) / Double(extras.count)
        #expect(abs(share - 0.05) < 0.006, "share \(share)")
        let deviation = ((Statistics.mean(outliers.map { $0.east * $0.east + $0.north * $0.north }) ?? 0) / 2).squareRoot()
        #expect(abs(deviation - 3) < 0.2, "deviation \(deviation) m")
    }

    @Test func tailsTakeTheirVarianceFromTheDriftSoTheErrorKeepsItsSize() {
        func errorDeviation(_ profile: SignalProfile) -> Double {
            let scenario = Scenario(
                pathType: .loop, distanceMeters: 20_000, speedMetersPerSecond: 2.8, signal: profile, origin: Fixtures.frame.origin)
            var deviations: [Double] = []
            for seed in UInt64(1)...8 {
                let simulated = scenario.simulate(seed: seed)
                let track = TimedTrack(
                    times: simulated.truePath.fixes.map(\.timestampSeconds),
                    points: simulated.truePath.fixes.map { Fixtures.frame.point(for: $0.coordinate) })
                deviations.append(
                    ErrorStatistics(samples: SignalCalibration.samples(of: simulated.noisyPath, on: track, in: Fixtures.frame))!.errorDeviationMeters)
            }
            return Statistics.mean(deviations)!
        }
        let plain = errorDeviation(Self.profile())
        let tailed = errorDeviation(Self.profile(tailProbability: 0.05, tailMeters: 1, offsetMeters: 0.8, dwellSeconds: 5))
        #expect(abs(tailed / plain - 1) < 0.15, "plain \(plain) m, tailed \(tailed) m")
    }
}
