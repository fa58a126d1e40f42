import TrackBenchModel
import TrackBenchSupport
/// Reads a checkpoint truth written by hand: a CSV whose header is `checkpoint,time,latitude,longitude`, one timed
/// surveyed point a row (a landmark, a timing mat, a coach's mark).
///
/// `checkpoint` names the point (any text without a comma); `time` is ISO
/// 8601 (`2023-06-14T08:02:01.5Z`; without a zone, UTC), Unix seconds, or a
/// UTC time of day `hh:mm:ss[.s]` (then every row must be one, and the
/// recording's date or the fixes' date dates them, with midnight rollovers);
/// latitude and longitude in decimal degrees. Rows must be in time order:
/// a row that does not parse, is out of range or not after the one before is
/// skipped and counted.
enum CheckpointCSVReader {
    /// The header, lowercased and without spaces.
    static let header = "checkpoint,time,latitude,longitude"

    /// Whether `line` is the header.
    static func isHeader(_ line: Substring) -> Bool {
        line.lowercased().filter { $0 != " " && $0 != "\t" } == header
    }

    /// Reads the checkpoints.
    /// - Throws: `RecordingFileError.malformed` when times of day and dated times are mixed, `.noFixes` when no row is kept,
    ///   `.tooManyPoints` at the first row past the bound.
    static func read(_ lines: DataLines, file: String, options: RecordingReadOptions) throws(RecordingFileError) -> Recording {
        var builder = RecordingBuilder(file: file, options: options)
        guard let (headerIndex, headerLine) = lines.enumerated().first(where: { !$0.element.allSatisfy(\.isWhitespace) }),
              isHeader(headerLine) else {
            throw .malformed(file: file, line: 1, problem: "expected the header \(header)")
        }
        var timeOfDay: Bool?
        var day = 0.0
        var previousTimeOfDay: Double?
        for (index, line) in lines.enumerated().dropFirst(headerIndex + 1) where !line.allSatisfy(\.isWhitespace) {
            let lineNumber = index + 1
            try builder.countPoint(line: lineNumber)
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 4, let latitude = Double(fields[2]), let longitude = Double(fields[3]) else {
                builder.skips.count("rows that are not a name, a time, a latitude and a longitude", line: lineNumber)
                continue
            }
            let time: Double
            let isTimeOfDay: Bool
            if let seconds = Self.timeOfDay(fields[1]) {
                if let previousTimeOfDay, previousTimeOfDay - seconds > 43_200 { day += 86_400 }
                previousTimeOfDay = seconds
                time = seconds + day
                isTimeOfDay = true
            } else if let parsed = UTCTime.parseISO8601(fields[1]) {
                time = parsed.seconds
                isTimeOfDay = false
            } else if let seconds = Double(fields[1]), seconds.isFinite {
                time = seconds
                isTimeOfDay = false
            } else {
                builder.skips.count("times that are neither ISO 8601, Unix seconds nor hh:mm:ss", line: lineNumber)
                continue
            }
            guard timeOfDay == nil || timeOfDay == isTimeOfDay else {
                throw .malformed(
                    file: file, line: lineNumber,
                    problem: "a time of day among dated times (or the reverse); expected every time as hh:mm:ss, or every one dated"
                )
            }
            timeOfDay = isTimeOfDay
            guard (-90...90).contains(latitude), (-180...180).contains(longitude), latitude != 0 || longitude != 0 else {
                builder.skips.count("coordinate out of range or at (0, 0)", line: lineNumber)
                continue
            }
            builder.append(LocationFix(latitude: latitude, longitude: longitude, timestampSeconds: time), line: lineNumber)
        }
        var recording = try builder.recording(format: .checkpoints, timeBase: timeOfDay == true ? .timeOfDay : .unixUTC)
        recording.isCheckpoints = true
        return recording
    }

    /// Seconds since midnight for `hh:mm:ss` or `hh:mm:ss.s`; nil for anything else.
    static func timeOfDay(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count >= 2,
              let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Double(parts[2]),
              parts[2].first?.isNumber == true, (0..<24).contains(hours), (0..<60).contains(minutes), seconds >= 0, seconds < 61 else { return nil }
        return Double(hours * 3600 + minutes * 60) + seconds
    }
}
