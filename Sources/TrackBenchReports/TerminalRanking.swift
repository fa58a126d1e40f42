import TrackBenchSupport
/// The ranking as an aligned plain-text table, for a terminal.
package enum TerminalRanking {
    /// One row per filter: rank, label, mean absolute distance error in percent (with its 95 % CI over seeds when there are several), seeds won
    /// (left out for a replay of recordings, which has no seeds), improved runs; offline filters marked, then the mark's
    /// legend and the best filter overall and online.
    package static func render(_ ranking: FilterRanking, hasSeeds: Bool = true) -> String {
        let hasIntervals = ranking.seedCount > 1
        let header = ["Rank", "Filter", hasIntervals ? "Mean abs error % ± 95 % CI" : "Mean abs error %", "Worst abs error %"]
            + (hasSeeds ? ["Seeds won"] : []) + ["Improved"]
        let rows = ranking.entries.enumerated().map { rank, entry in
            let summary = entry.summary
            var mean = NumberFormat.fixed(summary.meanAbsoluteErrorPercent, decimals: 2)
            if hasIntervals, let halfWidth = entry.confidenceHalfWidths[.errorPercent] {
                mean += " ± " + NumberFormat.fixed(halfWidth, decimals: 2)
            }
            return [String(rank + 1), ranking.markedLabel(entry), mean, NumberFormat.fixed(summary.worstAbsoluteErrorPercent, decimals: 2)]
                + (hasSeeds ? [ranking.seedsWonText(entry)] : []) + ["\(summary.improvedCount)/\(summary.scenarioCount)"]
        }
        let notes = ranking.timingNotes()
        return (PlainTextTable.lines([header] + rows) + (notes.isEmpty ? [] : [""] + notes)).joined(separator: "\n")
    }
}
