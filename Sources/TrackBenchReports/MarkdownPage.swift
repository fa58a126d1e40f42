import TrackBenchMetrics
import TrackBenchSupport
/// The text of `report.md` (`MarkdownReport`), made from what the report needs of a run's rows (`ReportTally`).
struct MarkdownPage {
    /// How the run was made: suite, seeds, version.
    let context: ResultsContext
    /// The run's rows, as the report needs them.
    let tally: ReportTally

    /// The report as Markdown text, with the ranking of the rows already computed.
    func render(ranking: FilterRanking) -> String {
        let summaries = ranking.entries.map(\.summary)
        let scenarioCount = tally.scenarioCount
        let seedText = context.seeds.count == 1 ? "seed \(context.seeds)" : "\(context.seeds.count) seeds (\(context.seeds))"
        let runText = isRecordingRun
            ? "\(NumberFormat.count(scenarioCount, "recording")) x \(NumberFormat.count(summaries.count, "filter")), each replayed once as recorded"
            : "\(NumberFormat.count(scenarioCount, "scenario")) x \(NumberFormat.count(summaries.count, "filter")) x \(seedText)"
        var text = """
        # TrackBench report

        Suite `\(context.suiteName)`: \(runText), TrackBench \(context.version).
        Filters are ranked by mean absolute total-distance error over every \(isRecordingRun ? "recording" : "scenario and seed"): the
        error of the estimated path's length against the true path's, in percent of the true distance.
        The other columns are means over the \(isRecordingRun ? "recordings" : "scenarios") where they apply (absolute for lag); the best
        value in each column is in bold\(isRecordingRun ? "" : "; headline metrics show their 95 % confidence interval over\nseeds"). \
        Positions are compared with the truth at each estimate's delivery time.
        Docs/metrics.md defines every metric; Docs/statistics.md, the intervals and ties.
        \(truthNote)
        ## Ranking


        """
        text += rankingTable(ranking)
        text += ranking.timingNotes(name: MarkdownText.code).map { "\n\($0)\n" }.joined()
        text += "\n" + verdicts(ranking)
        text += "\n![Filters ranked by mean absolute distance error\(isRecordingRun ? "" : ", with 95 % intervals over seeds"); "
            + "brackets join ties](\(MarkdownReport.rankingChartFile))\n"
        text += """

        ## Distance error

        Signed error: positive = the track came out too long. "Improved" counts the \(isRecordingRun ? "recordings" : "runs (scenario and seed)")
        where the filter came closer to the true distance than the raw noisy path.

        | Filter | Mean abs error % | Mean signed error % | Worst abs error % | Worst \(isRecordingRun ? "recording" : "scenario") | Improved |
        |---|---:|---:|---:|---|---:|

        """
        for summary in summaries {
            text += "| \(MarkdownText.code(summary.filter)) | \(percent(summary.meanAbsoluteErrorPercent)) | "
                + "\(percent(summary.meanErrorPercent)) | \(percent(summary.worstAbsoluteErrorPercent)) | "
                + "\(MarkdownText.code(summary.worstScenarioID)) | \(summary.improvedCount)/\(summary.scenarioCount) |\n"
        }
        let rankedFilters = summaries.map(\.filter)
        if isRecordingRun {
            for (key, sums) in tally.tagBreakdowns.sorted(by: { $0.key < $1.key }) {
                text += breakdown(title: "By \(key)", column: key, filters: rankedFilters, sums: sums)
            }
            text += breakdown(title: "By truth", column: "Truth", filters: rankedFilters, sums: tally.breakdowns[.truth])
        } else {
            text += breakdown(title: "By signal", column: "Signal", filters: rankedFilters, sums: tally.breakdowns[.signal])
            if tally.hasGait {
                // A gait sets the pace (a mixed one, a mean of three), and the published dead-reckoning figure is the
                // endpoint error per activity.
                text += breakdown(title: "By gait", column: "Gait", filters: rankedFilters, sums: tally.breakdowns[.gait])
                text += breakdown(
                    title: "Endpoint error by gait", column: "Gait", metric: .endpointErrorCentimetersPerMeter, filters: rankedFilters,
                    sums: tally.breakdowns[.endpointByGait]
                )
            } else {
                text += breakdown(title: "By speed", column: "Speed (m/s)", filters: rankedFilters, sums: tally.breakdowns[.speed])
            }
            text += breakdown(title: "By distance", column: "Distance (m)", filters: rankedFilters, sums: tally.breakdowns[.distance])
            text += breakdown(title: "By path type", column: "Path type", filters: rankedFilters, sums: tally.breakdowns[.pathType])
        }
        text += elevation(summaries)
        text += scenarioTable(filters: rankedFilters)
        return text
    }

    /// Whether the rows come from replayed recordings rather than simulated scenarios.
    private var isRecordingRun: Bool {
        tally.hasReplay
    }

