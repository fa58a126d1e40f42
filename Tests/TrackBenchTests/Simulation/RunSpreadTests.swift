import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchSimulation

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
}
