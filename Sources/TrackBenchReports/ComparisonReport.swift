import TrackBenchMetrics
import TrackBenchSupport
/// Two results files side by side per filter and scenario group, with paired differences and whether they are real.
///
/// For comparing tunings locally: run twice with different settings (or on
/// two branches), then compare the two `results.csv` files. Only results
/// present in both files (the same scenario, filter and seed) are compared,
/// so both sides of every mean cover the same runs; each filter's distance
/// errors are paired run by run, shown as the change in their mean (the
/// statistic `check` tests), and judged by the one decision (`PairedDecision`)
/// within the filter's family exactly as `check` judges B against a baseline A.
package struct ComparisonReport: Sendable {
    /// The file name `compare --output` writes the report under.
    package static let fileName = "comparison.md"

    /// A way to group scenarios.
    package enum Grouping: String, CaseIterable, Sendable {
        case none, signal, speed, gait, distance, path, stop

        /// The group a score belongs to, as shown in the report.
        func group(of score: ScenarioScore) -> String {
            switch self {
            case .none: return "all scenarios"
            case .signal: return "signal \(score.signal)"
            case .speed: return "speed \(NumberFormat.compact(score.speedMetersPerSecond)) m/s"
            case .gait: return score.gait.map { "gait \($0)" } ?? "no gait"
            case .distance: return "distance \(NumberFormat.compact(score.nominalDistanceMeters)) m"
            case .path: return "path \(score.pathType)"
            case .stop: return score.stopSeconds > 0 ? "stop \(NumberFormat.compact(score.stopSeconds)) s" : "no stop"
            }
        }
    }

    /// The first file's name and contents ("A").
    package var first: (name: String, file: ResultsFile)
    /// The second file's name and contents ("B").
    package var second: (name: String, file: ResultsFile)
    /// How to group scenarios below the all-scenarios table.
    package var grouping: Grouping
    /// `check`'s decisions on the distance error of B against the baseline A, by filter and group (its family's).
    package var decisions: [String: [String: PairedDecision]]

    /// Creates a comparison of two runs.
    /// - Parameter decisions: `check`'s decisions on the distance error, by filter and group, B judged against A.
    package init(
        first: (name: String, file: ResultsFile), second: (name: String, file: ResultsFile), grouping: Grouping,
        decisions: [String: [String: PairedDecision]]
    ) {
        self.first = first
        self.second = second
        self.grouping = grouping
        self.decisions = decisions
    }

    /// The results present in both files.
    private var shared: (first: [ScenarioScore], second: [ScenarioScore]) {
        let secondKeys = Set(second.file.scores.map(\.key))
        let firstKeys = Set(first.file.scores.map(\.key))
        return (first.file.scores.filter { secondKeys.contains($0.key) }, second.file.scores.filter { firstKeys.contains($0.key) })
    }

    /// How many results (scenario, filter, seed) both files hold: 0 means there is nothing to compare.
    package var sharedRunCount: Int {
        shared.first.count
    }

    /// What a filter's paired difference in one group says.
    package enum Verdict: Sendable, Equatable {
        /// B's absolute distance errors are really lower: `check` would call B an improvement.
        case secondBetter
        /// B's absolute distance errors are really higher: `check` would call B a regression.
        case firstBetter
        /// The difference is within noise or within the allowance, or there were too few pairs for a test.
        case tied
        /// Every pair gave the same error.
        case identical
        /// No pair had a finite error on both sides: the filter diverged on every run of the group.
        case diverged

        init(_ significance: Significance, _ decision: PairedDecision?) {
            if significance.pairCount == 0 {
                self = .diverged
            } else if significance.nonZeroCount == 0 {
                self = .identical
            } else {
                switch decision?.verdict {
                case .regression: self = .firstBetter
                case .improvement: self = .secondBetter
                default: self = .tied
                }
            }
        }
    }

    /// One filter's absolute distance errors in one group, paired run by run (B's minus A's).
    package struct PairedDifference: Sendable {
        package var filter: String
        /// The pairs' count and how many differ, which tell identical and diverged groups apart.
        package var significance: Significance
        /// `check`'s decision on this filter and group; nil for a group the gate does not test (`--by stop`).
        package var decision: PairedDecision?
        package var verdict: Verdict { Verdict(significance, decision) }
        /// B's mean absolute distance error minus A's over the paired runs, in percentage points: the statistic the
        /// decision tests, which the table prints and the chart draws (the pairs' own where the gate tests no group).
        package var change: Double { decision?.change ?? significance.meanChange }
    }

    /// A group of scenarios: its shared results on each side and each filter's paired difference.
    package struct Group: Sendable {
        /// The group as the report titles it, such as "all scenarios" or "signal weak".
        package var title: String
        var before: [ScenarioScore]
        var after: [ScenarioScore]
        /// One per filter with results in the group, in the order the filters first appear in A.
        package var differences: [PairedDifference]
    }

    /// The groups in report order: all scenarios, then each group of `grouping` in order of first appearance.
    package var groups: [Group] {
        let (a, b) = shared
        let filters = a.map(\.filter).uniqued()
        var groups: [Group] = []
        for grouping in [Grouping.none] + (grouping == .none ? [] : [grouping]) {
            for title in a.map(grouping.group(of:)).uniqued() {
                let inGroup: (ScenarioScore) -> Bool = { grouping.group(of: $0) == title }
                let (before, after) = (a.filter(inGroup), b.filter(inGroup))
                let beforeByFilter = Dictionary(grouping: before, by: \.filter)
                let afterByFilter = Dictionary(grouping: after, by: \.filter)
                let differences = filters.compactMap { filter -> PairedDifference? in
                    guard let first = beforeByFilter[filter], let second = afterByFilter[filter] else { return nil }
                    return PairedDifference(
                        filter: filter, significance: Significance(.errorPercent, first: first, second: second), decision: decisions[filter]?[title]
                    )
                }
                groups.append(Group(title: title, before: before, after: after, differences: differences))
            }
        }
        return groups
    }

    /// The comparison as Markdown: one table per group, one row per filter, each metric as `A -> B (delta)`,
    /// and the paired verdict on the distance error.
    package func render() -> String {
        var text = "## Comparison\n\nA = \(MarkdownText.code(first.name)), B = \(MarkdownText.code(second.name)). "
        text += "\(sharedRunCount) results (scenario, filter, seed) are in both files; only those are compared. "
        text += "Cells read `A -> B (B - A)`, means over the group's shared results (absolute for distance error and lag). "
        text += "The last two columns pair each filter's absolute distance errors run by run: "
            + "the change in their mean (B - A, the statistic tested), "
        text += "and the verdict `check --baseline A` gives B, in the same family: \(PairedDecision.ruleText); "
            + "the family is each filter's every test, as in `check` (Docs/statistics.md).\n"
        if let warning = contextWarning {
            text += "\n" + warning + "\n"
        }
        let firstFilters = first.file.scores.map(\.filter).uniqued()
        let secondFilters = second.file.scores.map(\.filter).uniqued()
        let onlyFirst = firstFilters.filter { !secondFilters.contains($0) }
        let onlySecond = secondFilters.filter { !firstFilters.contains($0) }
        if !onlyFirst.isEmpty { text += "\nOnly in A: " + onlyFirst.map(MarkdownText.code).joined(separator: ", ") + "\n" }
        if !onlySecond.isEmpty { text += "\nOnly in B: " + onlySecond.map(MarkdownText.code).joined(separator: ", ") + "\n" }
        for group in groups {
            text += table(group)
        }
        return text
    }

    /// "The files were made differently (...): differences may not be the filters'." when the context lines
    /// differ; nil when they agree.
    package var contextWarning: String? {
        let differences = first.file.context.differences(from: second.file.context, names: ("A", "B"))
        guard !differences.isEmpty else { return nil }
        return "The files were made differently (" + differences.map(MarkdownText.safe).joined(separator: "; ")
            + "): differences may not be the filters'."
    }

    private func table(_ group: Group) -> String {
        let beforeSummaries = FilterSummary.ranking(of: group.before)
        let afterSummaries = FilterSummary.ranking(of: group.after)
        let metrics = Metric.allCases.filter { metric in (beforeSummaries + afterSummaries).contains { $0.means[metric] != nil } }
        var text = "\n### \(MarkdownText.safe(group.title))\n\n| Filter | Runs | Improved | " + metrics.map(\.title).joined(separator: " | ")
            + " | Change in mean abs error % (B - A) | Verdict |\n"
        text += "|---|---:|---:|" + String(repeating: "---:|", count: metrics.count) + "---:|---|\n"
        for difference in group.differences {
            let filter = difference.filter
            guard let a = beforeSummaries.first(where: { $0.filter == filter }),
                  let b = afterSummaries.first(where: { $0.filter == filter }) else { continue }
            var cells = [MarkdownText.code(filter), "\(a.scenarioCount)", "\(a.improvedCount) -> \(b.improvedCount)"]
            for metric in metrics {
                switch (a.means[metric], b.means[metric]) {
                case let (.some(x), .some(y)) where x.isFinite && y.isFinite:
                    let delta = NumberFormat.fixed(y - x, decimals: 3)
                    cells.append(
                        "\(NumberFormat.fixed(x, decimals: 3)) -> \(NumberFormat.fixed(y, decimals: 3)) "
                            + "(\(y > x && delta != "0.000" ? "+" : "")\(delta))"
                    )
                case let (x, y):
                    cells.append(
                        "\(x.map { NumberFormat.fixed($0, decimals: 3) } ?? "n/a") -> \(y.map { NumberFormat.fixed($0, decimals: 3) } ?? "n/a")"
                    )
                }
            }
            cells.append(Self.difference(difference))
            cells.append(Self.verdict(difference))
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// The change in the mean with its sign, such as "-0.084" or "+0.012"; empty when no pair was finite.
    package static func difference(_ difference: PairedDifference) -> String {
        guard difference.significance.pairCount > 0, difference.change.isFinite else { return "" }
        let text = NumberFormat.fixed(difference.change, decimals: 3)
        return difference.change > 0 && text != "0.000" ? "+" + text : text
    }

    /// "B better", "B worse" or "tied" with the test that decided, "identical", "too few pairs for a test (n = 3)",
    /// or "diverged" when no pair was finite.
    package static func verdict(_ difference: PairedDifference) -> String {
        guard let decision = difference.decision else {
            return difference.verdict == .diverged ? NumberFormat.nonFinite : "not a group the gate tests"
        }
        switch (difference.verdict, decision.verdict) {
        case (.diverged, _): return NumberFormat.nonFinite
        case (.identical, _): return "identical"
        case (_, .regression): return "B worse (\(decision.testText))"
        case (_, .improvement): return "B better (\(decision.testText))"
        case (_, .tooFewPairs): return decision.testText
        case (_, .withinTolerance): return "tied (\(decision.testText), within the allowance)"
        default: return "tied (\(decision.testText))"
        }
    }
}
