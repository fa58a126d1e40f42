import Testing
@testable import TrackBenchMetrics
import TrackBenchTestSupport

struct FilterSummaryTests {
    private func score(_ scenario: String, _ filter: String, estimated: Double) -> ScenarioScore {
        ScenarioScore(
            scenarioID: scenario, pathType: "loop", nominalDistanceMeters: 1000, speedMetersPerSecond: 2.8, signal: "weak",
            filter: filter, fixes: 10, estimatedFixes: 10,
            trueDistanceMeters: 1000, noisyDistanceMeters: 1050, estimatedDistanceMeters: estimated, metrics: Fixtures.unmeasured
        )
    }

    @Test func ranksByMeanAbsoluteErrorAndNamesTheWorstScenario() {
        let ranking = FilterSummary.ranking(of: [
            score("a", "wide", estimated: 1040), score("a", "tight", estimated: 990),
            score("b", "wide", estimated: 1000), score("b", "tight", estimated: 1020),
        ])
        #expect(ranking.map(\.filter) == ["tight", "wide"])
        let tight = ranking[0]
        #expect(abs(tight.meanAbsoluteErrorPercent - 1.5) < 1e-12)
        #expect(abs(tight.meanErrorPercent - 0.5) < 1e-12)
        #expect(abs(tight.worstAbsoluteErrorPercent - 2) < 1e-12)
        #expect(tight.worstScenarioID == "b")
        #expect(tight.improvedCount == 2 && tight.scenarioCount == 2)
    }

    @Test func breaksTiesByLabel() {
        let ranking = FilterSummary.ranking(of: [score("a", "zeta", estimated: 1010), score("a", "alpha", estimated: 990)])
        #expect(ranking.map(\.filter) == ["alpha", "zeta"])
    }
}
