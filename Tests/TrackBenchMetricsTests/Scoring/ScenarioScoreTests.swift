import Testing
@testable import TrackBenchMetrics
import TrackBenchTestSupport

struct ScenarioScoreTests {
    private func score(true trueDistance: Double, noisy: Double, estimated: Double) -> ScenarioScore {
        ScenarioScore(
            scenarioID: "s", pathType: "loop", nominalDistanceMeters: 1000, speedMetersPerSecond: 2.8, signal: "weak",
            filter: "f", fixes: 10, estimatedFixes: 10,
            trueDistanceMeters: trueDistance, noisyDistanceMeters: noisy, estimatedDistanceMeters: estimated, metrics: Fixtures.unmeasured
        )
    }

    @Test func errorsAreSignedPercentagesOfTheTrueDistance() {
        let row = score(true: 1000, noisy: 1030, estimated: 990)
        #expect(abs(row.errorPercent - -1) < 1e-12)
        #expect(abs(row.noisyErrorPercent - 3) < 1e-12)
    }

    @Test func improvedMeansCloserToTheTruthThanTheNoisyPath() {
        #expect(score(true: 1000, noisy: 1030, estimated: 980).improved)
        #expect(!score(true: 1000, noisy: 1030, estimated: 970).improved)
        #expect(!score(true: 1000, noisy: 1030, estimated: 1030).improved)
    }
}
