import Foundation
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchSupport

/// The regression gate's Markdown: the verdict with how much was compared, one line per filter, then only what
/// explains a failure.
///
/// Written to fit a terminal and a CI job summary. The first line is the
/// verdict; then a table with one line per filter (its most telling test:
/// the worst regression, else the largest improvement, else its distance
/// error over the whole suite); then, bounded to `listLimit` entries each
/// unless `isVerbose`, the regressions, the rows that moved most in each,
/// the results that diverged, went missing or had other input, and the
/// improvements with the command that records them; last, how the verdict
/// was reached.
package struct BaselineReport: Sendable {
    /// The row comparison.
    package var comparison: BaselineComparison
    /// The paired verdicts; nil in exact mode (`check --exact`), which judges every row on its own.
    package var verdicts: PairedVerdicts?
    /// The tolerances it was made with.
    package var tolerances: ToleranceSet
    /// Whether improvements and additions fail the gate.
    package var isStrict: Bool
    /// Whether every entry is listed, instead of the first `listLimit` of each kind.
    package var isVerbose = false
    /// The baseline file, as the user named it.
    package var baselineFile: String
    /// The command that re-records the baseline, as the user would type it.
    package var updateCommand: String
    /// What part of the baseline was judged, when not all of it: "1 of the baseline's 14 filters".
    package var scope: String?

    /// How many entries of each kind are listed without `isVerbose`.
    package static let listLimit = 10
    /// How many of the rows that moved most are shown under each regression without `isVerbose`: all a comparison
    /// needs to keep of them (`BaselineComparison.init(tolerances:worstRowLimit:comparesInputs:seedsInBlocks:)`).
    package static let worstRowLimit = 5

    /// Creates a report.
    package init(
        comparison: BaselineComparison, verdicts: PairedVerdicts?, tolerances: ToleranceSet, isStrict: Bool,
        baselineFile: String, updateCommand: String
    ) {
        self.comparison = comparison
        self.verdicts = verdicts
        self.tolerances = tolerances
        self.isStrict = isStrict
        self.baselineFile = baselineFile
        self.updateCommand = updateCommand
    }

    /// The gate's outcome: paired verdicts where made, else every row's.
    package var outcome: BaselineComparison.Verdict {
        let c = comparison
        guard let verdicts else { return c.verdict(strict: isStrict) }
        guard c.nonFinite.isEmpty, c.missing.isEmpty, c.changedInputs.isEmpty, lostValues.isEmpty, c.badBaselineValues.isEmpty,
              !verdicts.hasRegression else { return .regressed }
        return isStrict && (verdicts.hasImprovement || !c.added.isEmpty) ? .improvedOnly : .pass
    }

    /// Metrics that had a value in the baseline and have none now: the filter stopped producing it.
    var lostValues: [BaselineComparison.Change] {
        comparison.regressions.filter { $0.baseline != nil && $0.current == nil }
    }

    /// How much was compared, for the verdict line.
    var extent: String {
        let c = comparison
        guard let verdicts else {
            return "\(c.comparedCount) metric comparisons over \(c.comparedResultCount) results"
        }
        let changed = verdicts.tests.contains { $0.verdict != .identical }
        // With no pair, no value was compared, identical or not: the count says it all.
        let tests: String? = verdicts.testCount > 0
            ? "\(NumberFormat.count(verdicts.testCount, "test")), Holm at \(NumberFormat.compact(PairedVerdicts.familyAlpha)) within each filter"
            : changed ? "no test could run (too few pairs)" : c.comparedResultCount == 0 ? nil : "every value identical, so no test was needed"
        return "\(NumberFormat.count(verdicts.filters.count, "filter")), \(c.comparedResultCount) results paired"
            + (tests.map { ", \($0)" } ?? "") + (scope.map { "; \($0)" } ?? "")
    }

    /// One line: passed or failed, why, and how much was compared.
    package var verdict: String {
        let c = comparison
        var problems: [String] = []
        if !c.badBaselineValues.isEmpty { problems.append("\(NumberFormat.count(c.badBaselineValues.count, "unusable baseline value"))") }
        if !c.nonFinite.isEmpty {
            problems.append(
                "\(NumberFormat.count(c.nonFinite.count, "non-finite result")) (\(Self.filterList(c.nonFinite.map(\.key.filter))) diverged)"
            )
        }
        if let verdicts {
            let findings = MetricFinding.findings(in: verdicts)
            for filter in verdicts.filters {
                let found = findings.filter { $0.filter == filter }
                guard let first = found.first else { continue }
                var text = "\(MarkdownText.code(filter)) got worse: \(Self.describe(first))"
                if found.count > 1 { text += " and in \(NumberFormat.count(found.count - 1, "more metric"))" }
                let better = verdicts.improvements.filter { $0.filter == filter }
                if let best = better.first {
                    text += "; trade-off: better \(Self.describe(best))"
                        + (better.count > 1 ? " and \(NumberFormat.count(better.count - 1, "more improvement"))" : "")
                }
                problems.append(text)
            }
            if !verdicts.rowRegressions.isEmpty {
                problems.append(
                    "\(NumberFormat.count(verdicts.rowRegressions.count, "row")) worse beyond tolerance "
                        + "(\(Self.filterList(verdicts.rowRegressions.map(\.key.filter))), too few pairs for a test)"
                )
            }
            if !lostValues.isEmpty {
                problems.append(
                    "\(NumberFormat.count(lostValues.count, "metric value")) no longer produced (\(Self.filterList(lostValues.map(\.key.filter))))"
                )
            }
        } else if !c.regressions.isEmpty {
            let scenarios = Set(c.regressions.map(\.key.scenarioID)).count
            problems.append(
                "\(NumberFormat.count(c.regressions.count, "regression")) in \(NumberFormat.count(scenarios, "scenario")) "
                    + "(\(Self.filterList(c.regressions.map(\.key.filter))))"
            )
        }
        if !c.missing.isEmpty { problems.append("\(NumberFormat.count(c.missing.count, "result")) missing from this run") }
        if !c.changedInputs.isEmpty { problems.append("\(NumberFormat.count(c.changedInputs.count, "result")) with changed simulated input") }
        let improvementCount = verdicts.map { $0.improvements.count + $0.rowImprovements.count } ?? c.improvements.count
        switch outcome {
        case .pass:
            var notes = (verdicts == nil ? "no regressions in " : "no filter got worse: ") + extent
            if improvementCount > 0 { notes += "; \(NumberFormat.count(improvementCount, "improvement")): update the baseline" }
            if !c.added.isEmpty { notes += "; \(NumberFormat.count(c.added.count, "new result")) not in the baseline" }
            return "PASSED: " + notes
        case .improvedOnly:
            var notes = ["no regressions in \(extent)"]
            if improvementCount > 0 { notes.append("\(NumberFormat.count(improvementCount, "improvement")) not in the baseline (strict)") }
            if !c.added.isEmpty { notes.append("\(NumberFormat.count(c.added.count, "new result")) not in the baseline (strict)") }
            return "FAILED (baseline stale): " + notes.joined(separator: "; ")
        case .regressed:
            return "FAILED: " + problems.joined(separator: "; ") + " (\(extent))"
        }
    }

    /// The report as Markdown, ending in a newline.
    package func render() -> String {
        var text = "## TrackBench check\n\n**\(verdict)**\n\n"
        if let verdicts {
            text += findingTable(verdicts)
            text += filterTable(verdicts)
            text += regressionSections(verdicts)
        } else if !comparison.regressions.isEmpty {
            text += section("Regressions", comparison.regressions, intro: "", render: changeTable)
        }
        text += rowSections()
        text += improvementSections()
        text += method()
        return text
    }

    // MARK: - Paired verdicts

    /// What got worse, one line per filter and metric, the most severe relative to its allowance first, each
    /// followed by the groups and scenarios that explain it; empty when nothing got worse.
    private func findingTable(_ verdicts: PairedVerdicts) -> String {
        let findings = MetricFinding.findings(in: verdicts)
        guard !findings.isEmpty else { return "" }
        let limit = isVerbose ? findings.count : Self.listLimit
        let explaining = isVerbose ? Int.max : 3
        var text = "### What got worse\n\n"
        text += "Each filter and metric that got worse: those worse over the whole suite first, then those worse in a group or one "
            + "scenario, each the worst relative to its allowance first; under each, the groups and scenarios that explain it. "
            + "Change is the run's mean minus the baseline's, the statistic tested.\n\n"
        text += "| Filter | Metric | Where | Verdict | Pairs | Baseline → run | Change | Allowance | Test: p ≤ level |\n"
        text += "|---|---|---|---|---:|---:|---:|---:|---|\n"
        for finding in findings.prefix(limit) {
            text += "| \(MarkdownText.code(finding.filter)) | " + testCells(finding.suite) + " |\n"
            for group in finding.groups.prefix(explaining) {
                text += "| | " + testCells(group) + " |\n"
            }
            for scenario in finding.scenarios.prefix(explaining) {
                text += "| | " + scenarioCells(scenario) + " |\n"
            }
            let hidden = max(0, finding.groups.count - explaining) + max(0, finding.scenarios.count - explaining)
            if hidden > 0 { text += "| | | \(hidden) more; `--verbose` lists them | | | | | | |\n" }
        }
        if findings.count > limit { text += "\n\(findings.count - limit) more; `--verbose` lists them all.\n" }
        return text + "\n"
    }

    /// One line per filter: its most telling test, with that test's verdict.
    private func filterTable(_ verdicts: PairedVerdicts) -> String {
        var text = "| Filter | Metric | Where | Verdict | Pairs | Baseline → run | Change | Allowance | Test: p ≤ level |\n"
        text += "|---|---|---|---|---:|---:|---:|---:|---|\n"
        for filter in verdicts.filters {
            let tests = verdicts.tests(of: filter)
            let rowProblem = comparison.nonFinite.contains { $0.key.filter == filter } ? "diverged"
                : verdicts.rowRegressions.contains { $0.key.filter == filter } ? "rows worse"
                : lostValues.contains { $0.key.filter == filter } ? "values lost" : nil
            // The filter's worst finding, else its first improvement, else its distance error over the suite:
            // the verdict beside the numbers is always that test's own.
            let headline = tests.first { $0.metric == .errorPercent && $0.group == PairedVerdicts.wholeSuite } ?? tests.first
            let finding = MetricFinding.findings(in: verdicts).first { $0.filter == filter }
            let scenario = finding.flatMap { $0.suite.verdict == .regression || !$0.groups.isEmpty ? nil : $0.scenarios.first }
            var cells: String
            if let scenario {
                cells = scenarioCells(scenario)
            } else if let shown = finding.map({ $0.suite.verdict == .regression ? $0.suite : $0.groups[0] })
                ?? verdicts.improvements.first(where: { $0.filter == filter }) ?? headline {
                cells = testCells(shown)
            } else {
                continue
            }
            if let rowProblem {
                let parts = cells.components(separatedBy: " | ")
                cells = (parts.prefix(2) + ["**\(rowProblem)**"] + parts.dropFirst(3)).joined(separator: " | ")
            }
            text += "| \(MarkdownText.code(filter)) | " + cells + " |\n"
        }
        return text
    }

    /// Metric, group, verdict, pairs, means, change, allowance and the deciding test of one test, as table cells.
    private func testCells(_ test: PairedVerdicts.Test) -> String {
        let metric = test.metric
        let decimals = max(2, metric.decimals)
        let means = "\(NumberFormat.fixed(test.baselineMean, decimals: decimals)) → \(NumberFormat.fixed(test.currentMean, decimals: decimals))"
        let verdict = test.verdict == .regression ? "**regressed**" : test.verdict == .improvement ? "improved" : test.verdict.rawValue
        return [
            "`\(metric.column)`", MarkdownText.safe(test.group), verdict, "\(test.pairCount)", means, Self.signed(test.change, decimals: decimals),
            NumberFormat.fixed(test.allowance, decimals: decimals), Self.decision(test),
        ].joined(separator: " | ")
    }

    /// The cells of a scenario the per-scenario guard caught, in `testCells`' columns.
    private func scenarioCells(_ finding: ScenarioWorsening) -> String {
        let decimals = max(2, finding.metric.decimals)
        let means = "\(NumberFormat.fixed(finding.baselineMean, decimals: decimals)) → \(NumberFormat.fixed(finding.currentMean, decimals: decimals))"
        return [
            "`\(finding.metric.column)`", "scenario \(MarkdownText.code(finding.scenarioID))", "**regressed** (guard)",
            "\(NumberFormat.count(finding.seedCount, "seed"))", means,
            Self.signed(finding.currentMean - finding.baselineMean, decimals: decimals),
            NumberFormat.fixed(finding.absoluteThreshold, decimals: decimals),
            Self.guardRule(finding),
        ].joined(separator: " | ")
    }

    /// The per-scenario guard's rule with its thresholds and test: "worse by > 50 % of 1.80 and > 10× the allowance;
    /// t over 10 seeds: p = 3.1e-06 ≤ 2.0e-04".
    static func guardRule(_ finding: ScenarioWorsening) -> String {
        let decimals = max(2, finding.metric.decimals)
        return "worse by > \(NumberFormat.compact(ScenarioWorsening.relativeThreshold * 100)) % of "
            + "\(NumberFormat.fixed(abs(finding.baselineMean), decimals: decimals)) and > "
            + "\(NumberFormat.compact(ScenarioWorsening.allowanceMultiple))× the allowance "
            + "\(NumberFormat.fixed(finding.absoluteThreshold / ScenarioWorsening.allowanceMultiple, decimals: decimals)); "
            + "t over \(finding.seedCount) seeds: p \(pText(finding.seedTest.pValue)) ≤ \(pText(finding.level).dropFirst(2))"
    }

    /// The test that decided, with its p-value and the level it was compared with (`PairedDecision.testText`).
    static func decision(_ test: PairedVerdicts.Test) -> String {
        test.decision.testText
    }

    /// Tests as a table, one row each: the filter, then `testCells`.
    private func testTable(_ tests: [PairedVerdicts.Test]) -> String {
        "| Filter | Metric | Where | Verdict | Pairs | Baseline → run | Change | Allowance | Test: p ≤ level |\n"
            + "|---|---|---|---|---:|---:|---:|---:|---|\n"
            + tests.map { "| \(MarkdownText.code($0.filter)) | " + testCells($0) + " |\n" }.joined()
    }

    /// Scenarios the per-scenario guard caught, one row each.
    private func scenarioTable(_ findings: [ScenarioWorsening]) -> String {
        "| Filter | Metric | Where | Verdict | Seeds | Baseline → run | Change | Threshold | Rule |\n"
            + "|---|---|---|---|---:|---:|---:|---:|---|\n"
            + findings.map { "| \(MarkdownText.code($0.filter)) | " + scenarioCells($0) + " |\n" }.joined()
    }

    /// Every regression test and guarded scenario, then the rows that moved most in each filter's worst finding.
    private func regressionSections(_ verdicts: PairedVerdicts) -> String {
        var text = ""
        let regressions = verdicts.regressions
        if !regressions.isEmpty {
            text += section(
                "Regressions", regressions,
                intro: "Each a significant worsening of the mean beyond its allowance; the whole suite first, then the most severe.\n\n",
                render: testTable
            )
        }
        if !verdicts.scenarioWorsenings.isEmpty {
            text += section(
                "Scenarios worse beyond the guard", verdicts.scenarioWorsenings,
                intro: "The per-scenario guard: a scenario whose mean over seeds got worse by more than "
                    + "\(NumberFormat.compact(ScenarioWorsening.relativeThreshold * 100)) % of its baseline mean and by more than "
                    + "\(NumberFormat.compact(ScenarioWorsening.allowanceMultiple)) times the metric's allowance over the whole suite "
                    + "is a regression, whatever the rest of the suite did, when Student's t-test over its seeds is significant within "
                    + "the filter's family.\n\n",
                render: scenarioTable
            )
        }
        let findings = MetricFinding.findings(in: verdicts)
        for filter in verdicts.filters {
            guard let worst = findings.first(where: { $0.filter == filter }) else { continue }
            text += worstRows(of: worst)
        }
        if !verdicts.rowRegressions.isEmpty {
            text += section(
                "Rows worse beyond tolerance", verdicts.rowRegressions,
                intro: "These filters and metrics have too few pairs for a test at the gate's level, so each row is judged on its own.\n\n",
                render: changeTable
            )
        }
        return text
    }

    /// The rows that moved most in a finding's metric, where it is worst: its suite or group regression, else its
    /// guarded scenario. Values as the gate compares them (absolute where closer to zero is better), and the
    /// change signed so that worse is positive.
    private func worstRows(of finding: MetricFinding) -> String {
        let metric = finding.metric
        let test = finding.suite.verdict == .regression ? finding.suite : finding.groups.first
        let scenario = test == nil ? finding.scenarios.first?.scenarioID : nil
        let place = scenario.map { "scenario \(MarkdownText.code($0))" } ?? MarkdownText.safe(test?.group ?? PairedVerdicts.wholeSuite)
        let tally = comparison.paired
        let (rows, total) = scenario.map { tally.worstRows(filter: finding.filter, metric: metric, scenarioID: $0) }
            ?? tally.worstRows(filter: finding.filter, metric: metric, group: test?.group ?? PairedVerdicts.wholeSuite)
        let limit = isVerbose ? total : Self.worstRowLimit
        let value = metric.direction == .closerToZero ? "|\(metric.column)|" : metric.column
        var text = "\n#### Rows of \(MarkdownText.code(finding.filter)) that got worst in `\(value)` (\(place))\n\n"
        text += "Single rows are noisy samples: the verdict comes from the means above. Worse by is positive when the row got worse.\n\n"
        text += "| Scenario | Seed | Baseline | Run | Worse by |\n|---|---:|---:|---:|---:|\n"
        for row in rows.prefix(limit) {
            text += "| \(MarkdownText.code(row.key.scenarioID)) | \(row.key.seed) | \(format(row.before)) | \(format(row.after)) | "
                + "\(Self.signed(row.worsening, decimals: 4)) |\n"
        }
        if total > limit { text += "\n\(total - limit) more rows; `--verbose` lists them.\n" }
        return text
    }

    // MARK: - Row findings

    private func rowSections() -> String {
        let c = comparison
        var text = ""
        if !c.badBaselineValues.isEmpty {
            text += section(
                "Unusable baseline values", c.badBaselineValues,
                intro: "The baseline holds a non-finite value, or none where this run measures one: any run would pass against it. "
                    + "Re-record it with `\(updateCommand)`.\n\n",
                render: changeTable
            )
        }
        if !c.nonFinite.isEmpty {
            text += section(
                "Non-finite results", c.nonFinite,
                intro: "The filter produced NaN or infinity: it diverged. This is the worst regression; fix the filter.\n\n", render: changeTable
            )
        }
        if verdicts != nil, !lostValues.isEmpty {
            text += section(
                "Values no longer produced", lostValues,
                intro: "The baseline has these values and this run does not: the filter stopped producing them.\n\n", render: changeTable
            )
        }
        if !c.changedInputs.isEmpty {
            text += section(
                "Changed inputs", c.changedInputs,
                intro: "The simulated paths differ from the baseline's (fixes, true or noisy distance) although the suite file and seeds are the "
                    + "same: the noise model changed, so these results cannot be compared, whatever the tolerances. "
                    + "If that was on purpose, run `\(updateCommand)`.\n\n",
                render: keyList
            )
        }
        if !c.estimateCountChanges.isEmpty {
            text += section(
                "Estimated fixes changed", c.estimateCountChanges,
                intro: "The filter delivered another number of estimates than in the baseline. `kept_pct` judges this; "
                    + "the counts are exact where its two decimals are not.\n\n",
                render: estimateCountTable
            )
        }
        if !c.missing.isEmpty {
            text += section(
                "Missing from this run", c.missing,
                intro: "In the baseline but not produced now: a filter or scenario was removed or renamed.\n\n", render: keyList
            )
        }
        return text
    }

    private func improvementSections() -> String {
        let c = comparison
        var text = ""
        let hint = "If intended, record them with `\(updateCommand)` so the baseline does not go stale.\n\n"
        if let verdicts {
            if !verdicts.improvements.isEmpty {
                text += section("Improvements", verdicts.improvements, intro: "Significantly better beyond the allowance. " + hint, render: testTable)
            }
            if !verdicts.rowImprovements.isEmpty {
                text += section("Rows better beyond tolerance", verdicts.rowImprovements, intro: hint, render: changeTable)
            }
        } else if !c.improvements.isEmpty {
            text += section("Improvements", c.improvements, intro: "Better than the baseline beyond tolerance. " + hint, render: changeTable)
        }
        if !c.added.isEmpty {
            text += section("New in this run", c.added, intro: "Not in the baseline yet; `--update-baseline` adds them.\n\n", render: keyList)
        }
        return text
    }

    /// How the verdict was reached, with the numbers that decided it.
    private func method() -> String {
        var text = "\n### How this was judged\n\nBaseline: \(MarkdownText.code(baselineFile)). "
        if let verdicts {
            text += "Each filter's metrics were paired with the baseline's over (scenario, seed) and judged by the change in their mean, "
            text += "over the whole suite and within each group of scenarios, with two tests: Student's paired t-test over seeds "
                + "(per seed, the mean change over the group's scenarios; at least \(PairedDecision.minimumSeeds) seeds) and Wilcoxon's "
                + "signed-rank test on the pairs that changed (unchanged pairs dropped; at least \(PairedDecision.minimumChangedPairs)). "
            text += "Each filter's tests that ran are one family, corrected by Holm's step-down procedure at "
                + "\(NumberFormat.compact(PairedVerdicts.familyAlpha)) (\(NumberFormat.count(verdicts.testCount, "test")) ran"
                + (verdicts.filters.count > 1 ? " in \(verdicts.filters.count) families)" : ")")
                + ": a filter that did not change fails at most \(NumberFormat.compact(PairedVerdicts.familyAlpha * 100)) % of the time, "
                + "whatever else the baseline holds. "
            text += "A significant change counts when the change in the mean exceeds the allowance: the largest of "
                + "\(NumberFormat.compact(tolerances.standard.absolute)) "
            text += "in the metric's unit, \(NumberFormat.compact(tolerances.standard.relative * 100)) % of the baseline's mean "
                + "and the metric's written resolution. A scenario whose mean over seeds got worse by more than "
                + "\(NumberFormat.compact(ScenarioWorsening.relativeThreshold * 100)) % and by more than "
                + "\(NumberFormat.compact(ScenarioWorsening.allowanceMultiple)) allowances, significantly over its seeds (one more test "
                + "in the family), is a regression on its own (the per-scenario guard)"
        } else {
            text += "Every metric of every (scenario, filter, seed) in both files was compared on its own (`--exact`). "
            text += "A change counts when it exceeds both \(NumberFormat.compact(tolerances.standard.absolute)) "
            text += "in the metric's unit and \(NumberFormat.compact(tolerances.standard.relative * 100)) % of the baseline value"
        }
        if !tolerances.absoluteOverrides.isEmpty {
            let overrides = tolerances.absoluteOverrides.sorted { $0.key.column < $1.key.column }
                .map { "`\($0.key.column)` \(NumberFormat.compact($0.value))" }
            text += " (absolute overrides: " + overrides.joined(separator: ", ") + ")"
        }
        text += ". Simulated inputs must match exactly (fixes; true and noisy distance within "
            + "\(NumberFormat.compact(BaselineComparison.inputTolerance.absolute)) m). "
        text += "`estimated_fixes` was compared exactly: \(comparison.estimateCountChanges.count) of "
            + "\(NumberFormat.count(comparison.comparedResultCount, "paired result")) differ (`kept_pct` judges them).\n"
        if let verdicts {
            let counts = PairedVerdicts.Verdict.allCases.compactMap { kind -> String? in
                let n = verdicts.tests.filter { $0.verdict == kind }.count
                return n == 0 ? nil : "\(n) \(kind.rawValue)"
            }
            text += "\n\(NumberFormat.count(verdicts.tests.count, "comparison")) of a filter's metric in a group "
                + "(\(verdicts.testCount) with two pairs or more, "
            text += "which set the level): " + counts.joined(separator: ", ") + ".\n"
        } else {
            text += "\n\(comparison.unchangedCount) comparisons within tolerance.\n"
        }
        return text
    }

    // MARK: - Helpers

    /// A titled section listing `items`, the first `listLimit` unless verbose.
    private func section<Item>(_ title: String, _ items: [Item], intro: String, render: ([Item]) -> String) -> String {
        let limit = isVerbose ? items.count : Self.listLimit
        var text = "\n### \(title) (\(items.count))\n\n" + intro + render(Array(items.prefix(limit)))
        if items.count > limit { text += "\n\(items.count - limit) more; `--verbose` lists them all.\n" }
        return text
    }

    private func changeTable(_ changes: [BaselineComparison.Change]) -> String {
        var text = "| Scenario | Filter | Seed | Metric | Baseline | Current | Delta | Tolerance |\n|---|---|---:|---|---:|---:|---:|---:|\n"
        for change in changes {
            let tolerance = tolerances[change.metric]
            let allowance = max(tolerance.absolute, tolerance.relative * abs(change.baseline ?? 0))
            text += "| \(MarkdownText.code(change.key.scenarioID)) | \(MarkdownText.code(change.key.filter)) | \(change.key.seed) | "
                + "`\(change.metric.column)` | \(format(change.baseline)) | \(format(change.current)) | "
                + "\(change.delta.map { Self.signed($0, decimals: 4) } ?? "") | \(format(allowance)) |\n"
        }
        return text
    }

    private func estimateCountTable(_ changes: [BaselineComparison.EstimateCountChange]) -> String {
        var text = "| Scenario | Filter | Seed | Baseline | Current |\n|---|---|---:|---:|---:|\n"
        for change in changes {
            text += "| \(MarkdownText.code(change.key.scenarioID)) | \(MarkdownText.code(change.key.filter)) | \(change.key.seed) | "
                + "\(change.baseline) | \(change.current) |\n"
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

    /// A test in a few words: "`error_pct` +1.54 [+1.41, +1.67] in all scenarios (allowance 0.006, p = 3.1e-12)".
    static func describe(_ test: PairedVerdicts.Test) -> String {
        let decimals = max(2, test.metric.decimals)
        let unit = test.metric.unit.isEmpty ? "" : " \(test.metric.unit)"
        return "`\(test.metric.column)` \(signed(test.change, decimals: decimals))\(unit) in \(MarkdownText.safe(test.group)) "
            + "(\(NumberFormat.fixed(test.baselineMean, decimals: decimals)) → \(NumberFormat.fixed(test.currentMean, decimals: decimals)), "
            + "allowance \(NumberFormat.fixed(test.allowance, decimals: decimals)), \(decision(test)))"
    }

    /// A finding in a few words: its suite regression, else its worst group, else its worst guarded scenario.
    static func describe(_ finding: MetricFinding) -> String {
        if finding.suite.verdict == .regression { return describe(finding.suite) }
        if let group = finding.groups.first { return describe(group) }
        guard let scenario = finding.scenarios.first else { return describe(finding.suite) }
        return describe(scenario)
    }

    /// A scenario the per-scenario guard caught, in a few words, with the guard's rule.
    static func describe(_ scenario: ScenarioWorsening) -> String {
        let decimals = max(2, scenario.metric.decimals)
        let unit = scenario.metric.unit.isEmpty ? "" : " \(scenario.metric.unit)"
        return "`\(scenario.metric.column)` \(signed(scenario.currentMean - scenario.baselineMean, decimals: decimals))\(unit) "
            + "in scenario \(MarkdownText.code(scenario.scenarioID)) (mean of \(NumberFormat.count(scenario.seedCount, "seed")) "
            + "\(NumberFormat.fixed(scenario.baselineMean, decimals: decimals)) → \(NumberFormat.fixed(scenario.currentMean, decimals: decimals)); "
            + "per-scenario guard: \(guardRule(scenario)))"
    }

    /// "= 0.042", or "= 3.1e-12" for small values, which a Bonferroni level needs.
    static func pText(_ p: Double) -> String {
        PairedDecision.pText(p)
    }

    static func signed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return NumberFormat.nonFinite }
        let text = NumberFormat.fixed(value, decimals: decimals)
        return value > 0 && text.contains(where: { $0 != "0" && $0 != "." }) ? "+" + text : text
    }


    private static func filterList(_ filters: [String]) -> String {
        Set(filters).sorted().map(MarkdownText.code).joined(separator: ", ")
    }
}
