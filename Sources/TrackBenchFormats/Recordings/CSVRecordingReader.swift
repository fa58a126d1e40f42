import TrackBenchModel
import TrackBenchSupport
/// Reads recordings whose first row (or GnssLogger `# Fix,...` line) names the columns: see `RecordingColumn`.
///
/// Time comes from the first of: Unix milliseconds, GPS milliseconds
/// (converted to UTC with the leap seconds), TrackBench's `timestamp_s`
/// (seconds as written), or a `time`/`timestamp` column holding ISO 8601 text
/// or a Unix time (seconds below 1e11, milliseconds above). Empty or `NaN`
/// fields are unknown values. Rows of another provider or message type, with a
/// coordinate out of range or at (0, 0), or that do not parse, are skipped and counted.
///
/// Fields are separated by commas, or by the semicolons, tabs or bars the
/// header row uses instead (spreadsheets in many locales write semicolons).
/// Under another separator a number may have a decimal comma, as such
/// spreadsheets write it: `47,5` is 47.5.
enum CSVRecordingReader {
    /// The columns a header names, for a message, when it looks like one: at least two fields of up to 40
    /// characters without control characters, at most the first 20. Anything else (a file that is no CSV at all,
    /// such as a system file named by mistake) is described, never quoted.
    static func headerDescription<Field: StringProtocol>(_ header: [Field]) -> String {
        let looksLikeColumns = header.count >= 2 && header.allSatisfy { field in
            field.count <= 40 && !field.unicodeScalars.contains { $0.isControl }
        }
        guard looksLikeColumns else {
            return "its first line is not a header of column names "
                + "(\(header.count) field\(header.count == 1 ? "" : "s"), \(header.joined().count) characters)"
        }
        return "it has " + header.prefix(20).joined(separator: ",") + (header.count > 20 ? " and \(header.count - 20) more columns" : "")
    }


    /// Reads a recording's rows under its header: each row a fix, or skipped and counted.
    /// - Throws: `RecordingFileError` when the header is missing or names no coordinates or time, or when no row is
    ///   of the provider asked for.
    static func read(
        _ lines: DataLines, format: RecordingFormat, file: String, options: RecordingReadOptions
    ) throws(RecordingFileError) -> Recording {
        let header = try Header(lines: lines, format: format, file: file)
        var rows = RowReader(header: header, format: format, file: file, options: options)
        for (index, line) in lines.enumerated().dropFirst(header.firstDataLine) {
            try rows.read(line, lineNumber: index + 1)
        }
        return try rows.recording(file: file)
    }

    /// What a file's header says: where the rows start, the columns' field indices, the separator and the time column.
    private struct Header {
        /// The 0-based index of the first line after the header.
        let firstDataLine: Int
        /// How many fields the header names.
        let fieldCount: Int
        /// The separator the header uses.
        let separator: Character
        /// Each column's field index by the column's raw value: looked up for every field read of every row.
        let columnIndices: [Int?]
        /// The column times come from: the first of Unix milliseconds, GPS milliseconds, seconds as written and `time`.
        let timeColumn: RecordingColumn

        /// Finds and checks the header of `lines`.
        /// - Throws: `RecordingFileError.malformed` when there is none, or it names no coordinates or no time.
        init(lines: DataLines, format: RecordingFormat, file: String) throws(RecordingFileError) {
            guard let (headerLine, header, separator) = findHeader(in: lines, format: format) else {
                throw .malformed(file: file, line: 1, problem: format == .gnssLogger
                    ? "no '# Fix,...' header line naming the Fix record's columns"
                    : "expected a header row naming the columns, such as 'UnixTimeMillis,LatitudeDegrees,LongitudeDegrees' "
                        + "or 'timestamp_s,latitude,longitude'")
            }
            if let (_, first, second) = RecordingColumn.ambiguity(in: header) {
                let name = { (column: Int) in String(header[column - 1].trimmingSpaces).debugDescription }
                throw .malformed(
                    file: file, line: headerLine,
                    problem: "columns \(first) (\(name(first))) and \(second) (\(name(second))) of the header hold the same field, "
                        + "so which to read is ambiguous; remove or rename one of them"
                )
            }
            let columns = RecordingColumn.indices(in: header)
            guard columns[.latitude] != nil, columns[.longitude] != nil else {
                throw .malformed(
                    file: file, line: headerLine,
                    problem: "the header names no latitude and longitude columns (such as LatitudeDegrees and LongitudeDegrees, latDeg and lngDeg, "
                        + "or latitude and longitude); \(headerDescription(header))"
                )
            }
            let timeColumns: [RecordingColumn] = [.unixMilliseconds, .gpsMilliseconds, .secondsAsWritten, .time]
            guard let timeColumn = timeColumns.first(where: { columns[$0] != nil }) else {
                throw .malformed(
                    file: file, line: headerLine,
                    problem: "the header names no time column (UnixTimeMillis, millisSinceGpsEpoch, timestamp_s or time)"
                )
            }
            firstDataLine = headerLine
            fieldCount = header.count
            self.separator = separator
            columnIndices = RecordingColumn.allCases.map { columns[$0] }
            self.timeColumn = timeColumn
        }
    }

