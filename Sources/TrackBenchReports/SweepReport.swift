import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchSupport
/// A tuning sweep's table: one row per parameter value, the summary metrics as columns, the best row and its ties marked.
///
/// With several seeds the best value is only as good as its margin: a value
/// whose difference from the best is not real (`PairedDecision`, paired over
/// the same scenarios and seeds: the one decision `check` also makes) is
/// marked tied, and when any value ties the sweep names no single winner.
package struct SweepReport: Sendable {
    /// One parameter value's results.
    package struct Row: Sendable {
        /// The parameter value.
        package var value: Double
        /// Means over every scenario and seed.
        package var summary: FilterSummary
        /// Half-width of the 95 % confidence interval of the ranking metric's mean over seeds; nil with one seed.
        package var confidenceHalfWidth: Double?
        /// This value judged against the best one (the first side) on the ranking metric; nil for the best row itself.
        package var versusBest: PairedDecision?

        /// Whether some metric came out NaN or infinite: the filter diverged with this value.
        package var hasDiverged: Bool {
            !divergedMetrics.isEmpty
        }

        /// The metrics whose mean came out NaN or infinite, in `Metric.allCases` order: where the filter diverged.
        package var divergedMetrics: [Metric] {
            Metric.allCases.filter { summary.means[$0].map { !$0.isFinite } ?? false }
        }
    }

    /// The filter specification being tuned, without the swept parameter.
    package var filter: String
    /// The swept parameter's name.
    package var parameter: String
    /// The metric that decides the best row.
    package var rankingMetric: Metric
    /// How many seeds the sweep ran.
    package var seedCount: Int
    /// One row per value, in value order.
    package private(set) var rows: [Row]
    /// The row with the best mean ranking metric (first of equals); nil if no row has it.
    package private(set) var bestIndex: Int?

    /// Builds the sweep from its scores.
    /// - Parameters:
    ///   - filter: The tuned filter's specification.
    ///   - parameter: The swept parameter.
    ///   - values: Each value with the label its configuration's scores carry.
    ///   - scores: Every score of the sweep: each label on the same scenarios and seeds.
    ///   - rankingMetric: The metric that picks the best value.
    package init(filter: String, parameter: String, values: [(value: Double, label: String)], scores: [ScenarioScore], rankingMetric: Metric) {
        let tally = Self.tally(rankingMetric: rankingMetric, scores)
        self.init(filter: filter, parameter: parameter, values: values, tally: tally, rankingMetric: rankingMetric)
    }

    /// What the sweep keeps of its rows as they come, to be given to `init(filter:parameter:values:tally:rankingMetric:)`.
    package static func tally(rankingMetric: Metric, _ scores: [ScenarioScore] = []) -> RankingTally {
        RankingTally(scores, seedMetrics: [rankingMetric], pairedMetric: rankingMetric)
    }

    /// Builds the sweep from what `tally(rankingMetric:_:)` gathered of its rows: the same as from the rows themselves.
    package init(filter: String, parameter: String, values: [(value: Double, label: String)], tally: RankingTally, rankingMetric: Metric) {
        self.filter = filter
        self.parameter = parameter
        self.rankingMetric = rankingMetric
        let seeds = tally.seeds
        seedCount = seeds.count
        let summaries = tally.summaries
        rows = values.compactMap { value, label in
            guard let summary = summaries.first(where: { $0.filter == label }) else { return nil }
            let means = tally.seedMeans(of: label)[rankingMetric] ?? [:]
            let halfWidth = Statistics.confidenceHalfWidth95(seeds.compactMap { means[$0] })
            return Row(value: value, summary: summary, confidenceHalfWidth: halfWidth, versusBest: nil)
        }
        var best: (index: Int, value: Double)?
        for (index, row) in rows.enumerated() {
            guard let value = row.summary.means[rankingMetric], !row.hasDiverged else { continue }
            if best.map({ rankingMetric.isBetter(value, than: $0.value) }) ?? true {
                best = (index, value)
            }
        }
        bestIndex = best?.index
        guard let bestIndex else { return }
        for index in rows.indices where index != bestIndex {
            rows[index].versusBest = tally.decision(of: rows[index].summary.filter, against: rows[bestIndex].summary.filter)
        }
    }

    /// Rows (other than the best) whose difference from the best is within noise; a row that diverged is never tied.
    package var tiedIndices: [Int] {
        rows.indices.filter { !rows[$0].hasDiverged && (rows[$0].versusBest.map { !$0.isReal } ?? false) }
    }

    private var metrics: [Metric] {
        Metric.allCases.filter { metric in rows.contains { $0.summary.means[metric] != nil } }
    }

    /// The verdict in one sentence: the best value, and the values it cannot be told apart from.
    package var verdict: String {
        let divergedRows = rows.filter(\.hasDiverged)
        let diverged = divergedRows.map { FilterParameter.format($0.value) }
        // Which metrics diverged, so a finite ranking metric beside a diverged row reads as what it is.
        let metrics = Metric.allCases.filter { metric in divergedRows.contains { $0.divergedMetrics.contains(metric) } }
        let divergedNote = diverged.isEmpty
            ? ""
            : " The filter diverged (NaN or infinite \(metrics.map(\.column).joined(separator: ", "))) "
                + "with \(parameter) = \(diverged.joined(separator: ", "))."
        guard let bestIndex else {
            let finite = rows.filter { $0.summary.means[rankingMetric]?.isFinite ?? false }.map { FilterParameter.format($0.value) }
            guard finite.isEmpty else {
                let which = finite.count == rows.count ? "every value" : "\(parameter) = \(finite.joined(separator: ", "))"
                return "Every value diverged, so none is picked: \(rankingMetric.column) is finite with \(which), but other metrics are not."
                    + divergedNote
            }
            return "No value has a finite \(rankingMetric.column); nothing to pick." + divergedNote
        }
        let best = "\(parameter) = \(FilterParameter.format(rows[bestIndex].value))"
        let ties = tiedIndices.map { FilterParameter.format(rows[$0].value) }
        if ties.isEmpty {
            let others = diverged.isEmpty ? "every other value" : "every other value that did not diverge"
            return "Best \(best) by \(rankingMetric.column): \(others) is really worse (\(PairedDecision.ruleText))." + divergedNote
        }
        return "No single best \(parameter): \(best) has the best mean \(rankingMetric.column), but \(parameter) = \(ties.joined(separator: ", ")) "
            + "\(ties.count == 1 ? "is" : "are") not really different from it (\(PairedDecision.ruleText)). "
            + "Run more seeds (--seeds) to separate them, or pick by another metric." + divergedNote
    }

    /// The table as Markdown: the best row's value in bold with `*`, ties with `=`.
    package func renderMarkdown() -> String {
        let ties = Set(tiedIndices)
        let hasIntervals = seedCount > 1
        var text = "## Sweep of `\(parameter)` for `\(filter)`\n\n"
        text += "Means over the suite's scenarios and \(seedCount == 1 ? "one seed" : "\(seedCount) seeds") (absolute for distance error and lag). "
        text += "Best by `\(rankingMetric.column)`: marked `*`; values not really worse than the best, marked `=`, judged against it "
        text += "as `check` judges a change: \(PairedDecision.ruleText); "
            + "the family is the value's every test, as `check` forms it against the best (Docs/statistics.md).\n\n"
        text += "| \(parameter) | Best | Improved | " + metrics.map { metric in
            metric == rankingMetric && hasIntervals ? "\(metric.title) ± 95 % CI" : metric.title
        }.joined(separator: " | ") + " | vs best |\n"
        text += "|---:|:---:|---:|" + String(repeating: "---:|", count: metrics.count) + "---:|\n"
        for (index, row) in rows.enumerated() {
            let value = FilterParameter.format(row.value)
            let mark = index == bestIndex ? "*" : ties.contains(index) ? "=" : row.hasDiverged ? "diverged" : ""
            var cells = [index == bestIndex ? "**\(value)**" : value, mark]
            cells.append("\(row.summary.improvedCount)/\(row.summary.scenarioCount)")
            cells += metrics.map { metric in
                guard let mean = row.summary.means[metric] else { return "" }
                let number = NumberFormat.fixed(mean, decimals: 3)
                guard metric == rankingMetric, hasIntervals, let halfWidth = row.confidenceHalfWidth else { return number }
                return number + " ± " + NumberFormat.fixed(halfWidth, decimals: 3)
            }
            cells.append(row.versusBest.map(Self.versusBestText) ?? "")
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text + "\n" + verdict + "\n"
    }

    /// A value against the best: "worse (t over 10 seeds: p = 1.2e-05 ≤ 5.0e-04)", "tied (...)", "identical" or
    /// "too few pairs for a test (n = 3)".
    static func versusBestText(_ decision: PairedDecision) -> String {
        switch decision.verdict {
        case .identical: return "identical"
        case .tooFewPairs: return decision.testText
        case .regression: return "worse (\(decision.testText))"
        case .improvement: return "better (\(decision.testText))"
        case .withinTolerance: return "tied (\(decision.testText), within the allowance)"
        case .withinNoise: return "tied (\(decision.testText))"
        }
    }

    /// "= 0.042", "< 0.001, under 1 %" when the threshold decided a tie, "too few pairs for a test (n = 3)", or
    /// "one sample: no test": a tuning's held-out comparison (`TuneReport`).
    static func versusBestText(_ significance: Significance) -> String {
        guard let p = significance.pValue else { return MarkdownReport.noTest }
        if let tooFew = MarkdownReport.tooFewPairs(significance) { return tooFew }
        let underThreshold = significance.isSignificant && !significance.isReal
        return MarkdownReport.pText(p) + (underThreshold ? ", under \(NumberFormat.compact(Significance.noiseThreshold * 100)) %" : "")
    }

    /// The table as CSV: `value,best,tied,improved,runs`, one column per metric (its CSV name), the ranking metric's CI
    /// half-width and p-value against the best.
    package func renderCSV() -> String {
        // A value that diverged is written empty, as in results.csv.
        func number(_ value: Double?) -> String {
            value.flatMap { $0.isFinite ? NumberFormat.fixed($0, decimals: 4) : nil } ?? ""
        }
        let ties = Set(tiedIndices)
        let interval = "\(rankingMetric.column)_ci95"
        var text = ([CSVField.escaped(parameter), "best", "tied", "improved", "runs"] + metrics.map(\.column) + [interval, "p_vs_best"])
            .joined(separator: ",") + "\n"
        for (index, row) in rows.enumerated() {
            var fields = [FilterParameter.format(row.value), index == bestIndex ? "true" : "false", ties.contains(index) ? "true" : "false"]
            fields += [String(row.summary.improvedCount), String(row.summary.scenarioCount)]
            fields += metrics.map { number(row.summary.means[$0]) }
            fields.append(number(row.confidenceHalfWidth))
            fields.append(number(row.versusBest?.pValue ?? nil))
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }
}
