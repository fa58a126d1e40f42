import TrackBenchFilters
/// How reports show which ranked filters can run live: a mark after offline filters, its legend, and the best of each.
extension FilterRanking {
    /// An entry's label as `name` writes it, followed by `FilterTiming.offlineMark` when the filter is offline.
    /// - Parameter name: Writes a label, such as `MarkdownText.code` for Markdown.
    package func markedLabel(_ entry: Entry, name: (String) -> String = { $0 }) -> String {
        name(entry.summary.filter) + (entry.timing == .offline ? " \(FilterTiming.offlineMark)" : "")
    }

    /// The lines under a ranking: the offline mark's legend when a filter carries it, then the best filter overall
    /// and the best that can run live, such as "Best overall: `rts-smoother` (offline). Best online: `cv-kalman`."
    ///
    /// Empty for an empty ranking.
    /// - Parameter name: Writes a label, such as `MarkdownText.code` for Markdown.
    func timingNotes(name: (String) -> String = { $0 }) -> [String] {
        guard let best = entries.first else { return [] }
        var notes = entries.contains { $0.timing == .offline } ? [FilterTiming.offlineLegend] : []
        let bestOverall = name(best.summary.filter) + (best.timing == .offline ? " (offline)" : "")
        if let online = bestOnline {
            notes.append(online.summary.filter == best.summary.filter
                ? "Best overall and best online: \(bestOverall)."
                : "Best overall: \(bestOverall). Best online: \(name(online.summary.filter)).")
        } else {
            notes.append("Best overall: \(bestOverall). No filter ranked here is known to run online.")
        }
        return notes
    }
}
