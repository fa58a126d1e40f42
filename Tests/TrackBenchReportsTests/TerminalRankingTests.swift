import Testing
@testable import TrackBenchMetrics
@testable import TrackBenchReports
import TrackBenchTestSupport

struct TerminalRankingTests {
    @Test func marksOfflineFiltersAndClosesWithTheLegendAndTheBestOverallAndOnline() {
        var scores: [ScenarioScore] = []
        for seed: UInt64 in 1...2 {
            scores.append(Fixtures.score("rts-smoother", scenario: "a", seed: seed, error: 0.5))
            scores.append(Fixtures.score("cv-kalman", scenario: "a", seed: seed, error: 0.6))
        }
        let lines = TerminalRanking.render(FilterRanking(scores: scores)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("1     rts-smoother †  "))
        #expect(lines[2].hasPrefix("2     cv-kalman       "))
        #expect(lines.suffix(3) == [
            "",
            "† offline: needs the whole track, so it cannot run live in an app.",
            "Best overall: rts-smoother (offline). Best online: cv-kalman.",
        ])
    }
}
