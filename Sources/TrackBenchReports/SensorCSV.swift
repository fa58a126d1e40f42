import TrackBenchModel
/// A scenario's pedometer updates, compass samples and barometer readings as CSV, so a team can run its own dead
/// reckoning or altitude filter on them.
///
/// `steps.csv` has `time_s,steps,gait`: when each update reached the app, the
/// steps counted since the previous one, and the activity recognised
/// (`walk`, `power-walk` or `jog`). `headings.csv` has
/// `time_s,magnetic_heading_deg,declination_deg`: each compass sample's time,
/// its heading from magnetic north in 0..<360, and the declination to add for
/// a true heading. `barometer.csv` has `time_s,relative_altitude_m`: each
/// reading's time and the altitude change since the start. Rows are in time order; numbers in Swift's shortest
/// round-trip form, so reading them back gives the exact values the filters
/// received.
package enum SensorCSV {
    /// The file name `export` writes pedometer updates under.
    package static let stepsFileName = "steps.csv"
    /// The file name `export` writes compass samples under.
    package static let headingsFileName = "headings.csv"
    /// The file name `export` writes barometer readings under.
    package static let barometerFileName = "barometer.csv"
    /// The columns of `steps.csv`, in order.
    package static let stepColumns = ["time_s", "steps", "gait"]
    /// The columns of `headings.csv`, in order.
    package static let headingColumns = ["time_s", "magnetic_heading_deg", "declination_deg"]
    /// The columns of `barometer.csv`, in order.
    package static let barometerColumns = ["time_s", "relative_altitude_m"]

    /// Renders pedometer updates with a header row and a final newline.
    package static func render(_ steps: [StepEvent]) -> String {
        var text = stepColumns.joined(separator: ",") + "\n"
        for update in steps {
            text += "\(update.timeSeconds),\(update.steps),\(update.gait.rawValue)\n"
        }
        return text
    }

    /// Renders compass samples with a header row and a final newline.
    package static func render(_ headings: [HeadingEvent]) -> String {
        var text = headingColumns.joined(separator: ",") + "\n"
        for sample in headings {
            text += "\(sample.timeSeconds),\(sample.magneticHeadingDegrees),\(sample.declinationDegrees)\n"
        }
        return text
    }

    /// Renders barometer readings with a header row and a final newline.
    package static func render(_ readings: [BarometerEvent]) -> String {
        var text = barometerColumns.joined(separator: ",") + "\n"
        for reading in readings {
            text += "\(reading.timeSeconds),\(reading.relativeAltitudeMeters)\n"
        }
        return text
    }
}
