import TrackBenchModel
import TrackBenchSupport
/// The ranges a recorded value must fall in to be believed: a fix with a value outside is skipped and counted.
///
/// A phone or receiver reports nonsense when it has no fix, and a corrupted log can hold anything: an HDOP of
/// 1e308 made accuracies of 5e308 m, and the Kalman filters then erred by hundreds of millions of percent. Each
/// bound is far beyond any real fix (a 10 km accuracy is a cell-tower guess; 1000 m/s is faster than any
/// airliner; 20 km is above any road or summit), so no genuine recording loses a fix to them.
enum RecordingPlausibility {
    /// A horizontal accuracy, metres: at most 10 km (negative marks an invalid fix and is kept; 0 is an exact
    /// position, as the `true.csv` that `export` writes holds).
    static let horizontalAccuracyMetersLimit = 10_000.0
    /// A vertical accuracy, metres: at most 10 km (negative marks an unknown altitude and is kept).
    static let verticalAccuracyMetersLimit = 10_000.0
    /// A horizontal dilution of precision: at most 100 (receivers report 99.9 for "no geometry").
    static let hdopLimit = 100.0
    /// A speed, metres per second: at most 1000 (negative marks an unknown speed and is kept).
    static let speedMetersPerSecondLimit = 1_000.0
    /// An altitude, metres: from 1 km below sea level (deeper than the Dead Sea shore) to 20 km.
    static let altitudeMeters = -1_000.0...20_000

    /// The skip reason for an HDOP beyond `hdopLimit`.
    static let hdopReason = "HDOP above \(NumberFormat.compact(hdopLimit))"

    /// Whether an HDOP read from a file is believable: nil (not given), negative (unknown) or at most `hdopLimit`.
    static func isPlausible(hdop: Double?) -> Bool {
        hdop.map { $0 <= hdopLimit } ?? true
    }

    /// The skip reason for the first implausible value of `fix`, or nil when every value is believable.
    ///
    /// Written so that NaN, which compares false with everything, is never believed.
    static func problem(with fix: LocationFix) -> String? {
        let horizontal = fix.horizontalAccuracyMeters
        if !(horizontal < 0), !(horizontal <= horizontalAccuracyMetersLimit) {
            return "horizontal accuracy above \(NumberFormat.compact(horizontalAccuracyMetersLimit)) m"
        }
        if !(fix.verticalAccuracyMeters <= verticalAccuracyMetersLimit) {
            return "vertical accuracy above \(NumberFormat.compact(verticalAccuracyMetersLimit)) m"
        }
        if !(fix.speedMetersPerSecond <= speedMetersPerSecondLimit) {
            return "speed above \(NumberFormat.compact(speedMetersPerSecondLimit)) m/s"
        }
        if !altitudeMeters.contains(fix.altitudeMeters) {
            return "altitude outside \(NumberFormat.compact(altitudeMeters.lowerBound))...\(NumberFormat.compact(altitudeMeters.upperBound)) m"
        }
        return nil
    }
}