    /// For recordings, how each one's truth was aligned and which metrics that leaves empty; empty for scenarios.
    private var truthNote: String {
        guard isRecordingRun else { return "" }
        let counts = tally.truthCounts
        let phrases: [(ScenarioScore.Truth, String)] = [
            (.time, "aligned by time (positions interpolated in the reference at each estimate's time)"),
            (.checkpoints, "against timed checkpoints (position error = the estimate interpolated at each checkpoint's time; "
                + "true distance = straight lines between consecutive checkpoints; no lag or speed)"),
            (.route, "against a route without times (position error = distance to the route; no lag or speed)"),
            (.distance, "against a known distance only (position, lag and speed columns empty)"),
        ]
        let parts = phrases.compactMap { key, phrase in counts[key].map { "\($0) \(phrase)" } }
        return "Truth: " + parts.joined(separator: "; ") + ". Recordings have no scripted stop, so the stop metrics are empty.\n"
    }

    /// The lead table: one row per filter, one column per metric, the best of each in bold.
    private func rankingTable(_ ranking: FilterRanking) -> String {
        let summaries = ranking.entries.map(\.summary)
        let metrics = Metric.allCases.filter { metric in !metric.isElevation && summaries.contains { $0.means[metric] != nil } }
        let hasIntervals = ranking.seedCount > 1
        // A recording is replayed once: there are no seeds to win.
        let seedsColumn = isRecordingRun ? "" : "Seeds won | "
        var text = "| Rank | Filter | \(seedsColumn)Improved | " + metrics.map { metric in
            metric.isHeadline && hasIntervals ? "\(metric.title) ± 95 % CI" : metric.title
        }.joined(separator: " | ") + " | Next below |\n"
        text += "|---:|---|" + (isRecordingRun ? "" : "---:|") + "---:|" + String(repeating: "---:|", count: metrics.count) + "---|\n"
        let bestImproved = summaries.map(\.improvedCount).max()
        var best: [Metric: Double] = [:]
        for metric in metrics {
            for value in summaries.compactMap({ $0.means[metric] }) where best[metric].map({ metric.isBetter(value, than: $0) }) ?? true {
                best[metric] = value
            }
        }
        for (rank, entry) in ranking.entries.enumerated() {
            let summary = entry.summary
            let improved = "\(summary.improvedCount)/\(summary.scenarioCount)"
            var cells = [String(rank + 1), ranking.markedLabel(entry, name: MarkdownText.code)]
            if !isRecordingRun { cells.append(ranking.seedsWonText(entry)) }
            cells.append(summary.improvedCount == bestImproved ? "**\(improved)**" : improved)
            for metric in metrics {
                guard let value = summary.means[metric] else {
                    cells.append("")
                    continue
                }
                let number = NumberFormat.fixed(value, decimals: 2)
                // The best is among the means, this one included, so it is there whenever this value is.
                let isBest = best[metric].map { NumberFormat.fixed($0, decimals: 2) == number } ?? false
                var cell = isBest ? "**\(number)**" : number
                if metric.isHeadline, let halfWidth = entry.confidenceHalfWidths[metric] {
                    cell += " ± " + NumberFormat.fixed(halfWidth, decimals: 2)
                }
                cells.append(cell)
            }
            cells.append(entry.versusNext.map(Self.shortVerdict) ?? "")
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// "ahead", "tied", "tied (within the allowance)", "identical" or "too few pairs for a test (n = 3)", for the
    /// ranking's last column: the next filter judged against this one by the one decision; the sentences under the
    /// table name the test that decided.
    private static func shortVerdict(_ decision: PairedDecision) -> String {
        switch decision.verdict {
        case .identical: return "identical"
        case .tooFewPairs: return decision.testText
        case .regression: return "ahead"
        case .withinTolerance: return "tied (within the allowance)"
        case .withinNoise, .improvement: return "tied"
        }
    }

    /// The ranking's adjacent pairs in words: which differences are real and which are noise.
    private func verdicts(_ ranking: FilterRanking) -> String {
        guard ranking.entries.count > 1, let pairs = ranking.entries.first?.versusNext?.pairCount else { return "" }
        var text = "Each filter against the one ranked below it, paired over the same \(pairs) "
            + "\(isRecordingRun ? "recordings" : "runs (scenario and seed)") and judged as `check` judges a change: "
        text += PairedDecision.ruleText
            + "; the family is the lower filter's every test, as `check` forms it against the higher (Docs/statistics.md).\n\n"
        for (entry, next) in zip(ranking.entries, ranking.entries.dropFirst()) {
            guard let decision = entry.versusNext else { continue }
            let a = MarkdownText.code(entry.summary.filter)
            let b = MarkdownText.code(next.summary.filter)
            let gap = "the " + NumberFormat.fixed(abs(decision.change), decimals: 3) + "-point gap in the mean ("
                + NumberFormat.fixed(decision.firstMean, decimals: 3) + " → " + NumberFormat.fixed(decision.secondMean, decimals: 3)
                + ", allowance " + NumberFormat.fixed(decision.allowance, decimals: 3) + ")"
            switch decision.verdict {
            case .identical:
                text += "- \(a) and \(b) give identical distance errors.\n"
            case .tooFewPairs:
                text += "- \(a) and \(b): \(decision.testText), so \(gap) is not judged.\n"
            case .regression:
                text += "- \(a) is better than \(b): \(gap) is real (\(decision.testText)).\n"
            case .withinTolerance:
                text += "- \(a) and \(b) are tied: \(gap) is significant (\(decision.testText)) but within the allowance.\n"
            case .withinNoise, .improvement:
                text += "- \(a) and \(b) are tied: \(gap) is within noise (\(decision.testText)).\n"
            }
        }
        return text
    }

    /// The mean of `metric` (absolute where closer to zero is better) per filter within each value of one scenario
    /// attribute (`sums`, which the tally summed in row order, the order `FilterSummary` sums in, so the means are
    /// the ones its ranking gives); the distance error unless told otherwise.
    private func breakdown(title: String, column: String, metric: Metric = .errorPercent, filters: [String], sums: GroupedSums?) -> String {
        let what = metric == .errorPercent ? "Mean absolute error %" : "Mean `\(metric.column)` (\(metric.unit))"
        var text = "\n## \(title)\n\n\(what), per filter.\n\n"
        text += "| \(column) | " + filters.map(MarkdownText.code).joined(separator: " | ") + " |\n"
        text += "|---|" + String(repeating: "---:|", count: filters.count) + "\n"
        guard let sums else { return text }
        for value in sums.groups {
            let cells = filters.map { filter in
                sums.cell(group: value, filter: filter).map { cell in percent(cell.mean ?? .infinity) } ?? ""
            }
            text += "| \(value) | " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// The elevation section, for runs on terrain: each filter's altitude metrics, then the signed gain error per
    /// terrain and per signal; empty when no score has an elevation metric.
    private func elevation(_ summaries: [FilterSummary]) -> String {
        let metrics = Metric.allCases.filter { metric in metric.isElevation && summaries.contains { $0.means[metric] != nil } }
        guard !metrics.isEmpty else { return "" }
        var text = """

        ## Elevation

        Altitude is compared with the terrain under the true position at each estimate's delivery time; gain is the
        sum of the estimates' rises in output order, against the true path's. Filters that leave altitude alone pass
        the GPS altitude through. Means of absolute values, then the true gain and each filter's mean signed gain
        error in metres per terrain and per signal (positive = too much climbing). The headline distance error stays
        2-D.

        | Filter | \(metrics.map(\.title).joined(separator: " | ")) |
        |---|\(String(repeating: "---:|", count: metrics.count))

        """
        for summary in summaries {
            let cells = metrics.map { metric in summary.means[metric].map { NumberFormat.fixed($0, decimals: 2) } ?? "" }
            text += "| \(MarkdownText.code(summary.filter)) | " + cells.joined(separator: " | ") + " |\n"
        }
        let filters = summaries.map(\.filter)
        // Per terrain, then per signal (a barometer helps only the phones that have one).
        for (title, sums) in [("Terrain", tally.elevationByTerrain), ("Signal", tally.elevationBySignal)] {
            text += "\n| \(title) | True gain m | " + filters.map(MarkdownText.code).joined(separator: " | ") + " |\n"
            text += "|---|---:|" + String(repeating: "---:|", count: filters.count) + "\n"
            for group in sums.trueGains.groups {
                let trueGain = sums.trueGains.cell(group: group, filter: filters[0])?.mean
                let cells = filters.map { filter in
                    sums.gainErrors.cell(group: group, filter: filter)?.mean.map { NumberFormat.fixed($0, decimals: 1) } ?? ""
                }
                text += "| \(group) | \(trueGain.map { NumberFormat.fixed($0, decimals: 1) } ?? "") | " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return text
    }

    /// One row per scenario: the noisy path's error and each filter's, as means over seeds.
    private func scenarioTable(filters: [String]) -> String {
        let seedNote = context.seeds.count == 1 ? "" : ", mean over the \(context.seeds.count) seeds"
        let noun = isRecordingRun ? "Recording" : "Scenario"
        var text = "\n## Per \(noun.lowercased())\n\nSigned total-distance error %\(seedNote).\n\n"
        text += "| \(noun) | Fixes | True distance (m) | Noisy | " + filters.map(MarkdownText.code).joined(separator: " | ") + " |\n"
        text += "|---|---:|---:|---:|" + String(repeating: "---:|", count: filters.count) + "\n"
        for rows in tally.scenarios {
            let fixesText = rows.fewestFixes == rows.mostFixes ? "\(rows.fewestFixes)" : "\(rows.fewestFixes)-\(rows.mostFixes)"
            let noisy = rows.noisyErrors.mean ?? 0
            let cells = filters.map { filter in
                rows.errors[filter]?.mean.map(percent) ?? ""
            }
            text += "| \(MarkdownText.code(rows.scenarioID)) | \(fixesText) | \(NumberFormat.fixed(rows.trueDistanceMeters, decimals: 1)) | "
                + "\(percent(noisy)) | " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    private func percent(_ value: Double) -> String {
        NumberFormat.fixed(value, decimals: 2)
    }
}
