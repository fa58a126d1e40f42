/// A tuning sweep's table: one row per parameter value, the summary metrics as columns, the best row marked.
@_spi(CLI) public struct SweepReport: Sendable {
    /// The filter specification being tuned, without the swept parameter.
    public var filter: String
    /// The swept parameter's name.
    public var parameter: String
    /// One summary per value, in value order, labelled by the value.
    public var rows: [(value: Double, summary: FilterSummary)]
    /// The metric that decides the best row.
    public var rankingMetric: Metric

    /// Creates a sweep report.
    public init(filter: String, parameter: String, rows: [(value: Double, summary: FilterSummary)], rankingMetric: Metric) {
        self.filter = filter
        self.parameter = parameter
        self.rows = rows
        self.rankingMetric = rankingMetric
    }

    /// The index of the best row by the ranking metric (first of equals); nil if no row has it.
    public var bestIndex: Int? {
        var best: (index: Int, value: Double)?
        for (index, row) in rows.enumerated() {
            guard let value = row.summary.means[rankingMetric] else { continue }
            if best.map({ rankingMetric.isBetter(value, than: $0.value) }) ?? true {
                best = (index, value)
            }
        }
        return best?.index
    }

    private var metrics: [Metric] {
        Metric.allCases.filter { metric in rows.contains { $0.summary.means[metric] != nil } }
    }

    /// The table as Markdown, the best row's value in bold with a marker.
    public func renderMarkdown() -> String {
        let best = bestIndex
        var text = "## Sweep of `\(parameter)` for `\(filter)`\n\n"
        text += "Means over the suite's scenarios (absolute for distance error and lag). "
        text += "Best by `\(rankingMetric.column)`: marked with *.\n\n"
        text += "| \(parameter) | Best | Improved | " + metrics.map(\.title).joined(separator: " | ") + " |\n"
        text += "|---:|:---:|---:|" + String(repeating: "---:|", count: metrics.count) + "\n"
        for (index, row) in rows.enumerated() {
            let value = NumberFormat.compact(row.value)
            var cells = [index == best ? "**\(value)**" : value, index == best ? "*" : ""]
            cells.append("\(row.summary.improvedCount)/\(row.summary.scenarioCount)")
            cells += metrics.map { metric in row.summary.means[metric].map { NumberFormat.fixed($0, decimals: 3) } ?? "" }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    /// The table as CSV: `value,best,improved,scenarios`, then one column per metric (its CSV name).
    public func renderCSV() -> String {
        let best = bestIndex
        var text = ([CSVField.escaped(parameter), "best", "improved", "scenarios"] + metrics.map(\.column)).joined(separator: ",") + "\n"
        for (index, row) in rows.enumerated() {
            var fields = [NumberFormat.compact(row.value), index == best ? "true" : "false"]
            fields += [String(row.summary.improvedCount), String(row.summary.scenarioCount)]
            fields += metrics.map { metric in row.summary.means[metric].map { NumberFormat.fixed($0, decimals: 4) } ?? "" }
            text += fields.joined(separator: ",") + "\n"
        }
        return text
    }
}
