import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchSupport
/// What `tune` found: every setting tried with its training means, the best few and the current setting rerun on
/// held-out seeds and ranked there with paired tests, the gap between the two, and the Pareto front.
///
/// The search sees only the training seeds; the held-out seeds are a range it never used, so a setting that won
/// by the luck of the training noise shows as a gap (held-out worse than training) and as a tie or a loss against
/// the others on held-out seeds. Held-out means are those `run --filter SPEC --seeds HELD-OUT` reports.
package struct TuneReport: Sendable {
    /// One setting: its values, training means and, when it was rerun, held-out figures.
    package struct Setting: Sendable {
        /// The label of its results.
        package var label: String
        /// The specification `run --filter` takes.
        package var specification: String
        /// One value per tuned parameter; empty for a current setting that is not on the grid.
        package var values: [Double]
        /// How many training seeds it ran on: all of them, or fewer if successive halving dropped it.
        package var trainingSeedCount: Int
        /// Means over the suite and the training seeds it ran on.
        package var training: FilterSummary
        /// Its figures on the held-out seeds; nil when it was not rerun.
        package var heldOut: HeldOut?

        /// Creates a setting without held-out figures.
        package init(label: String, specification: String, values: [Double], trainingSeedCount: Int, training: FilterSummary) {
            self.label = label
            self.specification = specification
            self.values = values
            self.trainingSeedCount = trainingSeedCount
            self.training = training
        }
    }

    /// A setting's figures on the held-out seeds.
    package struct HeldOut: Sendable {
        /// Means over the suite and the held-out seeds.
        package var summary: FilterSummary
        /// Half-width of the 95 % confidence interval of the objective's mean over seeds; nil with one seed.
        package var confidenceHalfWidth: Double?
        /// The objective against the held-out best, paired by scenario and seed; nil for the best itself.
        package var versusBest: Significance?
        /// The objective against the current setting, paired; nil for the current setting or without one.
        package var versusCurrent: Significance?
    }

    /// The tuned filter as given.
    package var filter: String
    /// The tuned parameters' names and units.
    package var parameters: [(name: String, unit: String)]
    /// The objective, constraints and Pareto metrics.
    package var objective: TuneObjective
    /// How the search ran, in a sentence.
    package var search: String
    /// The suite's name.
    package var suite: String
    /// The seeds the search used.
    package var trainingSeeds: SeedRange
    /// The seeds only the best settings and the current one ran on.
    package var heldOutSeeds: SeedRange
    /// Every setting tried, in grid order, then the current setting when it is not on the grid.
    package private(set) var settings: [Setting]
    /// The current setting's position in `settings`; nil without one.
    package private(set) var currentIndex: Int?
    /// Settings best first by training means: those that ran on more seeds first, then as the objective ranks them.
    package private(set) var trainingOrder: [Int]
    /// The rerun settings best first by held-out mean of the objective.
    package private(set) var heldOutOrder: [Int]
    /// The settings on the Pareto front of the training means, among those that ran on every training seed.
    package private(set) var paretoFront: Set<Int>
    /// The winner: the grid setting first in `trainingOrder`; nil when no setting has a finite objective.
    package private(set) var winnerIndex: Int?

    /// Builds the report.
    /// - Parameters:
    ///   - settings: Every setting tried in grid order, then the current setting when it is not on the grid.
    ///   - currentIndex: The current setting's position in `settings`, if any.
    ///   - gridCount: How many of `settings` are on the grid (the rest is the current setting).
    ///   - heldOut: The held-out runs of the rerun settings, tallied with `heldOutTally(objective:)`.
    package init(
        filter: String, parameters: [(name: String, unit: String)], objective: TuneObjective, search: String, suite: String,
        trainingSeeds: SeedRange, heldOutSeeds: SeedRange, settings: [Setting], currentIndex: Int?, gridCount: Int, heldOut: RankingTally
    ) {
        self.filter = filter
        self.parameters = parameters
        self.objective = objective
        self.search = search
        self.suite = suite
        self.trainingSeeds = trainingSeeds
        self.heldOutSeeds = heldOutSeeds
        self.settings = settings
        self.currentIndex = currentIndex
        let grid = Array(settings.prefix(gridCount))
        let most = grid.map(\.trainingSeedCount).max() ?? 0
        let ranked = objective.ranked(grid.map(\.training.means))
        trainingOrder = ranked.filter { grid[$0].trainingSeedCount == most } + ranked.filter { grid[$0].trainingSeedCount != most }
        let full = grid.indices.filter { grid[$0].trainingSeedCount == most }
        paretoFront = Set(objective.paretoFront(full.map { grid[$0].training.means }).map { full[$0] })
        winnerIndex = trainingOrder.first.flatMap { grid[$0].training.means[objective.metric]?.isFinite == true ? $0 : nil }

        let summaries = Dictionary(heldOut.summaries.map { ($0.filter, $0) }, uniquingKeysWith: { first, _ in first })
        let rerun = settings.indices.compactMap { index in summaries[settings[index].label].map { (index: index, summary: $0) } }
        heldOutOrder = objective.ranked(rerun.map(\.summary.means)).map { rerun[$0].index }
        let metric = objective.metric
        let best = heldOutOrder.first.map { settings[$0].label }
        let current = currentIndex.flatMap { summaries[settings[$0].label] != nil ? settings[$0].label : nil }
        for (index, summary) in rerun {
            let label = settings[index].label
            let means = heldOut.seedMeans(of: label)[metric] ?? [:]
            self.settings[index].heldOut = HeldOut(
                summary: summary,
                confidenceHalfWidth: Statistics.confidenceHalfWidth95(heldOut.seeds.compactMap { means[$0] }),
                versusBest: best.flatMap { $0 == label ? nil : heldOut.significance(of: label, against: $0) },
                versusCurrent: current.flatMap { $0 == label ? nil : heldOut.significance(of: label, against: $0) }
            )
        }
    }

    /// Whether the current setting, off the grid's winner, beats the winner on the training seeds (meeting the
    /// constraints wherever the winner does) and is the best of every rerun setting on the held-out seeds: then
    /// nothing tried is better and the current setting should be kept, not replaced by the winner.
    package var keepsCurrent: Bool {
        guard let winnerIndex, let currentIndex, currentIndex != winnerIndex, heldOutOrder.first == currentIndex else { return false }
        let current = settings[currentIndex].training.means
        guard objective.isFeasible(current) || !objective.isFeasible(settings[winnerIndex].training.means),
              let mine = current[objective.metric], let theirs = settings[winnerIndex].training.means[objective.metric],
              mine.isFinite, theirs.isFinite else { return false }
        return objective.metric.isBetter(mine, than: theirs)
    }

    /// What the held-out runs must be tallied with: the objective per seed and per row, for intervals and paired tests.
    package static func heldOutTally(objective: TuneObjective) -> RankingTally {
        RankingTally(seedMetrics: [objective.metric], pairedMetric: objective.metric, keepsRows: false)
    }

    /// How much worse the objective is on held-out seeds than on training seeds, in percent of the training mean:
    /// positive when the setting did worse on noise it was not chosen on; nil without both means.
    package func gapPercent(of setting: Setting) -> Double? {
        let metric = objective.metric
        guard let training = setting.training.means[metric], let heldOut = setting.heldOut?.summary.means[metric],
              training.isFinite, heldOut.isFinite, training != 0
        else { return nil }
        return metric.worsening(from: training, to: heldOut) / abs(training) * 100
    }

    /// The metrics shown in the Markdown tables: the objective, the Pareto metrics and the constrained ones.
    private var shownMetrics: [Metric] {
        ([objective.metric] + objective.paretoMetrics + objective.constraints.map(\.metric)).uniqued()
    }

    /// `max=30, q=2`, or `current` for a current setting off the grid.
    private func valuesText(_ setting: Setting) -> String {
        guard !setting.values.isEmpty else { return "current" }
        return zip(parameters, setting.values).map { "\($0.name)=\(FilterParameter.format($1))" }.joined(separator: ", ")
    }

    private func number(_ value: Double?, decimals: Int = 3) -> String {
        value.flatMap { $0.isFinite ? NumberFormat.fixed($0, decimals: decimals) : nil } ?? ""
    }

    /// "really better (shift -0.12, p < 0.001)", "not really different (p = 0.4)" or "really worse (...)".
    private func verdict(_ significance: Significance) -> String {
        let metric = objective.metric
        guard significance.nonZeroCount > 0 else { return "the same on every run" }
        guard let p = significance.pValue else { return MarkdownReport.noTest }
        let shift = "shift \(NumberFormat.fixed(significance.estimate, decimals: 3)), p \(MarkdownReport.pText(p))"
        guard significance.isReal else { return "not really different (\(shift))" }
        return metric.worsening(ofShift: significance.estimate) < 0 ? "really better (\(shift))" : "really worse (\(shift))"
    }

    /// The winner and what the held-out seeds say of it, in a few sentences.
    package var verdict: String {
        let metric = objective.metric.column
        guard let winnerIndex else { return "No setting has a finite mean \(metric); nothing to pick." }
        let winner = settings[winnerIndex]
        var text = "Winner on the training seeds: \(MarkdownText.code(winner.specification)) (\(valuesText(winner))), mean \(metric) "
            + "\(number(winner.training.means[objective.metric]))"
        if !objective.isFeasible(winner.training.means) {
            text += "; no setting meets \(objective.constraints.map(\.description).joined(separator: " and ")), so it is only the best of them"
        }
        guard let heldOut = winner.heldOut else { return text + "." }
        text += "; on the held-out seeds \(number(heldOut.summary.means[objective.metric]))"
        if let gap = gapPercent(of: winner) {
            text += " (\(gap >= 0 ? "+" : "")\(NumberFormat.fixed(gap, decimals: 1)) % against training)"
        }
        text += "."
        if let versusCurrent = heldOut.versusCurrent, let currentIndex {
            text += " Against the current setting \(MarkdownText.code(settings[currentIndex].specification)) on the held-out seeds "
                + "it is \(verdict(versusCurrent))."
        } else if currentIndex == winnerIndex {
            text += " It is the current setting."
        }
        if keepsCurrent, let currentIndex {
            let current = settings[currentIndex]
            let name = MarkdownText.code(current.specification)
            let training = number(current.training.means[objective.metric])
            let heldOutMean = number(current.heldOut?.summary.means[objective.metric])
            // Really better on the held-out seeds than the winner, or only a better mean: the claim follows the test.
            return text + (heldOut.versusCurrent?.isReal == true
                ? " The current setting \(name) is better than every setting tried, on the training seeds (\(training)) and the held-out "
                    + "ones (\(heldOutMean)): keep it."
                : " No setting tried is really better than the current setting \(name), which has the best mean on the training seeds "
                    + "(\(training)) and the held-out ones (\(heldOutMean)): keep it.")
        }
        if let best = heldOutOrder.first, best != winnerIndex, let versusBest = heldOut.versusBest {
            text += versusBest.isReal
                ? " But on the held-out seeds \(MarkdownText.code(settings[best].specification)) is really better: "
                    + "the training ranking did not hold; run more training seeds (--seeds)."
                : " On the held-out seeds \(MarkdownText.code(settings[best].specification)) has a better mean, "
                    + "but not really (\(verdict(versusBest)))."
        }
        return text
    }

    /// The report as Markdown.
    /// - Parameter rows: How many of the best training settings the training table shows; `tune.csv` has them all.
    package func renderMarkdown(rows: Int = 10) -> String {
        let metric = objective.metric
        var text = "## Tuning \(MarkdownText.code(filter))\n\n"
        let constraints = objective.constraints.isEmpty
            ? ""
            : " among settings with \(objective.constraints.map { "`\($0.description)`" }.joined(separator: " and "))"
        let gridCount = settings.count - (currentIndex.map { settings[$0].values.isEmpty ? 1 : 0 } ?? 0)
        text += "Suite '\(suite)': \(NumberFormat.count(gridCount, "setting")) of "
            + parameters.map { "`\($0.name)`" }.joined(separator: " x ") + ". \(search) "
        text += "Objective: the best mean `\(metric.column)`\(constraints) over the training seeds \(trainingSeeds); the best settings "
            + "and the current one then ran on the held-out seeds \(heldOutSeeds), which the search never used. "
        text += "Means over the suite's scenarios (absolute for distance error and lag); paired tests over the seeds "
            + "(Wilcoxon signed-rank, p ≤ \(NumberFormat.compact(Significance.alpha)) and over "
            + "\(NumberFormat.compact(Significance.noiseThreshold * 100)) % apart is real; Docs/statistics.md).\n\n"
        text += verdict + "\n\n"

        text += "### Held-out seeds \(heldOutSeeds)\n\n"
        text += "| Setting | Filter | Training \(metric.column) | Held-out \(metric.column) ± 95 % CI | Gap % | p vs held-out best | vs current |\n"
        text += "|---|---|---:|---:|---:|---:|---|\n"
        for index in heldOutOrder {
            let setting = settings[index]
            guard let heldOut = setting.heldOut else { continue }
            let mean = number(heldOut.summary.means[metric])
            let interval = heldOut.confidenceHalfWidth.map { " ± " + NumberFormat.fixed($0, decimals: 3) } ?? ""
            let name = index == winnerIndex ? "**\(valuesText(setting))** (winner)" : valuesText(setting)
            let cells = [
                index == currentIndex && !setting.values.isEmpty ? name + " (current)" : name,
                MarkdownText.code(setting.specification),
                number(setting.training.means[metric]), mean + interval,
                gapPercent(of: setting).map { ($0 >= 0 ? "+" : "") + NumberFormat.fixed($0, decimals: 1) } ?? "",
                heldOut.versusBest.map(SweepReport.versusBestText) ?? "best",
                index == currentIndex ? "current" : heldOut.versusCurrent.map(verdict) ?? "",
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }

        let shown = shownMetrics
        text += "\n### Training seeds \(trainingSeeds): the best \(min(rows, trainingOrder.count)) of \(NumberFormat.count(gridCount, "setting"))\n\n"
        let constrained = !objective.constraints.isEmpty
        text += "| Rank | " + parameters.map { $0.unit.isEmpty ? $0.name : "\($0.name) (\($0.unit))" }.joined(separator: " | ")
            + " | Seeds | " + (constrained ? "Constraints | " : "") + "Pareto | " + shown.map(\.title).joined(separator: " | ") + " |\n"
        text += "|---:|" + String(repeating: "---:|", count: parameters.count) + "---:|" + (constrained ? ":---:|" : "") + ":---:|"
            + String(repeating: "---:|", count: shown.count) + "\n"
        for (rank, index) in trainingOrder.prefix(rows).enumerated() {
            let setting = settings[index]
            var cells = ["\(rank + 1)"] + setting.values.map { FilterParameter.format($0) }
            cells.append("\(setting.trainingSeedCount)")
            if constrained { cells.append(objective.isFeasible(setting.training.means) ? "met" : "not met") }
            cells.append(paretoFront.contains(index) ? "yes" : "")
            cells += shown.map { number(setting.training.means[$0]) }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }

        let first = objective.paretoMetrics[0]
        let front = paretoFront.sorted { (settings[$0].training.means[first] ?? 0, $0) < (settings[$1].training.means[first] ?? 0, $1) }
        text += "\n### Pareto front of \(objective.paretoMetrics.map { "`\($0.column)`" }.joined(separator: ", "))\n\n"
        text += "Settings no other beats in every one of these metrics on the training seeds: pick along it to trade one for another.\n\n"
        text += "| Setting | " + objective.paretoMetrics.map(\.title).joined(separator: " | ") + " |\n"
        text += "|---|" + String(repeating: "---:|", count: objective.paretoMetrics.count) + "\n"
        for index in front {
            let setting = settings[index]
            let cells = [MarkdownText.code(setting.specification)] + objective.paretoMetrics.map { number(setting.training.means[$0]) }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// Every setting as CSV, in grid order (the current setting last when it is off the grid): its values, filter,
    /// training seeds, whether it meets the constraints and is on the Pareto front, its training rank, every
    /// metric's training mean, and where it was rerun every held-out mean, the objective's interval, the gap and
    /// the p-values against the held-out best and the current setting.
    package func renderCSV() -> String {
        let metrics = Metric.allCases.filter { metric in settings.contains { $0.training.means[metric] != nil } }
        let heldOutMetrics = Metric.allCases.filter { metric in settings.contains { $0.heldOut?.summary.means[metric] != nil } }
        let ranks = Dictionary(uniqueKeysWithValues: trainingOrder.enumerated().map { ($1, $0 + 1) })
        let header = ["setting"] + parameters.map(\.name)
            + ["filter", "current", "winner", "training_seeds", "feasible", "pareto", "training_rank"] + metrics.map(\.column)
            + heldOutMetrics.map { "heldout_\($0.column)" }
            + ["heldout_\(objective.metric.column)_ci95", "gap_pct", "p_vs_heldout_best", "p_vs_current"]
        var text = header.map(CSVField.escaped).joined(separator: ",") + "\n"
        for (index, setting) in settings.enumerated() {
            var fields = [setting.values.isEmpty ? "current" : "\(index + 1)"]
            fields += setting.values.isEmpty ? parameters.map { _ in "" } : setting.values.map { FilterParameter.format($0) }
            fields += [CSVField.escaped(setting.specification), "\(index == currentIndex)", "\(index == winnerIndex)", "\(setting.trainingSeedCount)"]
            fields += ["\(objective.isFeasible(setting.training.means))", "\(paretoFront.contains(index))", ranks[index].map { "\($0)" } ?? ""]
            fields += metrics.map { number(setting.training.means[$0], decimals: 4) }
            fields += heldOutMetrics.map { number(setting.heldOut?.summary.means[$0], decimals: 4) }
            fields.append(number(setting.heldOut?.confidenceHalfWidth, decimals: 4))
            fields.append(number(gapPercent(of: setting), decimals: 2))
            fields.append(number(setting.heldOut?.versusBest?.pValue ?? nil, decimals: 4))
            fields.append(number(setting.heldOut?.versusCurrent?.pValue ?? nil, decimals: 4))
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }
}
