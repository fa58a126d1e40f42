import Foundation
import Testing
@testable import TrackBenchSupport
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
import TrackBenchTestSupport
import TrackBenchRunFixtures

struct ReportTallyTests {
    /// The committed reports were made from whole arrays of rows; made from a tally fed one row at a time, as a
    /// streamed run makes them, they must come out byte for byte the same.
    @Test(arguments: ["Results", "Results/hard", "Results/dead-reckoning", "Results/gps-dropout", "Results/hills", "Results/examples"])
    func theCommittedReportsComeBackFromTheirRowsOneAtATime(folder: String) throws {
        let url = Fixtures.packageRoot.appendingPathComponent(folder)
        let file = try ResultsCSV.load(from: url.appendingPathComponent("results.csv"))
        var tally = ReportTally()
        for score in file.scores { tally.add(score) }
        let report = MarkdownReport.render(context: file.context, tally: tally, ranking: FilterRanking(tally: tally.ranking))
        #expect(report == (try String(contentsOf: url.appendingPathComponent("report.md"), encoding: .utf8)))
    }

    /// A recording's row, replayed with its truth aligned by time, that errs by `error` percent.
    private func recording(_ id: String, filter: String, error: Double, tags: [String: String]) -> ScenarioScore {
        var row = Fixtures.score(filter, scenario: id, seed: 0, error: error)
        row.truth = .time
        row.tags = tags
        return row
    }

    @Test func aTagFirstSeenOnALaterRowCountsTheRowsBeforeItAsNone() throws {
        let rows = [
            recording("walk", filter: "raw", error: 1, tags: [:]),
            recording("run", filter: "raw", error: 3, tags: ["device": "pixel"]),
            recording("ride", filter: "raw", error: 5, tags: [:]),
        ]
        let report = MarkdownReport(context: Fixtures.context(), scores: rows).render()
        let table = try #require(report.components(separatedBy: "## By device").last?.components(separatedBy: "## By truth").first)
        let lines = table.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| device") }
        #expect(lines == ["| (none) | 3.00 |", "| pixel | 3.00 |"])
    }
}
