import TrackBenchModel
import TrackBenchSupport
/// Reads logs of the Android app GetSensorData (LOPSI, CAR-CSIC), as indoor/outdoor positioning competitions
/// (IPIN) publish them: one `;`-separated record a line, `%` comments at the top.
///
/// - `GNSS;AppTimestamp;SensorTimestamp;Latitude;Longitude;Altitude;Bearing;Accuracy;Speed;SatInView;SatInUse`
///   records are the phone's fixes, at their `SensorTimestamp` (Unix seconds). The app writes each fix twice:
///   exact repeats are merged and counted. Network locations are skipped and counted: their time is over
///   `networkLagSeconds` behind the other records' clock (fix time minus app time), or their altitude is 0 with
///   an accuracy over 100 m.
/// - `POSI;Timestamp;Counter;Latitude;Longitude;floor;building` records are surveyed landmarks logged as the walker
///   passed them: `Recording.checkpoints`. Their time is app time, put on the fixes' clock by the median of the
///   fixes' time minus app time; without fixes, by the `Date of creation` comment as app time 0.
/// - Every other record type (sensors, Wi-Fi, ...) is passed over and counted in a note.
enum GetSensorDataReader {
    /// How far behind the fixes' clock a `GNSS` record's time must be to be a network location, in seconds.
    static let networkLagSeconds = 5.0
    /// How many types of other records (`ACCE`, `GYRO`, ...) the note names; records of further types count as `other`.
    static let otherTypesNamed = 32

    /// Whether `line` is a GetSensorData record or its header comment.
    static func isRecord(_ line: Substring) -> Bool {
        line.hasPrefix("% LogFile created by the 'GetSensorData'") || line.hasPrefix("GNSS;") || line.hasPrefix("POSI;")
    }

    /// A `GNSS` record's fields as numbers.
    private struct GNSSRecord {
        var line: Int
        var fields: [Double]
        var appSeconds: Double { fields[0] }
        var fixSeconds: Double { fields[1] }
    }

