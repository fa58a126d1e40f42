import Foundation
import Testing
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchReports
import TrackBenchTestSupport

struct RunReportTests {
    /// A run's reports are made from what the tally kept of its rows as they streamed past: the committed reports,
    /// made by the tool from its rows, come back byte for byte from the committed results one row at a time.
    @Test(arguments: ["Results", "Results/hills", "Results/examples"])
    func theCommittedReportsComeBackFromTheirResultsRowByRow(folder: String) throws {
        let url = Fixtures.packageRoot.appendingPathComponent(folder)
        let file = try ResultsCSV.load(from: url.appendingPathComponent(ResultsCSV.fileName))
        var tally = ReportTally()
        for score in file.scores { tally.add(score) }
        let run = RunReport(context: file.context, tally: tally, registry: .builtIn, timings: [:])
        #expect(run.files.map(\.name) == ["report.md", "ranking.svg", "report.html"])
        for (name, text) in run.files {
            #expect(text == (try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)), "\(folder)/\(name)")
        }
        #expect(run.hasSeeds == (folder != "Results/examples"))
    }
}
