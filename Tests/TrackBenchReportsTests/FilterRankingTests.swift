import Testing
@testable import TrackBenchSupport
@testable import TrackBenchMetrics
@testable import TrackBenchReports
import TrackBenchTestSupport

struct FilterRankingTests {
    /// Scores of `errors` (filter and its error per seed) over two scenarios and `seeds` seeds.
    private static func scores(seeds: UInt64, _ errors: [(filter: String, error: (UInt64) -> Double)]) -> [ScenarioScore] {
        var scores: [ScenarioScore] = []
        for seed in 1...seeds {
            for scenario in ["a", "b"] {
                for (filter, error) in errors {
                    scores.append(Fixtures.score(filter, scenario: scenario, seed: seed, error: error(seed)))
                }
            }
        }
        return scores
    }

    @Test func aSeedTiedBetweenFiltersCountsAShareForEachAndTheColumnSumsToTheSeeds() {
        // kalman and cv-kalman give the same errors and share seeds 1-3; raw wins seed 4 alone.
        let scores = Self.scores(seeds: 4, [
            ("kalman", { $0 == 4 ? 2 : 0.5 }),
            ("cv-kalman", { $0 == 4 ? 2 : 0.5 }),
            ("raw", { _ in 1.5 }),
        ])
        let ranking = FilterRanking(scores: scores)
        #expect(ranking.entries.map(\.seedsWon) == [1.5, 1.5, 1])
        #expect(ranking.entries.map(ranking.seedsWonText) == ["1.5/4", "1.5/4", "1/4"])
    }

    @Test func sharesOfSeedsShowAtMostTwoDecimalsAndWholeNumbersNone() {
        // Three identical filters share all 7 seeds: 7/3 each, and together exactly the 7 seeds.
        let scores = Self.scores(seeds: 7, ["raw", "speed-ema", "speed-window"].map { ($0, { _ in 1 }) } + [("kalman", { _ in 3 })])
        let ranking = FilterRanking(scores: scores)
        #expect(ranking.entries.map(ranking.seedsWonText) == ["2.33/7", "2.33/7", "2.33/7", "0/7"])
        #expect(abs(ranking.entries.map(\.seedsWon).reduce(0, +) - 7) < 1e-12)
    }

    @Test func entriesKnowWhetherTheirFilterCanRunLiveAndTheBestOnlineOne() {
        let scores = Self.scores(seeds: 2, [
            ("rts-smoother", { _ in 0.5 }),
            ("my-filter", { _ in 0.7 }),
            ("accuracy-gate+cv-kalman", { _ in 0.9 }),
            ("accuracy-gate+rts-smoother", { _ in 1.1 }),
        ])
        let ranking = FilterRanking(scores: scores)
        // my-filter is not in the registry: its timing is unknown, so it is never called the best online.
        #expect(ranking.entries.map(\.timing) == [.offline, nil, .online, .offline])
        #expect(ranking.bestOnline?.summary.filter == "accuracy-gate+cv-kalman")
    }

    @Test func aFilterProcessTakesTheTimingItsHelloDeclared() {
        let scores = Self.scores(seeds: 2, [("exec:python3 smoother.py", { _ in 0.5 }), ("exec:./live", { _ in 0.7 }), ("raw", { _ in 0.9 })])
        let ranking = FilterRanking(scores: scores, timings: ["exec:python3 smoother.py": .offline, "exec:./live": .online])
        #expect(ranking.entries.map(\.timing) == [.offline, .online, .online])
        #expect(ranking.bestOnline?.summary.filter == "exec:./live")
    }

    @Test func notesMarkOfflineFiltersAndNameTheBestOverallAndOnline() {
        let ranking = FilterRanking(scores: Self.scores(seeds: 2, [("rts-smoother", { _ in 0.5 }), ("cv-kalman", { _ in 0.6 })]))
        #expect(ranking.entries.map { ranking.markedLabel($0, name: MarkdownText.code) } == ["`rts-smoother` †", "`cv-kalman`"])
        #expect(ranking.timingNotes(name: MarkdownText.code) == [
            "† offline: needs the whole track, so it cannot run live in an app.",
            "Best overall: `rts-smoother` (offline). Best online: `cv-kalman`.",
        ])
    }

    @Test func whenTheBestFilterRunsOnlineOneSentenceSaysSoWithoutALegend() {
        let ranking = FilterRanking(scores: Self.scores(seeds: 2, [("cv-kalman", { _ in 0.5 }), ("kalman", { _ in 0.6 })]))
        #expect(ranking.timingNotes() == ["Best overall and best online: cv-kalman."])
    }

    @Test func withNoFilterKnownToRunOnlineTheNotesSayThereIsNone() {
        let ranking = FilterRanking(scores: Self.scores(seeds: 2, [("rts-smoother", { _ in 0.5 })]))
        #expect(ranking.timingNotes().last == "Best overall: rts-smoother (offline). No filter ranked here is known to run online.")
    }
}
