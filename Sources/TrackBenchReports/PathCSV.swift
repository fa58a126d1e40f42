import TrackBenchModel
/// A path as CSV, one row per fix, so anyone can plot it or recompute its length.
///
/// Columns: `timestamp_s,latitude,longitude,altitude_m,horizontal_accuracy_m,`
/// `vertical_accuracy_m,course_deg,speed_mps,delivery_time_s`. Rows are in
/// delivery order; `delivery_time_s` is when the fix reached the app, later
/// than `timestamp_s` for a cached fix re-delivered (a stale fix), so a plot
/// shows what a filter saw when it saw it. Numbers are written in Swift's
/// shortest round-trip form, so reading them back gives the exact doubles
/// the benchmark used and recomputed distances match `results.csv` exactly;
/// the recording readers take the file back fix for fix, stale ones included. A value that is not finite (a filter
/// that diverged) is written as an empty field, as `results.csv` writes one, never as `nan` or `inf`.
package enum PathCSV {
    /// The header row's column names, in order.
    package static let columns = [
        "timestamp_s", "latitude", "longitude", "altitude_m",
        "horizontal_accuracy_m", "vertical_accuracy_m", "course_deg", "speed_mps", "delivery_time_s",
    ]

    /// Renders the path with a header row and a final newline.
    package static func render(_ path: Path) -> String {
        var text = columns.joined(separator: ",") + "\n"
        for fix in path.fixes {
            let fields = [
                fix.timestampSeconds, fix.latitude, fix.longitude, fix.altitudeMeters,
                fix.horizontalAccuracyMeters, fix.verticalAccuracyMeters, fix.courseDegrees, fix.speedMetersPerSecond,
                fix.deliveryTimeSeconds,
            ]
            text += fields.map { $0.isFinite ? "\($0)" : "" }.joined(separator: ",") + "\n"
        }
        return text
    }

    /// How many of the path's fixes have a position or accuracy that is not finite: rows `render` writes with empty fields.
    package static func nonFiniteRows(of path: Path) -> Int {
        path.fixes.filter { !($0.latitude.isFinite && $0.longitude.isFinite && $0.horizontalAccuracyMeters.isFinite) }.count
    }
}
