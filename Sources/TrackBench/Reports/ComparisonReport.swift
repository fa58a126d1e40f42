/// Two results files side by side per filter and scenario group, with deltas.
///
/// For comparing tunings locally: run twice with different settings (or on
/// two branches), then compare the two `results.csv` files.
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

    /// The first file's name and scores ("A").
    public var first: (name: String, scores: [ScenarioScore])
    /// The second file's name and scores ("B").
    public var second: (name: String, scores: [ScenarioScore])
    /// How to group scenarios below the all-scenarios table.
    public var grouping: Grouping

    /// Creates a comparison of two runs.
    public init(first: (name: String, scores: [ScenarioScore]), second: (name: String, scores: [ScenarioScore]), grouping: Grouping) {
        self.first = first
        self.second = second
        self.grouping = grouping
    }

    /// The comparison as Markdown: one table per group, one row per filter, each metric as `A -> B (delta)`.
    public func render() -> String {
        let firstFilters = first.scores.map(\.filter).uniqued()
        let secondFilters = Set(second.scores.map(\.filter))
        let shared = firstFilters.filter { secondFilters.contains($0) }
        var text = "## Comparison\n\nA = `\(first.name)`, B = `\(second.name)`. Cells read `A -> B (B - A)`; "
        text += "means over the group's scenarios present in both files (absolute for distance error and lag).\n"
        let onlyFirst = firstFilters.filter { !secondFilters.contains($0) }
        let onlySecond = second.scores.map(\.filter).uniqued().filter { !firstFilters.contains($0) }
        if !onlyFirst.isEmpty { text += "\nOnly in A: " + onlyFirst.map { "`\($0)`" }.joined(separator: ", ") + "\n" }
        if !onlySecond.isEmpty { text += "\nOnly in B: " + onlySecond.map { "`\($0)`" }.joined(separator: ", ") + "\n" }
        let commonScenarios = Set(first.scores.map(\.scenarioID)).intersection(second.scores.map(\.scenarioID))
        let groups = [Grouping.none] + (grouping == .none ? [] : [grouping])
        for grouping in groups {
            for group in first.scores.map(grouping.group(of:)).uniqued() {
                let inGroup: (ScenarioScore) -> Bool = { commonScenarios.contains($0.scenarioID) && grouping.group(of: $0) == group }
                let before = FilterSummary.ranking(of: first.scores.filter(inGroup))
                let after = FilterSummary.ranking(of: second.scores.filter(inGroup))
                text += table(title: group, filters: shared, before: before, after: after)
            }
        }
        return text
    }

    private func table(title: String, filters: [String], before: [FilterSummary], after: [FilterSummary]) -> String {
        let metrics = Metric.allCases.filter { metric in (before + after).contains { $0.means[metric] != nil } }
        var text = "\n### \(title)\n\n| Filter | Improved | " + metrics.map(\.title).joined(separator: " | ") + " |\n"
        text += "|---|---:|" + String(repeating: "---:|", count: metrics.count) + "\n"
        for filter in filters {
            guard let a = before.first(where: { $0.filter == filter }), let b = after.first(where: { $0.filter == filter }) else { continue }
            var cells = ["`\(filter)`", "\(a.improvedCount) -> \(b.improvedCount)"]
            for metric in metrics {
                switch (a.means[metric], b.means[metric]) {
                case let (.some(x), .some(y)):
                    let delta = NumberFormat.fixed(y - x, decimals: 3)
                    cells.append("\(NumberFormat.fixed(x, decimals: 3)) -> \(NumberFormat.fixed(y, decimals: 3)) (\(y > x && delta != "0.000" ? "+" : "")\(delta))")
                case let (x, y):
                    cells.append("\(x.map { NumberFormat.fixed($0, decimals: 3) } ?? "n/a") -> \(y.map { NumberFormat.fixed($0, decimals: 3) } ?? "n/a")")
                }
            }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }
}
