/// The `report.md` report: the ranking first, then breakdowns, then every scenario.
///
/// It holds no timestamps or machine details, so it is as reproducible as the
/// CSV and can be committed and diffed.
public struct MarkdownReport: Sendable {
    /// The suite's name, for the heading.
    public var suiteName: String
    /// The run's seed.
    public var seed: UInt64
    /// Every score of the run, in benchmark order.
    public var scores: [ScenarioScore]

    /// Creates a report for one run.
    public init(suiteName: String, seed: UInt64, scores: [ScenarioScore]) {
        self.suiteName = suiteName
        self.seed = seed
        self.scores = scores
    }

    /// The report as Markdown text, ending in a newline.
    public func render() -> String {
        let ranking = FilterSummary.ranking(of: scores)
        let filters = scores.map(\.filter).uniqued()
        let scenarioCount = scores.map(\.scenarioID).uniqued().count
        var text = """
        # TrackBench report

        Suite `\(suiteName)`: \(scenarioCount) scenarios x \(filters.count) filters, seed \(seed).
        Filters are ranked by mean absolute total-distance error: the error of the estimated
        path's length against the true path's, in percent of the true distance. The other
        columns are means over the scenarios where they apply (absolute for lag); the best
        value in each column is in bold. Positions are compared with the truth at each
        estimate's delivery time. See the README for every metric's definition.

        ## Ranking


        """
        text += rankingTable(ranking)
        text += """

        ## Distance error

        Signed error: positive = the track came out too long. "Improved" counts the scenarios
        where the filter came closer to the true distance than the raw noisy path.

        | Filter | Mean abs error % | Mean signed error % | Worst abs error % | Worst scenario | Improved |
        |---|---:|---:|---:|---|---:|

        """
        for summary in ranking {
            text += "| `\(summary.filter)` | \(percent(summary.meanAbsoluteErrorPercent)) | "
                + "\(percent(summary.meanErrorPercent)) | \(percent(summary.worstAbsoluteErrorPercent)) | "
                + "`\(summary.worstScenarioID)` | \(summary.improvedCount)/\(summary.scenarioCount) |\n"
        }
        let rankedFilters = ranking.map(\.filter)
        text += breakdown(title: "By signal", column: "Signal", filters: rankedFilters) { $0.signal }
        text += breakdown(title: "By speed", column: "Speed (m/s)", filters: rankedFilters) { NumberFormat.compact($0.speedMetersPerSecond) }
        text += breakdown(title: "By distance", column: "Distance (m)", filters: rankedFilters) { NumberFormat.compact($0.nominalDistanceMeters) }
        text += breakdown(title: "By path type", column: "Path type", filters: rankedFilters) { $0.pathType }
        text += scenarioTable(filters: rankedFilters)
        return text
    }

    /// The lead table: one row per filter, one column per metric, the best of each in bold.
    private func rankingTable(_ ranking: [FilterSummary]) -> String {
        let metrics = Metric.allCases.filter { metric in ranking.contains { $0.means[metric] != nil } }
        var text = "| Rank | Filter | Improved | " + metrics.map(\.title).joined(separator: " | ") + " |\n"
        text += "|---:|---|---:|" + String(repeating: "---:|", count: metrics.count) + "\n"
        let bestImproved = ranking.map(\.improvedCount).max()
        var best: [Metric: Double] = [:]
        for metric in metrics {
            for value in ranking.compactMap({ $0.means[metric] }) where best[metric].map({ metric.isBetter(value, than: $0) }) ?? true {
                best[metric] = value
            }
        }
        for (rank, summary) in ranking.enumerated() {
            let improved = "\(summary.improvedCount)/\(summary.scenarioCount)"
            var cells = [String(rank + 1), "`\(summary.filter)`", summary.improvedCount == bestImproved ? "**\(improved)**" : improved]
            for metric in metrics {
                guard let value = summary.means[metric] else {
                    cells.append("")
                    continue
                }
                let text = NumberFormat.fixed(value, decimals: 2)
                cells.append(NumberFormat.fixed(best[metric]!, decimals: 2) == text ? "**\(text)**" : text)
            }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// Mean absolute error per filter within each value of one scenario attribute.
    private func breakdown(
        title: String,
        column: String,
        filters: [String],
        group: (ScenarioScore) -> String
    ) -> String {
        var text = "\n## \(title)\n\nMean absolute error %, per filter.\n\n"
        text += "| \(column) | " + filters.map { "`\($0)`" }.joined(separator: " | ") + " |\n"
        text += "|---|" + String(repeating: "---:|", count: filters.count) + "\n"
        for value in scores.map(group).uniqued() {
            let ranked = FilterSummary.ranking(of: scores.filter { group($0) == value })
            let cells = filters.map { filter in
                ranked.first { $0.filter == filter }.map { percent($0.meanAbsoluteErrorPercent) } ?? ""
            }
            text += "| \(value) | " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// One row per scenario: the noisy path's error and each filter's.
    private func scenarioTable(filters: [String]) -> String {
        var text = "\n## Per scenario\n\nSigned total-distance error %.\n\n"
        text += "| Scenario | Fixes | True distance (m) | Noisy | " + filters.map { "`\($0)`" }.joined(separator: " | ") + " |\n"
        text += "|---|---:|---:|---:|" + String(repeating: "---:|", count: filters.count) + "\n"
        var rowsByScenario: [String: [ScenarioScore]] = [:]
        for score in scores {
            rowsByScenario[score.scenarioID, default: []].append(score)
        }
        for scenario in scores.map(\.scenarioID).uniqued() {
            let rows = rowsByScenario[scenario]!
            let first = rows[0]
            let cells = filters.map { filter in rows.first { $0.filter == filter }.map { percent($0.errorPercent) } ?? "" }
            text += "| `\(scenario)` | \(first.fixes) | \(NumberFormat.fixed(first.trueDistanceMeters, decimals: 1)) | "
                + "\(percent(first.noisyErrorPercent)) | " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    private func percent(_ value: Double) -> String {
        NumberFormat.fixed(value, decimals: 2)
    }
}
