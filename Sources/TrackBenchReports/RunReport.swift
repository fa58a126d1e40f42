import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchSupport

/// The reports a run writes beside its `results.csv`: `report.md`, `ranking.svg` and `report.html`, made from the
/// numbers the CSV holds.
///
/// Making the reports from the written (rounded) values means anyone can
/// recompute them from the CSV, and a merged sharded run reports exactly
/// what the unsharded run does. They are made from what `ReportTally`
/// gathered of the rows as they were written, not from the rows, so a run of
/// any number of seeds need not hold them. Declared here, above the reports,
/// because the web page inlines the chart.
package struct RunReport: Sendable {
    /// Each report's name and text, in the order they are written and named, after `results.csv`.
    package let files: [(name: String, text: String)]
    /// The ranking the reports show, for the terminal.
    package let ranking: FilterRanking
    /// Whether the rows come from seeded scenarios, not replayed recordings (one run each: no interval).
    package let hasSeeds: Bool

    /// The names of the reports, in order.
    package static let fileNames = [MarkdownReport.fileName, RankingChart.fileName, HTMLReport.fileName]

    /// Makes the reports.
    /// - Parameters:
    ///   - context: The results file's context line.
    ///   - tally: What the reports need of the rows, as `results.csv` holds them (`ResultsCSV.asWritten`), in order.
    ///   - registry: The filters, for which are offline.
    ///   - timings: The timings of filter processes by specification, which the registry cannot tell.
    package init(context: ResultsContext, tally: ReportTally, registry: FilterRegistry, timings: [String: FilterTiming]) {
        let ranking = FilterRanking(tally: tally.ranking, registry: registry, timings: timings)
        let report = MarkdownReport.render(context: context, tally: tally, ranking: ranking)
        let hasSeeds = !tally.hasReplay
        let chart = RankingChart.render(ranking, suite: context.suiteName, seeds: context.seeds, hasSeeds: hasSeeds)
        let page = HTMLReport.render(report, title: "TrackBench report: \(context.suiteName)", images: [RankingChart.fileName: chart])
        files = Array(zip(Self.fileNames, [report, chart, page]))
        self.ranking = ranking
        self.hasSeeds = hasSeeds
    }
}
