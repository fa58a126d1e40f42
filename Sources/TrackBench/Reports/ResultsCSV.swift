/// The `results.csv` report: one row per (scenario, filter), for diffs and spreadsheets.
///
/// Columns (documented in the README; the first seven are the stable core):
/// `scenario,filter,fixes,true_distance_m,noisy_distance_m,estimated_distance_m,error_pct,`
/// `noisy_error_pct,improved,estimated_fixes,path_type,nominal_distance_m,speed_mps,signal`.
/// Distances have 3 decimals (millimetres), percentages 4; rows follow the
/// scores' order, which the benchmark keeps stable.
public enum ResultsCSV {
    /// The header row's column names, in order.
    public static let columns = [
        "scenario", "filter", "fixes", "true_distance_m", "noisy_distance_m", "estimated_distance_m", "error_pct",
        "noisy_error_pct", "improved", "estimated_fixes", "path_type", "nominal_distance_m", "speed_mps", "signal",
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
                CSVField.escaped(score.signal),
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
