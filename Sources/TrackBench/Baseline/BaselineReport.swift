/// The regression gate's Markdown: the verdict with how much was compared, regressions first, then everything else.
///
/// Written to fit a CI job summary: non-finite results and regressions are
/// listed in full with baseline, current, delta and tolerance; improvements
/// follow with the hint to update the baseline; the count of unchanged
/// comparisons is folded away.
public struct BaselineReport: Sendable {
    /// The comparison to report.
    public var comparison: BaselineComparison
    /// The tolerances it was made with.
    public var tolerances: ToleranceSet
    /// Whether improvements and additions fail the gate.
    public var isStrict: Bool
    /// The baseline file, as the user named it.
    public var baselineFile: String
    /// The command that re-records the baseline, as the user would type it: `trackbench check --update-baseline`.
    public var updateCommand: String

    /// Creates a report.
    public init(comparison: BaselineComparison, tolerances: ToleranceSet, isStrict: Bool, baselineFile: String, updateCommand: String) {
        self.comparison = comparison
        self.tolerances = tolerances
        self.isStrict = isStrict
        self.baselineFile = baselineFile
        self.updateCommand = updateCommand
    }

    /// One line: passed or failed, why, and how much was compared.
    public var verdict: String {
        let c = comparison
        let extent = "\(c.comparedCount) metric comparisons over \(c.comparedResultCount) results"
        var problems: [String] = []
        if !c.nonFinite.isEmpty {
            let filters = Set(c.nonFinite.map(\.key.filter)).sorted().map(MarkdownText.code).joined(separator: ", ")
            problems.append("\(c.nonFinite.count) non-finite results (\(filters) diverged)")
        }
        if !c.regressions.isEmpty {
            let scenarios = Set(c.regressions.map(\.key.scenarioID)).count
            let filters = Set(c.regressions.map(\.key.filter)).sorted().map(MarkdownText.code).joined(separator: ", ")
            problems.append("\(c.regressions.count) regressions in \(scenarios) scenarios (\(filters))")
        }
        if !c.missing.isEmpty { problems.append("\(c.missing.count) results missing from this run") }
        if !c.changedInputs.isEmpty { problems.append("\(c.changedInputs.count) results with changed simulated input") }
        switch c.verdict(strict: isStrict) {
        case .pass:
            var notes = "no regressions in \(extent)"
            if !c.improvements.isEmpty { notes += "; \(c.improvements.count) improvements: update the baseline" }
            if !c.added.isEmpty { notes += "; \(c.added.count) new results not in the baseline" }
            return "PASSED: " + notes
        case .improvedOnly:
            var notes = ["no regressions in \(extent)"]
            if !c.improvements.isEmpty { notes.append("\(c.improvements.count) improvements not in the baseline (strict)") }
            if !c.added.isEmpty { notes.append("\(c.added.count) new results not in the baseline (strict)") }
            return "FAILED (baseline stale): " + notes.joined(separator: "; ")
        case .regressed:
            return "FAILED: " + problems.joined(separator: "; ") + " (\(extent))"
        }
    }

    /// The report as Markdown, ending in a newline.
    public func render() -> String {
        let c = comparison
        var text = "## TrackBench check\n\n**\(verdict)**\n\nBaseline: \(MarkdownText.code(baselineFile)). "
        text += "Tolerance: a change counts when it exceeds both \(NumberFormat.compact(tolerances.standard.absolute)) "
        text += "in the metric's unit and \(NumberFormat.compact(tolerances.standard.relative * 100)) % of the baseline value"
        if !tolerances.absoluteOverrides.isEmpty {
            let overrides = tolerances.absoluteOverrides.sorted { $0.key.column < $1.key.column }
                .map { "`\($0.key.column)` \(NumberFormat.compact($0.value))" }
            text += " (absolute overrides: " + overrides.joined(separator: ", ") + ")"
        }
        text += ".\n"
        if !c.nonFinite.isEmpty {
            text += "\n### Non-finite results (\(c.nonFinite.count))\n\nThe filter produced NaN or infinity: it diverged. "
            text += "This is the worst regression; fix the filter.\n\n" + table(c.nonFinite)
        }
        if !c.regressions.isEmpty {
            text += "\n### Regressions (\(c.regressions.count))\n\n" + table(c.regressions)
        }
        if !c.changedInputs.isEmpty {
            text += "\n### Changed inputs (\(c.changedInputs.count))\n\nThe simulated paths differ from the baseline's "
            text += "(fixes, true or noisy distance) although the suite file and seeds are the same: the noise model changed, "
            text += "so these results cannot be compared. If that was on purpose, run `\(updateCommand)`.\n\n"
            text += keyList(c.changedInputs)
        }
        if !c.missing.isEmpty {
            text += "\n### Missing from this run (\(c.missing.count))\n\nIn the baseline but not produced now: a filter "
            text += "or scenario was removed or renamed.\n\n" + keyList(c.missing)
        }
        if !c.improvements.isEmpty {
            text += "\n### Improvements (\(c.improvements.count))\n\nBetter than the baseline beyond tolerance. If intended, "
            text += "record them with `\(updateCommand)` so the baseline does not go stale.\n\n"
            text += table(c.improvements)
        }
        if !c.added.isEmpty {
            text += "\n### New in this run (\(c.added.count))\n\nNot in the baseline yet; `--update-baseline` adds them.\n\n"
            text += keyList(c.added)
        }
        text += "\n<details><summary>\(c.unchangedCount) comparisons within tolerance</summary>\n\n"
        text += "Every metric of every (scenario, filter, seed) present in both files was compared.\n\n</details>\n"
        return text
    }

    private func table(_ changes: [BaselineComparison.Change]) -> String {
        var text = "| Scenario | Filter | Seed | Metric | Baseline | Current | Delta | Tolerance |\n|---|---|---:|---|---:|---:|---:|---:|\n"
        for change in changes {
            let tolerance = tolerances[change.metric]
            let allowance = max(tolerance.absolute, tolerance.relative * abs(change.baseline ?? 0))
            text += "| \(MarkdownText.code(change.key.scenarioID)) | \(MarkdownText.code(change.key.filter)) | \(change.key.seed) | "
                + "`\(change.metric.column)` | \(format(change.baseline)) | \(format(change.current)) | "
                + "\(change.delta.map(signed) ?? "") | \(format(allowance)) |\n"
        }
        return text
    }

    private func keyList(_ keys: [ScenarioScore.Key]) -> String {
        keys.map { "- \(MarkdownText.code($0.scenarioID)) with \(MarkdownText.code($0.filter)), seed \($0.seed)\n" }.joined()
    }

    private func format(_ value: Double?) -> String {
        guard let value else { return "n/a" }
        return value.isFinite ? NumberFormat.fixed(value, decimals: 4) : (value.isNaN ? "NaN" : "infinite")
    }

    private func signed(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        let text = NumberFormat.fixed(value, decimals: 4)
        return value > 0 && text != "0.0000" ? "+" + text : text
    }
}
