import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
import TrackBenchTestSupport

/// A profile's spread across runs: each run (scenario and seed) draws its own drift time constant and error size.
struct RunSpreadTests {
    private var profile: SignalProfile { Fixtures.strongSignal }

    @Test func withoutASpreadEveryRunHasTheProfileItself() {
        for seed in UInt64(0)..<20 {
            #expect(NoiseModel.run(of: profile, seed: seed, streamName: "loop") == profile)
        }
    }

    @Test func aSpreadVariesTheRunsAroundTheProfileAndTheSameSeedRepeatsItsRun() {
        var spread = profile
        spread.driftTimeConstantSpreadPercent = 50
        spread.errorSizeSpreadPercent = 20
        let runs = (UInt64(0)..<400).map { NoiseModel.run(of: spread, seed: $0, streamName: "loop") }
        let drift = runs.map { $0.driftTimeConstantSeconds / profile.driftTimeConstantSeconds }.sorted()
        let size = runs.map { $0.errorToAccuracyRatio / profile.errorToAccuracyRatio }.sorted()
        // Medians near 1 (the factor is e^(s·z)); about 68 % of drift factors within 1/1.5...1.5.
        #expect(abs(drift[200] - 1) < 0.1 && abs(size[200] - 1) < 0.05, "medians \(drift[200]), \(size[200])")
        let withinOneSpread = drift.filter { $0 >= 1 / 1.5 && $0 <= 1.5 }.count
        #expect(withinOneSpread > 240 && withinOneSpread < 310, "\(withinOneSpread) of 400 within 1/1.5...1.5")
        #expect(NoiseModel.run(of: spread, seed: 7, streamName: "loop") == runs[7])
        #expect(NoiseModel.run(of: spread, seed: 7, streamName: "other") != runs[7])
    }

    @Test func theStepSpreadScalesJitterTailAndOffsetsByOneFactorAndLeavesTheOtherDrawsAlone() {
        var tails = profile
        tails.stepTailProbability = 0.05
        tails.stepTailMeters = 0.5
        tails.multipathOffsetMeters = 0.4
        tails.multipathDwellSeconds = 5
        tails.driftTimeConstantSpreadPercent = 50
        var steps = tails
        steps.stepSizeSpreadPercent = 30
        for seed in UInt64(0)..<20 {
            let without = NoiseModel.run(of: tails, seed: seed, streamName: "loop")
            let with = NoiseModel.run(of: steps, seed: seed, streamName: "loop")
            let factor = with.jitterMeters / without.jitterMeters
            #expect(factor != 1 && abs(with.stepTailMeters / without.stepTailMeters - factor) < 1e-12)
            #expect(abs(with.multipathOffsetMeters / without.multipathOffsetMeters - factor) < 1e-12)
            #expect(with.driftTimeConstantSeconds == without.driftTimeConstantSeconds && with.errorToAccuracyRatio == without.errorToAccuracyRatio)
        }
    }

    /// The offset moves every fix by the same vector and draws from a stream of its own, so everything else is as
    /// without it.
    @Test func aFixedOffsetMovesEveryFixByOneVectorOfItsLength() {
        var offset = profile
        offset.fixedOffsetMeters = 3
        let scenario = { (signal: SignalProfile) in
            Scenario(pathType: .loop, distanceMeters: 1000, speedMetersPerSecond: 2.8, signal: signal, origin: Fixtures.frame.origin)
                .simulate(seed: 11).noisyPath.fixes
        }
        let moved = zip(scenario(profile), scenario(offset)).map { before, after in
            let (from, to) = (Fixtures.frame.point(for: before.coordinate), Fixtures.frame.point(for: after.coordinate))
            return LocalPoint(east: to.east - from.east, north: to.north - from.north)
        }
        let first = moved[0]
        #expect(abs((first.east * first.east + first.north * first.north).squareRoot() - 3) < 1e-6)
        #expect(moved.allSatisfy { abs($0.east - first.east) < 1e-6 && abs($0.north - first.north) < 1e-6 })
    }

    /// A held direction (a recording's own offset, in `calibrate`) replaces the drawn one in every run; its length is
    /// the profile's, whatever the direction's length.
    @Test func aHeldOffsetDirectionPointsEveryRunsOffsetThatWay() {
        var offset = profile
        offset.fixedOffsetMeters = 3
        for seed in UInt64(0)..<5 {
            let drawn = NoiseModel.fixedOffset(of: offset, seed: seed, streamName: "loop")
            let held = NoiseModel.fixedOffset(of: offset, seed: seed, streamName: "loop", direction: LocalPoint(east: -0.3, north: 0.4))
            #expect(drawn != nil && drawn != held)
            #expect(abs((held?.east ?? 0) + 1.8) < 1e-9 && abs((held?.north ?? 0) - 2.4) < 1e-9, "\(String(describing: held))")
        }
        let zero = NoiseModel.fixedOffset(of: offset, seed: 1, streamName: "loop", direction: LocalPoint(east: 0, north: 0))
        #expect(zero == NoiseModel.fixedOffset(of: offset, seed: 1, streamName: "loop"), "a direction of length 0 leaves the draw")
    }
}
