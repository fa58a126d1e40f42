import Foundation
@testable import TrackBenchSupport
@testable import TrackBenchModel
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
import TrackBenchTestSupport
import TrackBenchRunFixtures
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `ranking.svg`: the ranking drawn with its intervals and ties, readable and byte-stable.
struct RankingChartTests {
    private static let filters = ["raw", "accuracy-gate", "kalman", "rts-smoother", "running-average-threshold"].map {
        try! FilterRegistry.builtIn.configuration(parsing: $0)
    }
    private static let seeds = SeedRange(first: 100, last: 102)!
    private static let scores = Benchmark(
        scenarios: Array(Fixtures.defaultSuite.scenarios.prefix(9)), filters: filters, seeds: seeds
    ).scoresInOrder()
    private static let ranking = FilterRanking(scores: scores)
    private static let svg = RankingChart.render(ranking, suite: "default", seeds: seeds, hasSeeds: true)

    /// The `cx` of every point, in drawing order (rank order).
    private func pointPositions(_ svg: String) -> [Double] {
        svg.components(separatedBy: "<circle cx=\"").dropFirst().map { Double($0.prefix { $0 != "\"" })! }
    }

    @Test func isWellFormedXMLAndTheSameBytesEveryTime() {
        #expect(Self.svg == RankingChart.render(Self.ranking, suite: "default", seeds: Self.seeds, hasSeeds: true))
        #expect(XMLParser(data: Data(Self.svg.utf8)).parse())
        #expect(!Self.svg.contains("nan") && !Self.svg.contains("inf"))
    }

    @Test func hasATitleAnAxisWithItsUnitAndEveryFilterOnce() {
        #expect(Self.svg.contains(">Filters ranked by mean absolute distance error</text>"))
        #expect(Self.svg.contains(">Mean absolute distance error (%, log scale)</text>"))
        #expect(Self.svg.contains("95 % confidence intervals over 3 seeds (100...102)"))
        for filter in Self.filters {
            let label = filter.timing == .offline ? "\(filter.label) †" : filter.label
            #expect(Self.svg.components(separatedBy: ">\(label)</text>").count == 2, "\(label)")
        }
    }

    @Test func marksOfflineFiltersAndExplainsTheMarkOnlyWhenOneIsRanked() {
        #expect(Self.svg.contains(">rts-smoother †</text>") && Self.svg.contains(">kalman</text>"))
        #expect(Self.svg.contains(">† offline: needs the whole track, so it cannot run live in an app.</text>"))
        let online = RankingChart.render(
            FilterRanking(scores: Self.scores.filter { $0.filter != "rts-smoother" }), suite: "default", seeds: Self.seeds, hasSeeds: true)
        #expect(!online.contains("†"))
    }

    @Test func pointsLieInRankOrderOnTheScaleWithTheirValuesPrinted() {
        // One point per filter, then the legend's; ranked best first, so positions never decrease.
        let positions = pointPositions(Self.svg).dropLast()
        #expect(positions.count == Self.ranking.entries.count)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 })
        for entry in Self.ranking.entries {
            let value = NumberFormat.fixed(entry.summary.meanAbsoluteErrorPercent, decimals: 2)
            #expect(Self.svg.contains(">\(value) ± "), "\(entry.summary.filter) \(value)")
        }
    }

    @Test func aBracketJoinsEachTiedPair() {
        let tied = Self.ranking.entries.dropLast().filter { $0.versusNext.map { !$0.isReal } ?? false }.count
        #expect(tied > 0, "the sample has no tie to draw")
        // Each bracket is three orange strokes; the legend draws one more.
        let strokes = Self.svg.components(separatedBy: "stroke=\"\(SVGCanvas.palette[1])\"").count - 1
        #expect(strokes == 3 * (tied + 1))
    }

    @Test func labelsAreEscapedAndRecordingRunsHaveNoInterval() {
        var scores = Self.scores
        for index in scores.indices where scores[index].filter == "raw" { scores[index].filter = "raw<&>\"" }
        let svg = RankingChart.render(FilterRanking(scores: scores), suite: "a&b", seeds: Self.seeds, hasSeeds: false)
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(svg.contains(">raw&lt;&amp;&gt;&quot;</text>"))
        #expect(svg.contains("each recording replayed once: no interval"))
        #expect(!svg.contains(" ± "))
    }

    @Test(arguments: [[1e200, 1e200, 1e200], [1e200, 1e300, 1.7e306], [0.5, 0.7, 1e200]])
    func hugeErrorsSuchAs1e200DrawABoundedAxisInsteadOfLoopingForever(errors: [Double]) {
        let scores = errors.enumerated().flatMap { seed, error in
            [
                Fixtures.score("kalman", scenario: "a", seed: UInt64(seed), error: error),
                Fixtures.score("raw", scenario: "a", seed: UInt64(seed), error: 1),
            ]
        }
        let ranking = FilterRanking(scores: scores)
        let svg = RankingChart.render(ranking, suite: "huge", seeds: SeedRange(first: 0, last: 2)!, hasSeeds: true)
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        // Ticks: at most 12 decades labelled, three ticks each when every decade is.
        #expect(svg.components(separatedBy: "<line").count < 60)
    }
}

