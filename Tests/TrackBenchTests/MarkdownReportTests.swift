import Testing
@_spi(CLI) @testable import TrackBench

struct MarkdownReportTests {
    private let report = MarkdownReport(context: Fixtures.context(), scores: Fixtures.defaultScores).render()

    @Test func leadsWithTheRankingBestFirst() throws {
        let ranking = try #require(report.range(of: "## Ranking"))
        let firstRow = report[ranking.upperBound...].split(separator: "\n").first { $0.hasPrefix("| 1 |") }
        let best = FilterSummary.ranking(of: Fixtures.defaultScores)[0].filter
        #expect(firstRow?.contains("`\(best)`") == true)
        #expect(report.contains("Suite `default`: 54 scenarios x 2 filters x seed 100, TrackBench \(ResultsContext.currentVersion)."))
    }

    @Test func breaksDownBySignalSpeedDistanceAndPathType() {
        for section in ["## By signal", "## By speed", "## By distance", "## By path type", "## Per scenario"] {
            #expect(report.contains(section), "missing \(section)")
        }
        #expect(report.contains("| strong |") && report.contains("| 2.8 |") && report.contains("| 10000 |") && report.contains("| outAndBack |"))
    }

    @Test func listsEveryScenarioOnceInThePerScenarioTable() throws {
        let table = try #require(report.components(separatedBy: "## Per scenario").last)
        for scenario in Fixtures.defaultSuite.scenarios {
            #expect(table.components(separatedBy: "| `\(scenario.id)` |").count == 2, "\(scenario.id)")
        }
    }

    @Test func isReproducible() {
        #expect(report == MarkdownReport(context: Fixtures.context(), scores: Fixtures.defaultScores).render())
    }
}
