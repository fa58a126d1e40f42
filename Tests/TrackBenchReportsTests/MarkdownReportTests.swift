import Testing
@testable import TrackBenchSupport
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
import TrackBenchTestSupport
import TrackBenchRunFixtures

struct MarkdownReportTests {
    private let report = MarkdownReport(context: Fixtures.context(), scores: Fixtures.defaultScores).render()

    @Test func leadsWithTheRankingBestFirst() throws {
        let ranking = try #require(report.range(of: "## Ranking"))
        let firstRow = report[ranking.upperBound...].split(separator: "\n").first { $0.hasPrefix("| 1 |") }
        let best = FilterSummary.ranking(of: Fixtures.defaultScores)[0].filter
        #expect(firstRow?.contains("`\(best)`") == true)
        #expect(report.contains("Suite `default`: 72 scenarios x 2 filters x seed 100, TrackBench \(ResultsContext.currentVersion)."))
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

    @Test func marksOfflineFiltersUnderTheRankingAndNamesTheBestOnline() throws {
        var scores: [ScenarioScore] = []
        for seed: UInt64 in 1...3 {
            for (filter, error) in [("rts-smoother", 0.5), ("cv-kalman", 0.6), ("raw", 1.5)] {
                scores.append(Fixtures.score(filter, scenario: "a", seed: seed, error: error))
            }
        }
        let report = MarkdownReport(context: Fixtures.context(SeedRange(first: 1, last: 3)!), scores: scores).render()
        let ranking = try #require(report.components(separatedBy: "## Ranking\n").last?.components(separatedBy: "\nEach filter").first)
        #expect(ranking.contains("\n| 1 | `rts-smoother` † | 3/3 |"))
        #expect(ranking.contains("\n| 2 | `cv-kalman` | 0/3 |"))
        // Each note is a paragraph of its own after the table, so the table ends where it did.
        #expect(ranking.hasSuffix(
            " |\n\n† offline: needs the whole track, so it cannot run live in an app.\n\n"
                + "Best overall: `rts-smoother` (offline). Best online: `cv-kalman`.\n"
        ))
    }

    @Test func isReproducible() {
        #expect(report == MarkdownReport(context: Fixtures.context(), scores: Fixtures.defaultScores).render())
    }

    @Test func aSuiteWithGaitsBreaksDownByGaitWithTheEndpointErrorInsteadOfBySpeed() throws {
        // Gait speeds such as 2.6 x 1.32 = 3.4320000000000004 m/s, and a mixed gait's mean over each distance, made
        // unreadable and split rows under "By speed"; the scores go through results.csv as the report reads them.
        let suite = Fixtures.deadReckoningSuite
        let filters = try ["raw", "pdr-paper"].map { try FilterRegistry.builtIn.configuration(parsing: $0) }
        let context = ResultsContext(suite: suite, seeds: SeedRange(Fixtures.seed))
        let computed = Benchmark(scenarios: suite.scenarios, filters: filters, seeds: SeedRange(Fixtures.seed)).scoresInOrder()
        let written = try ResultsCSV.parse(try ResultsCSV.render(computed, context: context), file: "results.csv")
        let report = MarkdownReport(context: written.context, scores: written.scores).render()
        #expect(!report.contains("## By speed") && !report.contains("00000"))
        for section in ["## By gait", "## Endpoint error by gait"] {
            let table = try #require(report.components(separatedBy: section).dropFirst().first?.components(separatedBy: "\n## ").first)
            let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Gait") }
            #expect(
                rows.map { $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces) } == ["walk", "power-walk", "jog", "mixed"], "\(section)")
        }
        // The endpoint table holds the published figure: the mean endpoint_cm_per_m of pdr-paper's walking runs.
        let walking = written.scores.filter { $0.filter == "pdr-paper" && $0.gait == "walk" }.compactMap(\.metrics.endpointErrorCentimetersPerMeter)
        let mean = NumberFormat.fixed(walking.reduce(0, +) / Double(walking.count), decimals: 2)
        let endpoint = try #require(report.components(separatedBy: "## Endpoint error by gait").last).split(separator: "\n")
        let header = try #require(endpoint.first { $0.hasPrefix("| Gait |") }).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        let walk = try #require(endpoint.first { $0.hasPrefix("| walk |") }).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(walk[try #require(header.firstIndex(of: "`pdr-paper`"))] == mean)
    }
}
