/// The `results.csv` report: one row per (scenario, filter), for diffs and spreadsheets.
///
/// `columns` is the schema: the scenario and filter, the path lengths they
/// were scored on, the scenario's attributes, then one column per `Metric`
/// (each with its unit in its name, empty where it does not apply), then the
/// filter's specification. Distances have 3 decimals (millimetres); metrics
/// have their declared decimals. Rows follow the scores' order, which the
/// benchmark keeps stable. `Docs/output-files.md` documents every column.
public enum ResultsCSV {
    /// Every column, in file order: the one declaration writing and parsing loop over.
    static let schema: [ResultsColumn] = leadingColumns + metricColumns + [.text("filter_spec", \.filterSpecification)]

    private static let leadingColumns: [ResultsColumn] = [
        .text("scenario", \.scenarioID),
        .text("filter", \.filter),
        .count("fixes", \.fixes),
        .fixed("true_distance_m", decimals: 3, \.trueDistanceMeters),
        .fixed("noisy_distance_m", decimals: 3, \.noisyDistanceMeters),
        .fixed("estimated_distance_m", decimals: 3, \.estimatedDistanceMeters),
        // The headline metric stands beside the distances it derives from.
        .metric(.errorPercent),
        .derived("noisy_error_pct") { NumberFormat.fixed($0.noisyErrorPercent, decimals: Metric.errorPercent.decimals) },
        .derived("improved") { $0.improved ? "true" : "false" },
        .count("estimated_fixes", \.estimatedFixes),
        .text("path_type", \.pathType),
        .compact("nominal_distance_m", \.nominalDistanceMeters),
        .compact("speed_mps", \.speedMetersPerSecond),
        .compact("stop_s", \.stopSeconds),
        .text("signal", \.signal),
    ]

    private static let metricColumns: [ResultsColumn] = Metric.allCases.filter { $0 != .errorPercent }.map(ResultsColumn.metric)

    /// The header row's column names, in order.
    public static let columns = schema.map(\.name)

    /// Renders scores as CSV text with a header row and a final newline.
    public static func render(_ scores: [ScenarioScore]) -> String {
        var lines = [columns.joined(separator: ",")]
        lines.reserveCapacity(scores.count + 1)
        for score in scores {
            lines.append(schema.map { $0.render(score) }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