    /// What a numeric field holds.
    private enum FieldNumber {
        /// Nothing known: the field is empty, `NaN` or not finite.
        case unknown
        /// A finite number.
        case known(Double)
        /// Text that is not a number: the row is skipped.
        case malformed
    }

    /// A row's numbers a fix is made of, each nil where unknown.
    private struct FixNumbers {
        var latitude: Double?
        var longitude: Double?
        var altitude: Double?
        var accuracy: Double?
        var verticalAccuracy: Double?
        var speed: Double?
        var course: Double?
        var hdop: Double?
        var delivery: Double?
    }

    /// Reads rows one at a time into a recording, counting those it skips and the providers it meets.
    private struct RowReader {
        let header: Header
        let format: RecordingFormat
        let options: RecordingReadOptions
        /// The provider asked for, in canonical spelling.
        let wantedProvider: String
        /// The fields' ranges in the row being read, reused from row to row.
        private var ranges: [Range<String.Index>] = []
        /// Rows per provider, in canonical spelling.
        private var providers: [String: Int] = [:]
        private var builder: RecordingBuilder
        /// Rows whose ISO 8601 time had no zone.
        private var zoneless = 0

        init(header: Header, format: RecordingFormat, file: String, options: RecordingReadOptions) {
            self.header = header
            self.format = format
            self.options = options
            builder = RecordingBuilder(file: file, options: options)
            wantedProvider = RecordingReadOptions.canonicalProvider(options.provider)
        }

        /// Reads one line: a fix, a line that is not a row (blank, a comment, another GnssLogger record), or a row skipped
        /// and counted.
        /// - Throws: `RecordingFileError.tooManyPoints` at the first fix row past the bound.
        mutating func read(_ line: Substring, lineNumber: Int) throws(RecordingFileError) {
            if format == .gnssLogger {
                guard line.hasPrefix("Fix,") else { return }
            } else if line.trimmingSpaces.isEmpty || line.hasPrefix("#") {
                return
            }
            // A row without quotes, nearly every row of a logger's file, is measured rather than cut up: only the
            // fields of the columns read are made.
            let quoted: [Substring]?
            if let separatorByte = header.separator.asciiValue, !line.utf8.contains(quote) {
                fieldRanges(of: line, separator: separatorByte, into: &ranges)
                quoted = nil
            } else {
                quoted = quotedFields(of: line, separator: header.separator)
            }
            let rowRanges = ranges
            func field(_ index: Int) -> Substring {
                quoted?[index] ?? Substring(line.utf8[rowRanges[index]])
            }
            var fieldCount = quoted?.count ?? rowRanges.count
            // Some writers end every row with a comma: one empty field too many.
            if fieldCount == header.fieldCount + 1, field(fieldCount - 1).isEmpty { fieldCount -= 1 }
            guard fieldCount == header.fieldCount else {
                builder.skips.count("row with \(fieldCount) fields under a header of \(header.fieldCount) (truncated?)", line: lineNumber)
                return
            }
            let columnIndices = header.columnIndices
            func text(_ column: RecordingColumn) -> Substring? {
                columnIndices[column.rawValue].map { field($0).trimmingSpaces }.flatMap { $0.isEmpty ? nil : $0 }
            }
            if let type = text(.messageType), type != "Fix" { return }
            // Every fix row counts, of any provider: the providers passed over are counted by name too.
            try builder.countPoint(line: lineNumber)
            if let provider = text(.provider) {
                let canonical = RecordingReadOptions.canonicalProvider(provider)
                providers[canonical, default: 0] += 1
                guard canonical == wantedProvider else { return }
            }
            guard let numbers = Self.numbers(separator: header.separator, text: text) else {
                builder.skips.count("a field that is not a number", line: lineNumber)
                return
            }
            append(numbers, time: text(header.timeColumn), lineNumber: lineNumber)
        }

