/// Two results files side by side per filter and scenario group, with paired differences and whether they are real.
///
/// For comparing tunings locally: run twice with different settings (or on
/// two branches), then compare the two `results.csv` files. Only results
/// present in both files (the same scenario, filter and seed) are compared,
/// so both sides of every mean cover the same runs; each filter's distance
/// errors are paired run by run and tested with `Significance`.
@_spi(CLI) public struct ComparisonReport: Sendable {
    /// A way to group scenarios.
    public enum Grouping: String, CaseIterable, Sendable {
        case none, signal, speed, distance, path, stop

        /// The group a score belongs to, as shown in the report.
        func group(of score: ScenarioScore) -> String {
            switch self {
            case .none: return "all scenarios"
            case .signal: return "signal \(score.signal)"
            case .speed: return "speed \(NumberFormat.compact(score.speedMetersPerSecond)) m/s"
            case .distance: return "distance \(NumberFormat.compact(score.nominalDistanceMeters)) m"
            case .path: return "path \(score.pathType)"
            case .stop: return score.stopSeconds > 0 ? "stop \(NumberFormat.compact(score.stopSeconds)) s" : "no stop"
            }
        }
    }

    /// The first file's name and contents ("A").
    public var first: (name: String, file: ResultsFile)
    /// The second file's name and contents ("B").
    public var second: (name: String, file: ResultsFile)
    /// How to group scenarios below the all-scenarios table.
    public var grouping: Grouping

    /// Creates a comparison of two runs.
    public init(first: (name: String, file: ResultsFile), second: (name: String, file: ResultsFile), grouping: Grouping) {
        self.first = first
        self.second = second
        self.grouping = grouping
    }

    /// The results present in both files.
    private var shared: (first: [ScenarioScore], second: [ScenarioScore]) {
        let secondKeys = Set(second.file.scores.map(\.key))
        let firstKeys = Set(first.file.scores.map(\.key))
        return (first.file.scores.filter { secondKeys.contains($0.key) }, second.file.scores.filter { firstKeys.contains($0.key) })
    }

    /// How many results (scenario, filter, seed) both files hold: 0 means there is nothing to compare.
    public var sharedRunCount: Int {
        shared.first.count
    }

    /// The comparison as Markdown: one table per group, one row per filter, each metric as `A -> B (delta)`,
    /// and the paired verdict on the distance error.
    public func render() -> String {
        let (a, b) = shared
        var text = "## Comparison\n\nA = \(MarkdownText.code(first.name)), B = \(MarkdownText.code(second.name)). "
        text += "\(sharedRunCount) results (scenario, filter, seed) are in both files; only those are compared. "
        text += "Cells read `A -> B (B - A)`, means over the group's shared results (absolute for distance error and lag). "
        text += "The last two columns pair each filter's absolute distance errors run by run: their mean difference with its 95 % confidence interval, "
        text += "and whether it is real (Wilcoxon signed-rank test, p < 0.05 and over 1 % of the error; Docs/statistics.md).\n"
        let differences = first.file.context.differences(from: second.file.context, names: ("A", "B"))
        if !differences.isEmpty {
            text += "\nThe files were made differently (" + differences.map(MarkdownText.safe).joined(separator: "; ") + "): differences may not be the filters'.\n"
        }
        let firstFilters = first.file.scores.map(\.filter).uniqued()
        let secondFilters = second.file.scores.map(\.filter).uniqued()
        let onlyFirst = firstFilters.filter { !secondFilters.contains($0) }
        let onlySecond = secondFilters.filter { !firstFilters.contains($0) }
        if !onlyFirst.isEmpty { text += "\nOnly in A: " + onlyFirst.map(MarkdownText.code).joined(separator: ", ") + "\n" }
        if !onlySecond.isEmpty { text += "\nOnly in B: " + onlySecond.map(MarkdownText.code).joined(separator: ", ") + "\n" }
        let filters = a.map(\.filter).uniqued()
        let groups = [Grouping.none] + (grouping == .none ? [] : [grouping])
        for grouping in groups {
            for group in a.map(grouping.group(of:)).uniqued() {
                let inGroup: (ScenarioScore) -> Bool = { grouping.group(of: $0) == group }
                text += table(title: group, filters: filters, before: a.filter(inGroup), after: b.filter(inGroup))
            }
        }
        return text
    }

    private func table(title: String, filters: [String], before: [ScenarioScore], after: [ScenarioScore]) -> String {
        let beforeSummaries = FilterSummary.ranking(of: before)
        let afterSummaries = FilterSummary.ranking(of: after)
        let metrics = Metric.allCases.filter { metric in (beforeSummaries + afterSummaries).contains { $0.means[metric] != nil } }
        var text = "\n### \(MarkdownText.safe(title))\n\n| Filter | Runs | Improved | " + metrics.map(\.title).joined(separator: " | ") + " | B - A abs error % ± 95 % CI | Verdict |\n"
        text += "|---|---:|---:|" + String(repeating: "---:|", count: metrics.count) + "---:|---|\n"
        let beforeByFilter = Dictionary(grouping: before, by: \.filter)
        let afterByFilter = Dictionary(grouping: after, by: \.filter)
        for filter in filters {
            guard let a = beforeSummaries.first(where: { $0.filter == filter }), let b = afterSummaries.first(where: { $0.filter == filter }) else { continue }
            var cells = [MarkdownText.code(filter), "\(a.scenarioCount)", "\(a.improvedCount) -> \(b.improvedCount)"]
            for metric in metrics {
                switch (a.means[metric], b.means[metric]) {
                case let (.some(x), .some(y)) where x.isFinite && y.isFinite:
                    let delta = NumberFormat.fixed(y - x, decimals: 3)
                    cells.append("\(NumberFormat.fixed(x, decimals: 3)) -> \(NumberFormat.fixed(y, decimals: 3)) (\(y > x && delta != "0.000" ? "+" : "")\(delta))")
                case let (x, y):
                    cells.append("\(x.map { NumberFormat.fixed($0, decimals: 3) } ?? "n/a") -> \(y.map { NumberFormat.fixed($0, decimals: 3) } ?? "n/a")")
                }
            }
            let significance = Significance(.errorPercent, first: beforeByFilter[filter] ?? [], second: afterByFilter[filter] ?? [])
            cells.append(Self.difference(significance))
            cells.append(Self.verdict(significance))
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// The paired mean difference with its interval, such as "-0.084 ± 0.021".
    private static func difference(_ significance: Significance) -> String {
        guard significance.pairCount > 0 else { return "" }
        let mean = NumberFormat.fixed(significance.meanDifference, decimals: 3)
        return significance.meanDifferenceHalfWidth.map { mean + " ± " + NumberFormat.fixed($0, decimals: 3) } ?? mean
    }

    /// "B better", "A better", "tied" or "identical", with the p-value.
    private static func verdict(_ significance: Significance) -> String {
        if significance.nonZeroCount == 0 { return "identical" }
        guard significance.isReal else { return MarkdownReport.tie(significance) }
        return (significance.meanDifference < 0 ? "B better" : "A better") + " (p \(MarkdownReport.pText(significance.pValue)))"
    }
}
