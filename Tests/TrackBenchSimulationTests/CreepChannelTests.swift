import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
import TrackBenchTestSupport

/// The creeping error: unit variance per axis, steady steps between resets, resets at their rate, the decorrelation
/// `calibrate` assumes, and a freeze while stopped.
struct CreepChannelTests {
    private static func profile(share: Double, resetSeconds: Double, stoppedFactor: Double = 1) -> SignalProfile {
        var profile = Fixtures.strongSignal
        profile.fixIntervalMeanSeconds = 1
        profile.stoppedErrorMotionFactor = stoppedFactor
        profile.creepShare = share
        profile.creepResetSeconds = resetSeconds
        return profile
    }

    @Test func theCreepHoldsItsVelocityBetweenResetsAtItsRateWithUnitVariance() throws {
        // 1,000,000 fixes at 1 Hz with resets 20 s apart on average: about 49,000 creeps. Between resets every step
        // repeats the one before (the velocity holds); its per-axis variance is the velocity's, 1 / (2 T^2). A reset
        // breaks the repeat twice (the step into the new creep, then the first step of it), so the breaks count the
        // resets. The value's variance is 1: its age is exponential at every fix; heavy-tailed (a long creep runs far),
        // so it is estimated to a few percent only.
        var channel = try #require(CreepChannel(profile: Self.profile(share: 1, resetSeconds: 20), seed: 3, streamName: "creep"))
        var values: [LocalPoint] = []
        for _ in 0..<1_000_000 { values.append(channel.next(stopped: false)) }
        let variance = values.map { $0.east * $0.east + $0.north * $0.north }.reduce(0, +) / Double(2 * values.count)
        #expect(abs(variance - 1) < 0.12, "variance per axis \(variance)")
        var breaks = 0
        var steadySquares = 0.0
        var steadySteps = 0
        for index in 2..<values.count {
            let step = LocalPoint(east: values[index].east - values[index - 1].east, north: values[index].north - values[index - 1].north)
            let before = LocalPoint(
                east: values[index - 1].east - values[index - 2].east, north: values[index - 1].north - values[index - 2].north
            )
            if abs(step.east - before.east) < 1e-12, abs(step.north - before.north) < 1e-12 {
                steadySquares += step.east * step.east + step.north * step.north
                steadySteps += 1
            } else {
                breaks += 1
            }
        }
        let expectedResets = Double(values.count) * (1 - exp(-1.0 / 20))
        #expect(abs(Double(breaks) / 2 / expectedResets - 1) < 0.05, "\(breaks) breaks, about \(Int(2 * expectedResets)) expected")
        let velocityVariance = steadySquares / Double(2 * steadySteps)
        #expect(abs(velocityVariance * 2 * 20 * 20 - 1) < 0.04, "velocity variance per axis \(velocityVariance), 1 / 800 expected")
    }

    @Test func itDecorrelatesToOneOverEAfterAbout1Point58ResetTimes() throws {
        var channel = try #require(CreepChannel(profile: Self.profile(share: 1, resetSeconds: 10), seed: 8, streamName: "creep"))
        let values = (0..<300_000).map { _ in channel.next(stopped: false).east }
        let meanSquare = values.map { $0 * $0 }.reduce(0, +) / Double(values.count)
        func correlation(atLag lag: Int) -> Double {
            var sum = 0.0
            for index in lag..<values.count { sum += values[index] * values[index - lag] }
            return sum / Double(values.count - lag) / meanSquare
        }
        // e^(-u)(1 + u/2) = 1/e at u = 1.583: 15.8 s here.
        #expect(abs(correlation(atLag: 16) - exp(-1)) < 0.05, "correlation at 16 s: \(correlation(atLag: 16))")
        #expect(correlation(atLag: 5) > correlation(atLag: 16) && correlation(atLag: 16) > correlation(atLag: 40))
    }

    @Test func aFrozenPhonesCreepHoldsWhileStopped() throws {
        var channel = try #require(CreepChannel(profile: Self.profile(share: 1, resetSeconds: 30, stoppedFactor: 0), seed: 2, streamName: "creep"))
        _ = channel.next(stopped: false)
        let held = channel.next(stopped: true)
        for _ in 0..<500 {
            let value = channel.next(stopped: true)
            #expect(value.east == held.east && value.north == held.north)
        }
    }

    @Test func aProfileWithoutACreepHasNoChannelAndACreepMovesOnlyThePositions() {
        // Without a channel the noise model takes none of its draws (the committed results, gated in CI, pin that
        // such profiles simulate as before creeps existed); with one, the error keeps its size and only positions move.
        #expect(CreepChannel(profile: Self.profile(share: 0, resetSeconds: 30), seed: 1, streamName: "creep") == nil)
        #expect(CreepChannel(profile: Self.profile(share: 0.5, resetSeconds: 0), seed: 1, streamName: "creep") == nil)
        let simulate = { (signal: SignalProfile) in
            Scenario(pathType: .loop, distanceMeters: 50_000, speedMetersPerSecond: 2, signal: signal, origin: Fixtures.frame.origin)
                .simulate(seed: 4)
        }
        let drifting = simulate(Self.profile(share: 0, resetSeconds: 0))
        let creeping = simulate(Self.profile(share: 1, resetSeconds: 30))
        #expect(drifting.noisyPath.fixes.count == creeping.noisyPath.fixes.count)
        #expect(zip(drifting.noisyPath.fixes, creeping.noisyPath.fixes).allSatisfy {
            $0.horizontalAccuracyMeters == $1.horizontalAccuracyMeters && $0.speedMetersPerSecond == $1.speedMetersPerSecond
                && $0.courseDegrees == $1.courseDegrees && $0.timestampSeconds == $1.timestampSeconds
        })
        // The creep takes the drift's variance: the error's RMS stays what the profile says (2 m radius here).
        func errorRMS(_ run: SimulatedScenario) -> Double {
            let squares = zip(run.truePath.fixes, run.noisyPath.fixes).map {
                let error = Fixtures.frame.point(for: $0.coordinate).distance(to: Fixtures.frame.point(for: $1.coordinate))
                return error * error
            }
            return (squares.reduce(0, +) / Double(squares.count)).squareRoot()
        }
        let (driftRMS, creepRMS) = (errorRMS(drifting), errorRMS(creeping))
        #expect(abs(creepRMS / driftRMS - 1) < 0.2, "error RMS \(creepRMS) m creeping, \(driftRMS) m drifting")
        #expect(zip(drifting.noisyPath.fixes, creeping.noisyPath.fixes).contains { $0.coordinate != $1.coordinate })
    }
}