        /// The row's numbers, read from its fields by `text`; nil when one is not a number.
        private static func numbers(separator: Character, text: (RecordingColumn) -> Substring?) -> FixNumbers? {
            var isMalformed = false
            func number(_ column: RecordingColumn) -> Double? {
                switch fieldNumber(text(column), separator: separator) {
                case .unknown: return nil
                case let .known(value): return value
                case .malformed:
                    isMalformed = true
                    return nil
                }
            }
            let numbers = FixNumbers(
                latitude: number(.latitude), longitude: number(.longitude), altitude: number(.altitude),
                accuracy: number(.horizontalAccuracy), verticalAccuracy: number(.verticalAccuracy), speed: number(.speed),
                course: number(.course), hdop: number(.hdop), delivery: number(.deliverySecondsAsWritten)
            )
            return isMalformed ? nil : numbers
        }

        /// What a field's text holds as a number.
        private static func fieldNumber(_ text: Substring?, separator: Character) -> FieldNumber {
            guard let text, !isNaN(text) else { return .unknown }
            guard let value = parseNumber(text, separator: separator) else { return .malformed }
            return value.isFinite ? .known(value) : .unknown
        }

        /// Appends the fix of a row's numbers and time field, or skips the row and counts why.
        private mutating func append(_ numbers: FixNumbers, time timeText: Substring?, lineNumber: Int) {
            guard let latitude = numbers.latitude, let longitude = numbers.longitude, abs(latitude) <= 90, abs(longitude) <= 180 else {
                builder.skips.count("latitude or longitude missing or out of range", line: lineNumber)
                return
            }
            guard latitude != 0 || longitude != 0 else {
                builder.skips.count("latitude and longitude 0 (no fix)", line: lineNumber)
                return
            }
            let timeColumn = header.timeColumn
            guard let time = timestamp(timeText, column: timeColumn, separator: header.separator) else {
                builder.skips.count("time missing or malformed", line: lineNumber)
                return
            }
            guard RecordingPlausibility.isPlausible(hdop: numbers.hdop) else {
                builder.skips.count(RecordingPlausibility.hdopReason, line: lineNumber)
                return
            }
            if !time.hasZone { zoneless += 1 }
            let horizontal: Double
            if let accuracy = numbers.accuracy {
                // A negative accuracy marks an invalid coordinate (Core Location, TrackBench's path CSV): kept as such.
                horizontal = accuracy >= 0 ? accuracy : LocationFix.unknown
            } else {
                horizontal = builder.fallbackAccuracy(hdop: numbers.hdop, options: options)
            }
            builder.append(LocationFix(
                latitude: latitude,
                longitude: longitude,
                altitudeMeters: numbers.altitude ?? 0,
                horizontalAccuracyMeters: horizontal,
                verticalAccuracyMeters: numbers.altitude == nil ? LocationFix.unknown : (numbers.verticalAccuracy ?? LocationFix.unknown),
                courseDegrees: numbers.course.flatMap { $0 >= 0 && $0 <= 360 ? $0.truncatingRemainder(dividingBy: 360) : nil } ?? LocationFix.unknown,
                speedMetersPerSecond: numbers.speed.flatMap { $0 >= 0 ? $0 : nil } ?? LocationFix.unknown,
                timestampSeconds: time.seconds,
                // TrackBench's path CSV: a cached fix re-delivered later keeps its old timestamp.
                deliveryTimeSeconds: timeColumn == .secondsAsWritten ? numbers.delivery.map { max($0, time.seconds) } : nil
            ), line: lineNumber)
        }

