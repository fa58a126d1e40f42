/// The `results.csv` report: one row per (scenario, filter), for diffs and spreadsheets.
///
/// Columns are documented in the README; the first seven are the stable core,
/// then come the scenario's attributes and the `EstimateMetrics`, each with
/// its unit in its name, empty where a metric does not apply. Distances have
/// 3 decimals (millimetres), percentages 4; rows follow the scores' order,
/// which the benchmark keeps stable.
public enum ResultsCSV {
    /// The header row's column names, in order.
    public static let columns = [
        "scenario", "filter", "fixes", "true_distance_m", "noisy_distance_m", "estimated_distance_m", "error_pct",
        "noisy_error_pct", "improved", "estimated_fixes", "path_type", "nominal_distance_m", "speed_mps", "stop_s", "signal",
        "position_p50_m", "position_p95_m", "position_rmse_m", "phone_score_m", "lag_s", "drift_m",
        "kept_pct", "longest_gap_s", "speed_rmse_mps", "stop_detect_s", "filter_spec",
    ]

    /// Renders scores as CSV text with a header row and a final newline.
    public static func render(_ scores: [ScenarioScore]) -> String {
        var lines = [columns.joined(separator: ",")]
        lines.reserveCapacity(scores.count + 1)
        for score in scores {
            let fields = [
                CSVField.escaped(score.scenarioID),
                CSVField.escaped(score.filter),
                String(score.fixes),
                NumberFormat.fixed(score.trueDistanceMeters, decimals: 3),
                NumberFormat.fixed(score.noisyDistanceMeters, decimals: 3),
                NumberFormat.fixed(score.estimatedDistanceMeters, decimals: 3),
                NumberFormat.fixed(score.errorPercent, decimals: 4),
                NumberFormat.fixed(score.noisyErrorPercent, decimals: 4),
                score.improved ? "true" : "false",
                String(score.estimatedFixes),
                CSVField.escaped(score.pathType),
                NumberFormat.compact(score.nominalDistanceMeters),
                NumberFormat.compact(score.speedMetersPerSecond),
                NumberFormat.compact(score.stopSeconds),
                CSVField.escaped(score.signal),
                optional(score.metrics.positionMedianMeters, decimals: 3),
                optional(score.metrics.position95thPercentileMeters, decimals: 3),
                optional(score.metrics.positionRMSEMeters, decimals: 3),
                optional(score.metrics.phoneScoreMeters, decimals: 3),
                optional(score.metrics.lagSeconds, decimals: 1),
                optional(score.metrics.stationaryDriftMeters, decimals: 3),
                NumberFormat.fixed(score.metrics.keptPercent, decimals: 2),
                NumberFormat.fixed(score.metrics.longestGapSeconds, decimals: 3),
                optional(score.metrics.speedRMSEMetersPerSecond, decimals: 3),
                optional(score.metrics.stopDetectionSeconds, decimals: 3),
                CSVField.escaped(score.filterSpecification),
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An optional metric with fixed decimals, or an empty field where it does not apply.
    private static func optional(_ value: Double?, decimals: Int) -> String {
        value.map { NumberFormat.fixed($0, decimals: decimals) } ?? ""
    }
}
