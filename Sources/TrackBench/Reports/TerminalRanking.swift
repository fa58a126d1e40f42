/// The ranking as an aligned plain-text table, for a terminal.
@_spi(CLI) public enum TerminalRanking {
    /// One row per filter: rank, label, mean and worst absolute distance error in percent, improved scenarios.
    public static func render(_ ranking: [FilterSummary]) -> String {
        let header = ["Rank", "Filter", "Mean abs error %", "Worst abs error %", "Improved"]
        let rows = ranking.enumerated().map { rank, summary in
            [
                String(rank + 1),
                summary.filter,
                NumberFormat.fixed(summary.meanAbsoluteErrorPercent, decimals: 2),
                NumberFormat.fixed(summary.worstAbsoluteErrorPercent, decimals: 2),
                "\(summary.improvedCount)/\(summary.scenarioCount)",
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingSuffix(" ")
        }.joined(separator: "\n")
    }
}

extension String {
    /// The string without trailing copies of `character`.
    func trimmingSuffix(_ character: Character) -> String {
        var text = self
        while text.last == character { text.removeLast() }
        return text
    }
}