    /// Reads the log's fixes and checkpoints.
    /// - Throws: `RecordingFileError.noFixes` when the log holds neither a fix nor a checkpoint, `.tooManyPoints` at the
    ///   first `GNSS` or `POSI` record past the bound.
    static func read(_ lines: DataLines, file: String, options: RecordingReadOptions) throws(RecordingFileError) -> Recording {
        var builder = RecordingBuilder(file: file, options: options)
        var records: [GNSSRecord] = []
        var landmarks: [(line: Int, fields: [Double])] = []
        var others: [String: Int] = [:]
        var created: Double?
        for (offset, line) in lines.enumerated() {
            let lineNumber = offset + 1
            if line.hasPrefix("%") {
                if let range = line.range(of: "Date of creation:") { created = creationTime(line[range.upperBound...]) }
                continue
            }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard let type = fields.first, !type.isEmpty else { continue }
            switch type {
            case "GNSS":
                try builder.countPoint(line: lineNumber)
                let numbers = fields.dropFirst().prefix(10).map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard numbers.count >= 8, numbers.prefix(8).allSatisfy({ $0?.isFinite == true }) else {
                    builder.skips.count("GNSS records that do not parse (expected 8 numbers after GNSS;)", line: lineNumber)
                    continue
                }
                let record = GNSSRecord(line: lineNumber, fields: numbers.prefix(8).map { $0! })
                // The app writes each fix twice, only the app time differing.
                if let previous = records.last, previous.fields.dropFirst() == record.fields.dropFirst() {
                    builder.skips.count("GNSS records written twice (exact repeats, merged)", line: lineNumber)
                    continue
                }
                records.append(record)
            case "POSI":
                try builder.countPoint(line: lineNumber)
                let numbers = fields.dropFirst().prefix(4).map { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard numbers.count == 4, numbers.allSatisfy({ $0?.isFinite == true }) else {
                    builder.skips.count("POSI records that do not parse (expected a time, a counter, a latitude and a longitude)", line: lineNumber)
                    continue
                }
                landmarks.append((lineNumber, numbers.map { $0! }))
            default:
                // Named by a short string (no reference to its line), and only the first few names: the rest are "other".
                let name = String(type)
                let isNamed = type.count <= 8 && (others[name] != nil || others.count < otherTypesNamed)
                others[isNamed ? name : "other", default: 0] += 1
            }
        }
        let offsets = records.map { $0.fixSeconds - $0.appSeconds }.sorted()
        let clock = offsets.isEmpty ? nil : offsets[offsets.count / 2]
        for record in records {
            let values = record.fields
            let (latitude, longitude, altitude, bearing, accuracy, speed) = (values[2], values[3], values[4], values[5], values[6], values[7])
            if let clock, values[1] - values[0] < clock - networkLagSeconds || (altitude == 0 && accuracy > 100) {
                builder.skips.count(
                    "network locations (time over \(Int(networkLagSeconds)) s behind the fixes' clock, or altitude 0 with accuracy over 100 m)",
                    line: record.line
                )
                continue
            }
            builder.append(LocationFix(
                latitude: latitude, longitude: longitude, altitudeMeters: altitude, horizontalAccuracyMeters: accuracy,
                verticalAccuracyMeters: LocationFix.unknown, courseDegrees: speed > 0 && (0..<360).contains(bearing) ? bearing : LocationFix.unknown,
                speedMetersPerSecond: speed >= 0 ? speed : LocationFix.unknown, timestampSeconds: record.fixSeconds
            ), line: record.line)
        }
        let appZero = clock ?? created
        var checkpoints: [LocationFix] = []
        if let appZero {
            for (line, values) in landmarks {
                let time = values[0] + appZero
                guard (-90...90).contains(values[2]), (-180...180).contains(values[3]), values[2] != 0 || values[3] != 0 else {
                    builder.skips.count("POSI records with a coordinate out of range or at (0, 0)", line: line)
                    continue
                }
                guard checkpoints.last.map({ time > $0.timestampSeconds }) ?? true else {
                    builder.skips.count("POSI records not after the one before", line: line)
                    continue
                }
                checkpoints.append(LocationFix(latitude: values[2], longitude: values[3], timestampSeconds: time))
            }
            if !checkpoints.isEmpty {
                let how = clock.map { "the GNSS records' median fix time minus app time, \(NumberFormat.fixed($0, decimals: 2)) s" }
                    ?? "the log's Date of creation as app time 0"
                builder.notes.append("checkpoints: \(checkpoints.count) POSI records, their app times put on the fixes' clock by \(how)")
            }
        } else if let first = landmarks.first {
            builder.skips.count("POSI records without a clock (no GNSS fix and no Date of creation)", line: first.line)
        }
        if let created { builder.notes.append("log created \(UTCTime.text(created))") }
        if !others.isEmpty {
            let counts = others.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            builder.notes.append("passed over \(others.values.reduce(0, +)) records of other types (\(counts))")
        }
        if builder.fixes.isEmpty, !checkpoints.isEmpty {
            // A log of landmarks alone is still a truth.
            var recording = Recording(
                format: .getSensorData, fixes: checkpoints, hasTimes: true, timeBase: .unixUTC, skipped: builder.skips.skips, notes: builder.notes
            )
            recording.isCheckpoints = true
            return recording
        }
        var recording = try builder.recording(format: .getSensorData, timeBase: .unixUTC)
        recording.checkpoints = checkpoints
        return recording
    }

    /// Unix seconds for the `Date of creation` text, `Wed Jun 14 10:00:58 GMT+02:00 2023`; nil if it is not such a time.
    static func creationTime(_ text: Substring) -> Double? {
        let parts = text.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 6, let month = months.firstIndex(of: String(parts[1])), let day = Int(parts[2]), let year = Int(parts[5]),
              (1...UTCTime.daysInMonth(year: year, month: month + 1)).contains(day) else { return nil }
        let clock = parts[3].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, clock[0] < 24, clock[1] < 60, clock[2] < 61 else { return nil }
        var zone = parts[4]
        guard zone.hasPrefix("GMT") || zone.hasPrefix("UTC") else { return nil }
        zone = zone.dropFirst(3)
        var zoneSeconds = 0
        if !zone.isEmpty {
            let sign = zone.first == "-" ? -1 : 1
            let hm = zone.dropFirst().split(separator: ":").compactMap { Int($0) }
            guard zone.first == "+" || zone.first == "-", hm.count == 2, hm[0] < 24, hm[1] < 60 else { return nil }
            zoneSeconds = sign * (hm[0] * 3600 + hm[1] * 60)
        }
        let seconds = UTCTime.days(year: year, month: month + 1, day: day) * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2] - zoneSeconds
        return Double(seconds)
    }
}
