import TrackBenchMetrics
import TrackBenchSupport
/// The `report.md` report: the ranking with its confidence first, then breakdowns, then every scenario.
///
/// It holds no timestamps or machine details, so it is as reproducible as the
/// CSV and can be committed and diffed.
package struct MarkdownReport: Sendable {
    /// The file name a run writes the report under.
    package static let fileName = "report.md"
    /// The file name of the ranking chart the report shows as an image, written next to it.
    package static let rankingChartFile = "ranking.svg"

    /// How the run was made: suite, seeds, version.
    package var context: ResultsContext
    /// Every score of the run, in benchmark order.
    package var scores: [ScenarioScore]

    /// Creates a report for one run.
    package init(context: ResultsContext, scores: [ScenarioScore]) {
        self.context = context
        self.scores = scores
    }

    /// The report as Markdown text, ending in a newline.
    ///
    /// Which filters are offline comes from the built-in registry; for filters of your own, pass a ranking made
    /// with your registry to `render(ranking:)`.
    package func render() -> String {
        render(ranking: FilterRanking(scores: scores))
    }

    /// The report as Markdown text, with the ranking of these scores already computed (the chart and terminal use it too).
    package func render(ranking: FilterRanking) -> String {
        Self.render(context: context, tally: ReportTally(scores), ranking: ranking)
    }

    /// The report of a run whose rows `tally` gathered, with their ranking: the same text as a report holding the rows.
    package static func render(context: ResultsContext, tally: ReportTally, ranking: FilterRanking) -> String {
        MarkdownPage(context: context, tally: tally).render(ranking: ranking)
    }

    /// What a comparison of a single pair says: there is nothing to test.
    static let noTest = "one sample: no test"

    /// "too few pairs for a test (n = 3)" when the pairs are too few for any p-value to reach the test's level
    /// (fewer than 6 at 0.05): a p-value of such a test says nothing, so none is shown. Nil when the test can decide.
    static func tooFewPairs(_ significance: Significance) -> String? {
        significance.hasTest && significance.interval == nil ? "too few pairs for a test (n = \(significance.pairCount))" : nil
    }

    /// "< 0.001" or "= 0.042".
    static func pText(_ p: Double) -> String {
        p < 0.001 ? "< 0.001" : "= " + NumberFormat.fixed(p, decimals: 3)
    }
}
