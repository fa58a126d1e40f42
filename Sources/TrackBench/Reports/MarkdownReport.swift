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
        let filters = distinct(scores.map(\.filter))
        let scenarioCount = distinct(scores.map(\.scenarioID)).count
        var text = """
        # TrackBench report

        Suite `\(suiteName)`: \(scenarioCount) scenarios x \(filters.count) filters, seed \(seed).
        Each filter's score is the total-distance error of its estimated path against the
        true path, in percent of the true distance (positive = too long). "Improved" counts
        the scenarios where the filter came closer to the true distance than the raw noisy path.

        ## Ranking

        | Rank | Filter | Mean abs error % | Mean signed error % | Worst abs error % | Worst scenario | Improved |
        |---:|---|---:|---:|---:|---|---:|

        """
        for (rank, summary) in ranking.enumerated() {
            text += "| \(rank + 1) | `\(summary.filter)` | \(percent(summary.meanAbsoluteErrorPercent)) | "
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
        for value in distinct(scores.map(group)) {
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
        for scenario in distinct(scores.map(\.scenarioID)) {
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

    /// The values in order of first appearance, without repeats.
    private func distinct(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
