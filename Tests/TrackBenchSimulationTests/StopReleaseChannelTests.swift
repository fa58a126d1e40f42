import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
import TrackBenchTestSupport

/// A frozen phone letting go at stops: the share of stopped fixes released and the releases' mean length.
struct StopReleaseChannelTests {
    /// Runs `channel` over `stops` stops of `fixesPerStop` fixes, each after a moving fix: the share of stopped fixes
    /// released and the mean length of a release, in fixes.
    private static func measure(_ channel: inout StopReleaseChannel, stops: Int, fixesPerStop: Int) -> (share: Double, meanRun: Double) {
        var released = 0
        var runs = 0
        for _ in 0..<stops {
            let heldWhileMoving = channel.holds(stopped: false)
            #expect(!heldWhileMoving, "a moving fix is never held")
            var inRun = false
            for _ in 0..<fixesPerStop {
                let isReleased = !channel.holds(stopped: true)
                if isReleased {
                    released += 1
                    if !inRun { runs += 1 }
                }
                inRun = isReleased
            }
        }
        return (Double(released) / Double(stops * fixesPerStop), Double(released) / Double(max(1, runs)))
    }

    private static func profile(percent: Double, seconds: Double) -> SignalProfile {
        var profile = Fixtures.strongSignal
        profile.fixIntervalMeanSeconds = 1
        profile.stoppedReleasePercent = percent
        profile.stoppedReleaseSeconds = seconds
        return profile
    }

    @Test func releasesTakeTheirShareOfTheStoppedFixesInReleasesOfTheirMeanLength() throws {
        var channel = try #require(StopReleaseChannel(profile: Self.profile(percent: 25, seconds: 4), seed: 1, streamName: "stop"))
        let measured = Self.measure(&channel, stops: 200, fixesPerStop: 100)
        #expect(abs(measured.share - 0.25) < 0.02, "share \(measured.share)")
        // Releases still going when a stop ends are cut short, so the mean is a little under 4.
        #expect(measured.meanRun > 3.4 && measured.meanRun < 4.3, "mean release \(measured.meanRun) fixes")
    }

    @Test func aLargeShareOfShortReleasesKeepsItsShare() throws {
        // q p / (1 - p) = 4 here: a frozen fix always lets go, and releases end with probability (1 - p) / p.
        var channel = try #require(StopReleaseChannel(profile: Self.profile(percent: 80, seconds: 1), seed: 2, streamName: "stop"))
        let measured = Self.measure(&channel, stops: 200, fixesPerStop: 100)
        #expect(abs(measured.share - 0.8) < 0.02, "share \(measured.share)")
    }

    @Test func aProfileWithoutReleasesHasNoChannelAndOneWithReleasesMovesItsStops() {
        // Without a channel the noise model takes none of its draws (the committed results, gated in CI, pin that
        // such profiles simulate as before releases existed).
        #expect(StopReleaseChannel(profile: Self.profile(percent: 0, seconds: 2), seed: 1, streamName: "stop") == nil)
        let scenario = { (signal: SignalProfile) in
            Scenario(pathType: .loop, distanceMeters: 1000, speedMetersPerSecond: 2, stopSeconds: 60, signal: signal, origin: Fixtures.frame.origin)
                .simulate(seed: 4).noisyPath.fixes
        }
        let without = scenario(Self.profile(percent: 0, seconds: 2))
        let with = scenario(Self.profile(percent: 30, seconds: 2))
        #expect(without.count == with.count && without != with)
        // Only the stop and what follows it change: the fixes before the stop are the same.
        let beforeStop = without.prefix { $0.timestampSeconds < 250 }.count
        #expect(beforeStop > 200 && Array(without.prefix(beforeStop)) == Array(with.prefix(beforeStop)))
    }

    @Test func aShareOfOneReleasesEveryStoppedFix() throws {
        var channel = try #require(StopReleaseChannel(profile: Self.profile(percent: 100, seconds: 2), seed: 3, streamName: "stop"))
        #expect(Self.measure(&channel, stops: 20, fixesPerStop: 50).share == 1)
    }

    @Test func aReleasedStopMovesTheFixAsOftenAsItLastsAndAFrozenOneHoldsIt() {
        // A 10-minute stop on a phone frozen at 1 %: without releases the fix hardly moves; with 30 % of the stop
        // released, about that share of the stopped steps are as long as moving ones, not twice as many (a frozen
        // fix keeps the last released jitter rather than dropping it, which would be one more step per release).
        var frozen = Fixtures.strongSignal
        frozen.faults = .none
        frozen.stoppedErrorMotionFactor = 0.01
        var releasing = frozen
        releasing.stoppedReleasePercent = 30
        releasing.stoppedReleaseSeconds = 2
        func stoppedSteps(_ signal: SignalProfile) -> (moved: Double, movingMedian: Double) {
            let simulated = Scenario(
                pathType: .outAndBack, distanceMeters: 2000, speedMetersPerSecond: 2, stopSeconds: 600, signal: signal, origin: Fixtures.frame.origin
            ).simulate(seed: 8)
            var moving: [Double] = []
            var stopped: [Double] = []
            let errors = zip(simulated.noisyPath.fixes, simulated.truePath.fixes).map { noisy, truth in
                let (fix, point) = (Fixtures.frame.point(for: noisy.coordinate), Fixtures.frame.point(for: truth.coordinate))
                return (LocalPoint(east: fix.east - point.east, north: fix.north - point.north), truth.speedMetersPerSecond == 0)
            }
            for (before, after) in zip(errors, errors.dropFirst()) {
                let step = after.0.distance(to: before.0)
                if after.1 && before.1 { stopped.append(step) } else if !after.1 { moving.append(step) }
            }
            let median = moving.sorted()[moving.count / 2]
            return (Double(stopped.filter { $0 >= median / 2 }.count) / Double(stopped.count), median)
        }
        let held = stoppedSteps(frozen)
        let released = stoppedSteps(releasing)
        #expect(held.moved < 0.01, "frozen: \(held.moved) of stopped steps moved")
        #expect(released.moved > 0.15 && released.moved < 0.4, "released: \(released.moved) of stopped steps moved")
    }
}
