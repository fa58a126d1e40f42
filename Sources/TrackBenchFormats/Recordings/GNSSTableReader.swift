import Foundation
import TrackBenchModel
import TrackBenchSupport
/// Reads a post-processed GNSS/INS reference exported as a whitespace table (NovAtel Inertial Explorer, and
/// software like it): a header naming `GPSTime` (GPS seconds of the week), `Latitude` and `Longitude` in degrees,
/// and optionally `H-Ell` (ellipsoidal height), `Vel-N`, `Vel-E` (m/s) and `Q` (solution quality).
///
/// Blank lines, a units line in parentheses and other lines before the
/// first row of numbers are passed over, with any line endings. Times are
/// GPS seconds of an undated week (`Recording.TimeBase.gpsWeekSeconds`): a
/// date dates them (`RecordingDating`); a time that falls by more than half a
/// week is the next week. Quality follows RTKLIB's coding: 1 (fixed) and 2
/// (float) are kept; 0 (inertial only) is kept within
/// `inertialOnlyKeptSeconds` of a row of 1 or 2, beyond that it is skipped
/// and counted (an unaided tactical-grade INS drifts about 0.5 m in 10 s from
/// a 1 mg accelerometer bias, 1/2 a t^2, and grows quadratically); 3
/// (metre-level, no better than the phone it would judge) and unknown codes
/// are skipped and counted. Without a `Q` column every row is kept.
enum GNSSTableReader {
    /// The longest time from a GNSS-aided row (quality 1 or 2) an inertial-only row is kept at, in seconds.
    static let inertialOnlyKeptSeconds = 10.0

    /// Whether `line` is the table's header: its whitespace-separated names include `GPSTime`, `Latitude` and `Longitude`.
    static func isHeader(_ line: Substring) -> Bool {
        let names = Set(line.split(whereSeparator: \.isWhitespace).map { $0.lowercased() })
        return names.contains("gpstime") && names.contains("latitude") && names.contains("longitude")
    }

    /// One row of numbers.
    private struct Row {
        var line: Int
        var seconds: Double
        var latitude: Double
        var longitude: Double
        var height: Double?
        var velocity: (north: Double, east: Double)?
        var quality: Int?
    }

    /// Reads the table's rows into fixes on GPS seconds of week.
    /// - Throws: `RecordingFileError.malformed` without a header, `.noFixes` when no row is kept, `.tooManyPoints` at
    ///   the first row past the bound.
    static func read(_ lines: DataLines, file: String, options: RecordingReadOptions) throws(RecordingFileError) -> Recording {
        guard let (headerIndex, headerLine) = lines.prefix(200).enumerated().first(where: { isHeader($0.element) }) else {
            throw .malformed(file: file, line: 1, problem: "expected a header naming GPSTime, Latitude and Longitude in the first 200 lines")
        }
        let names = headerLine.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        let (time, latitude, longitude) = (column("gpstime")!, column("latitude")!, column("longitude")!)
        let height = column("h-ell"), north = column("vel-n"), east = column("vel-e"), quality = column("q")
        var builder = RecordingBuilder(file: file, options: options)
        var rows: [Row] = []
        var week = 0.0
        var started = false
        for (index, line) in lines.enumerated().dropFirst(headerIndex + 1) {
            let lineNumber = index + 1
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard let first = fields.first else { continue }
            // The units line, and any other header lines before the first row of numbers, are not rows.
            guard started || Double(first) != nil else { continue }
            started = true
            try builder.countPoint(line: lineNumber)
            func number(_ column: Int?) -> Double?? {
                guard let column else { return .some(nil) }
                guard column < fields.count, let value = Double(fields[column]), value.isFinite else { return nil }
                return .some(value)
            }
            guard let seconds = number(time) ?? nil, let lat = number(latitude) ?? nil, let lon = number(longitude) ?? nil,
                  let h = number(height), let n = number(north), let e = number(east), let q = number(quality) else {
                builder.skips.count("rows that are not \(names.count) numbers under the header", line: lineNumber)
                continue
            }
            guard (0...UTCTime.secondsPerWeek).contains(seconds) else {
                builder.skips.count("GPSTime outside 0...604800 s (a second of the week)", line: lineNumber)
                continue
            }
            guard (-90...90).contains(lat), (-180...180).contains(lon), lat != 0 || lon != 0 else {
                builder.skips.count("coordinate out of range or at (0, 0)", line: lineNumber)
                continue
            }
            if let q, !(q == q.rounded() && (0...99).contains(q)) {
                builder.skips.count("quality flag not a whole number from 0 to 99", line: lineNumber)
                continue
            }
            if let previous = rows.last, seconds + week < previous.seconds - UTCTime.secondsPerWeek / 2 { week += UTCTime.secondsPerWeek }
            rows.append(Row(
                line: lineNumber, seconds: seconds + week, latitude: lat, longitude: lon, height: h,
                velocity: n.flatMap { n in e.map { (n, $0) } }, quality: q.map { Int($0) }
            ))
        }
        let aided = rows.filter { $0.quality == 1 || $0.quality == 2 }.map(\.seconds)
        var cursor = 0
        for row in rows {
            switch row.quality {
            case nil, 1, 2:
                break
            case 0:
                while cursor + 1 < aided.count, aided[cursor + 1] <= row.seconds { cursor += 1 }
                let nearest = aided.isEmpty ? .infinity
                    : min(abs(aided[cursor] - row.seconds), cursor + 1 < aided.count ? abs(aided[cursor + 1] - row.seconds) : .infinity)
                if nearest > inertialOnlyKeptSeconds {
                    builder.skips.count("quality 0 (inertial only) over \(Int(inertialOnlyKeptSeconds)) s from a fixed or float row", line: row.line)
                    continue
                }
            case 3:
                builder.skips.count("quality 3 (metre-level)", line: row.line)
                continue
            case let code?:
                builder.skips.count("quality \(code) (not 0 to 3 in RTKLIB's coding)", line: row.line)
                continue
            }
            let speed = row.velocity.map { ($0.north * $0.north + $0.east * $0.east).squareRoot() }
            var course = LocationFix.unknown
            if let velocity = row.velocity, let speed, speed >= 0.1 {
                let degrees = atan2(velocity.east, velocity.north) * 180 / .pi
                course = degrees < 0 ? degrees + 360 : degrees
            }
            builder.append(LocationFix(
                latitude: row.latitude, longitude: row.longitude, altitudeMeters: row.height ?? 0, horizontalAccuracyMeters: 0,
                verticalAccuracyMeters: LocationFix.unknown, courseDegrees: course, speedMetersPerSecond: speed ?? LocationFix.unknown,
                timestampSeconds: row.seconds
            ), line: row.line)
        }
        builder.notes.append(
            "GPSTime is GPS seconds of an undated week: dated by the recording's date, or placed in the week of the fixes' date"
        )
        if height != nil { builder.notes.append("heights are ellipsoidal (H-Ell), not above sea level: altitudes are marked unknown") }
        return try builder.recording(format: .gnssTable, timeBase: .gpsWeekSeconds)
    }
}