        /// The recording of the rows read, with notes on the providers passed over, zoneless times and GPS time.
        /// - Throws: `RecordingFileError.noFixes` when rows name providers but none the one asked for, or no row is a fix.
        func recording(file: String) throws(RecordingFileError) -> Recording {
            var builder = builder
            if !providers.isEmpty, providers[wantedProvider] == nil {
                let found = providers.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value) rows)" }.joined(separator: ", ")
                throw .noFixes(
                    file: file,
                    detail: "no rows from provider \(wantedProvider); the file has \(found); choose one with the recording's \"provider\" key"
                )
            }
            let others = providers.filter { $0.key != wantedProvider }
            if !others.isEmpty {
                builder.notes.append(
                    "read provider \(wantedProvider); passed over "
                        + others.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key) rows" }.joined(separator: ", ")
                )
            }
            if zoneless > 0, header.timeColumn == .time {
                builder.notes.append("\(zoneless) ISO 8601 times without a zone were taken as UTC")
            }
            if header.timeColumn == .gpsMilliseconds {
                builder.notes.append("GPS time converted to UTC with the leap-second count")
            }
            return try builder.recording(format: format, timeBase: header.timeColumn == .secondsAsWritten ? .asWritten : .unixUTC)
        }
    }

    /// The header's 0-based line index + 1 (the first data line's index), its fields and the separator it uses.
    private static func findHeader(in lines: DataLines, format: RecordingFormat) -> (Int, [Substring], Character)? {
        for (index, line) in lines.enumerated() {
            if format == .gnssLogger {
                for prefix in ["# Fix,", "#Fix,"] where line.hasPrefix(prefix) {
                    return (index + 1, fields(of: line.dropFirst(prefix.count - 4), separator: ","), ",")
                }
                continue
            }
            if line.trimmingSpaces.isEmpty || line.hasPrefix("#") { continue }
            let separator = self.separator(ofHeader: line)
            return (index + 1, fields(of: line, separator: separator), separator)
        }
        return nil
    }

    /// The separators a header row may use, commas first: a header with any comma is comma-separated.
    static let separators: [Character] = [",", ";", "\t", "|"]

    /// The separator a header row uses: the first of `separators` it holds; a comma for a single column.
    static func separator(ofHeader line: Substring) -> Character {
        separators.first { line.contains($0) } ?? ","
    }

    /// Whether a field is `NaN` in any case, which loggers write for a value they do not know.
    private static func isNaN(_ text: Substring) -> Bool {
        text.utf8.count == 3 && text.lowercased() == "nan"
    }

    /// A number as written, or with a decimal comma (`47,5`) in a file whose fields are not separated by commas;
    /// nil for anything else.
    private static func parseNumber(_ text: Substring, separator: Character) -> Double? {
        if let value = DecimalNumber.value(text) { return value }
        guard separator != ",", !text.utf8.contains(UInt8(ascii: ".")), text.utf8.count(where: { $0 == UInt8(ascii: ",") }) == 1 else { return nil }
        return DecimalNumber.value(text.replacingOccurrences(of: ",", with: "."))
    }

    /// Unix UTC seconds (or seconds as written) from a time field; nil if missing or malformed.
    private static func timestamp(_ text: Substring?, column: RecordingColumn, separator: Character) -> (seconds: Double, hasZone: Bool)? {
        guard let text else { return nil }
        if column == .time, text.utf8.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") }) {
            return UTCTime.parseISO8601(text)
        }
        guard let value = parseNumber(text, separator: separator), value.isFinite else { return nil }
        switch column {
        case .unixMilliseconds: return (value / 1000, true)
        case .gpsMilliseconds: return (UTCTime.unixSeconds(gpsMilliseconds: value), true)
        case .time: return (value < 1e11 ? value : value / 1000, true)
        default: return (value, true)
        }
    }

    /// The ranges of a line's fields between the ASCII `separator`s, for a line without quotes, into `ranges`.
    ///
    /// Works on the UTF-8 bytes: the separator is ASCII, so each one found is a whole character, and no
    /// character boundaries need finding on the way.
    static func fieldRanges(of line: Substring, separator: UInt8, into ranges: inout [Range<String.Index>]) {
        ranges.removeAll(keepingCapacity: true)
        let bytes = line.utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == separator {
                ranges.append(start..<index)
                start = bytes.index(after: index)
            }
            bytes.formIndex(after: &index)
        }
        ranges.append(start..<bytes.endIndex)
    }

    /// The double quote, which lets a field hold separators.
    private static let quote = UInt8(ascii: "\"")

    /// The fields of a line between `separator`s; a field in double quotes may hold separators and doubled quotes.
    static func fields(of line: Substring, separator: Character) -> [Substring] {
        guard let byte = separator.asciiValue, !line.utf8.contains(quote) else { return quotedFields(of: line, separator: separator) }
        var ranges: [Range<String.Index>] = []
        fieldRanges(of: line, separator: byte, into: &ranges)
        return ranges.map { Substring(line.utf8[$0]) }
    }

    /// The fields of a line that may quote them, read character by character.
    private static func quotedFields(of line: Substring, separator: Character) -> [Substring] {
        var fields: [Substring] = []
        var current = ""
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if quoted {
                if character == "\"" {
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == "\"" {
                        current.append("\"")
                        index = next
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == separator {
                fields.append(Substring(current))
                current = ""
            } else {
                current.append(character)
            }
            index = line.index(after: index)
        }
        fields.append(Substring(current))
        return fields
    }
}
