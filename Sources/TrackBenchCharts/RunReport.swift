import TrackBenchSupport
import TrackBenchFilters
import TrackBenchScoring
import TrackBenchResults
import TrackBenchReports

/// What a run writes into its folder: `results.csv`, then `report.md`, `ranking.svg` and `report.html`, the reports
/// made from the numbers the CSV holds.
///
/// Making the reports from the written (rounded) values means anyone can
/// recompute them from the CSV, and a merged sharded run reports exactly
/// what the unsharded run does. Declared here, above the reports, because
/// the web page inlines the chart.
package struct RunReport: Sendable {
    /// Each file's name and text, in the order they are written and named.
    package let files: [(name: String, text: String)]
    /// The ranking the reports show, for the terminal.
    package let ranking: FilterRanking
    /// Whether the rows come from seeded scenarios, not replayed recordings (one run each: no interval).
    package let hasSeeds: Bool

    /// The names of the files, in order.
    package static let fileNames = [ResultsCSV.fileName, MarkdownReport.fileName, RankingChart.fileName, HTMLReport.fileName]

    /// Makes the text of `results.csv` and the reports at once (`Concurrently`).
    /// - Parameters:
    ///   - csv: Makes the text of `results.csv`.
    ///   - written: Makes what `csv` holds, as read back: its context line and its rows (`ResultsCSV.asWritten`).
    ///   - registry: The filters, for which are offline.
    ///   - timings: The timings of filter processes by specification, which the registry cannot tell.
    package init(
        csv: @Sendable () -> String, holding written: @Sendable () -> ResultsFile, registry: FilterRegistry, timings: [String: FilterTiming]
    ) {
        let (text, (ranking, report, chart, page, hasSeeds)) = Concurrently.both(csv) {
            let written = written()
            let ranking = FilterRanking(scores: written.scores, registry: registry, timings: timings)
            let report = MarkdownReport(context: written.context, scores: written.scores).render(ranking: ranking)
            let hasSeeds = !written.scores.contains(where: \.isReplay)
            let chart = RankingChart.render(ranking, suite: written.context.suiteName, seeds: written.context.seeds, hasSeeds: hasSeeds)
            let page = HTMLReport.render(report, title: "TrackBench report: \(written.context.suiteName)", images: [RankingChart.fileName: chart])
            return (ranking, report, chart, page, hasSeeds)
        }
        files = Array(zip(Self.fileNames, [text, report, chart, page]))
        self.ranking = ranking
        self.hasSeeds = hasSeeds
    }
}
