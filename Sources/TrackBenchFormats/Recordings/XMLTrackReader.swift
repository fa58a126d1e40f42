import Foundation
import TrackBenchModel
import TrackBenchSupport

/// Reads the XML formats of tracks: GPX 1.0 and 1.1, and Garmin's Training Center XML (TCX).
///
/// - GPX: track points (`trk/trkseg/trkpt`), or route points (`rte/rtept`)
///   when the file has no track, with `lat`, `lon`, `ele`, `time` and `hdop`.
/// - TCX: every `Trackpoint` (of an activity's laps or a course), with
///   `Time`, `Position/LatitudeDegrees`, `Position/LongitudeDegrees` and
///   `AltitudeMeters`. A track point without a `Position` (a watch records
///   them while paused or indoors) is skipped and counted.
///
/// Element names are matched without their namespace prefix, and
/// `extensions` (heart rate, cadence, a vendor's fields) are passed over, so
/// exports from Garmin, Strava and phone apps read alike. Times are ISO 8601
/// with fractional seconds and `Z` or an offset. A file where no point has a
/// time is a route: its points keep file order and can only serve as truth.
/// A point with a malformed time is skipped and counted, so a file whose
/// every time is malformed has no usable fixes (it is no route). A point
/// holding two of one value element (two `Position`s, two `time`s) is an
/// error naming both, as reading either would be a guess.
/// The XML is read by `XMLScanner`: text in CDATA sections and character
/// references count as text, and a syntax error names its line and column.
enum XMLTrackReader {
    /// The longest text of a value read (a number or a time), in bytes; a longer one is no valid value.
    static let maximumValueBytes = 256

    /// Reads a GPX or TCX file's bytes (UTF-8, with or without a byte order mark, any line endings).
    /// - Throws: `RecordingFileError.malformedXML` at the line and column of an XML fault,
    ///   `.malformed` for a root element of another format, `.noFixes` when no point is usable, `.tooManyPoints` at the
    ///   first point past the bound (the scan stops there).
    static func read(_ data: Data, file: String, options: RecordingReadOptions) throws(RecordingFileError) -> Recording {
        let collector = try XMLScanner.scan(data) { (scanner: inout XMLScanner) throws(RecordingFileError) -> Collector in
            // Before the root element the scanner gives no event, and it throws for a file without one.
            guard case let .start(root) = try next(&scanner, file: file) else {
                throw .malformed(file: file, line: 1, problem: rootProblem)
            }
            var collector = try Collector(root: root, file: file, pointLimit: options.pointLimit)
            while let event = try next(&scanner, file: file) {
                switch event {
                case let .start(element):
                    try collector.start(element)
                case let .text(text):
                    if collector.wantsText(byteCount: text.bytes.count) { collector.append(scanner.string(text)) }
                case let .end(name):
                    try collector.end(XMLScanner.localName(name))
                }
            }
            return collector
        }
        let format = collector.format
        let points = collector.trackPoints.isEmpty ? collector.routePoints : collector.trackPoints
        var builder = RecordingBuilder(file: file, options: options)
        builder.hasTimes = points.contains { $0.hasTimeElement }
        var withoutZone = 0
        for point in points {
            guard let latitude = point.latitude, let longitude = point.longitude,
                  abs(latitude) <= 90, abs(longitude) <= 180 else {
                builder.skips.count(format == .tcx ? "no Position, or one out of range" : "lat or lon missing or out of range", line: point.line)
                continue
            }
            if builder.hasTimes, point.time == nil {
                builder.skips.count("point without a valid time", line: point.line)
                continue
            }
            if point.time?.hasZone == false { withoutZone += 1 }
            let accuracy = builder.fallbackAccuracy(hdop: point.hdop, options: options)
            builder.append(LocationFix(
                latitude: latitude,
                longitude: longitude,
                altitudeMeters: point.elevation ?? 0,
                horizontalAccuracyMeters: accuracy,
                verticalAccuracyMeters: point.elevation == nil ? LocationFix.unknown : 0,
                timestampSeconds: point.time?.seconds ?? Double(builder.fixes.count)
            ), line: point.line)
        }
        if !builder.hasTimes {
            builder.notes.append("no point has a time: a route, usable as truth only (position error is the distance to the route)")
        }
        if withoutZone > 0 {
            builder.notes.append("\(withoutZone) times without a zone were taken as UTC")
        }
        return try builder.recording(format: format, timeBase: .unixUTC)
    }

    /// The error for a root element of another format, naming both accepted ones.
    static let rootProblem = "expected a <gpx> root element (GPX 1.0 or 1.1) or a <TrainingCenterDatabase> one (TCX)"

    /// The scanner's next event, its syntax error named with the file.
    private static func next(_ scanner: inout XMLScanner, file: String) throws(RecordingFileError) -> XMLScanner.Event? {
        do {
            return try scanner.next()
        } catch {
            throw .malformedXML(file: file, line: error.line, column: error.column, problem: error.problem)
        }
    }

    /// One `trkpt`, `rtept` or `Trackpoint` as read; fields nil when absent.
    struct Point {
        var line: Int
        var latitude: Double?
        var longitude: Double?
        var elevation: Double?
        var time: (seconds: Double, hasZone: Bool)?
        /// Whether the point has a time element, even one whose text is no valid time.
        var hasTimeElement = false
        var hdop: Double?
        /// The line of each value element read, by its local name (`Position/LatitudeDegrees` inside a `Position`),
        /// to refuse a second one.
        var elementLines: [String: Int] = [:]
        /// The local names of the elements open inside the point, outermost first.
        var openElements: [Substring] = []
    }

    /// Collects points as the scanner walks the document.
    private struct Collector {
        var trackPoints: [Point] = []
        var routePoints: [Point] = []
        /// The format the root element names.
        let format: RecordingFormat
        private var point: Point?
        private var isRoutePoint = false
        /// How deep inside `extensions` the scanner is (0: outside), whose contents are passed over.
        private var extensionDepth = 0
        private var text = ""
        /// Whether the current element's text grew past `maximumValueBytes`: then it is no value.
        private var isTextTooLong = false

        /// The file read, for messages.
        private let file: String
        /// The most points gathered, track and route points together (`RecordingReadOptions.pointLimit`).
        private let pointLimit: Int
        /// The child elements of a point that hold one value each: a second one is ambiguous. A `Position`'s
        /// `LatitudeDegrees` and `LongitudeDegrees` are checked the same way.
        private static let valueElements: Set<Substring> = ["Position", "AltitudeMeters", "Time", "ele", "time", "hdop"]

        /// A collector for the document whose root element is `root`.
        /// - Throws: `RecordingFileError.malformed` when the root is neither `gpx` nor `TrainingCenterDatabase`.
        init(root: XMLScanner.Element, file: String, pointLimit: Int) throws(RecordingFileError) {
            self.file = file
            self.pointLimit = pointLimit
            switch root.localName {
            case "gpx": format = .gpx
            case "TrainingCenterDatabase": format = .tcx
            default: throw .malformed(file: file, line: root.line, problem: XMLTrackReader.rootProblem)
            }
        }

        /// Starts an element: a point, or one of a point's values.
        /// - Throws: `RecordingFileError.malformed` for a point's second element of one value.
        mutating func start(_ element: XMLScanner.Element) throws(RecordingFileError) {
            let name = element.localName
            if extensionDepth > 0 || name == "extensions" || name == "Extensions" {
                extensionDepth += 1
                return
            }
            resetText()
            if var current = point {
                let isValue = current.openElements.isEmpty ? Self.valueElements.contains(name)
                    : current.openElements == ["Position"] && (name == "LatitudeDegrees" || name == "LongitudeDegrees")
                let key = (current.openElements + [name]).joined(separator: "/")
                if isValue, let first = current.elementLines.updateValue(element.line, forKey: key) {
                    throw .malformed(
                        file: file, line: element.line,
                        problem: "the point at line \(current.line) has two \(key) elements (lines \(first) and \(element.line)), "
                            + "so which to read is ambiguous; keep one"
                    )
                }
                current.openElements.append(name)
                point = current
            }
            switch name {
            case "Trackpoint":
                isRoutePoint = false
                point = Point(line: element.line)
            case "trkpt", "rtept":
                isRoutePoint = name == "rtept"
                point = Point(
                    line: element.line, latitude: element.attribute("lat").flatMap(Self.number),
                    longitude: element.attribute("lon").flatMap(Self.number)
                )
            default:
                break
            }
        }

        /// Whether a text run of `byteCount` bytes is wanted: inside a point, outside extensions, while short enough.
        mutating func wantsText(byteCount: Int) -> Bool {
            guard extensionDepth == 0, point != nil, !isTextTooLong else { return false }
            isTextTooLong = text.utf8.count + byteCount > XMLTrackReader.maximumValueBytes
            return !isTextTooLong
        }

        mutating func append(_ run: String) {
            text += run
        }

        /// Ends an element: a point is gathered, a value element read into the point.
        /// - Throws: `RecordingFileError.tooManyPoints` for the first point past `pointLimit`.
        mutating func end(_ name: Substring) throws(RecordingFileError) {
            if extensionDepth > 0 {
                extensionDepth -= 1
                return
            }
            let value = isTextTooLong ? "" : Self.trimmed(text)
            resetText()
            guard var current = point else { return }
            if !current.openElements.isEmpty { current.openElements.removeLast() }
            switch name {
            case "ele", "AltitudeMeters": current.elevation = Self.number(value)
            case "time", "Time":
                current.time = UTCTime.parseISO8601(value)
                current.hasTimeElement = true
            case "hdop": current.hdop = Self.number(value).flatMap { $0 >= 0 ? $0 : nil }
            case "LatitudeDegrees": current.latitude = Self.number(value)
            case "LongitudeDegrees": current.longitude = Self.number(value)
            case "trkpt", "rtept", "Trackpoint":
                guard trackPoints.count + routePoints.count < pointLimit else {
                    throw .tooManyPoints(file: file, line: current.line, limit: pointLimit)
                }
                // Only the values are kept: the bookkeeping for a second value element would cost an allocation a point.
                (current.elementLines, current.openElements) = ([:], [])
                if isRoutePoint { routePoints.append(current) } else { trackPoints.append(current) }
                point = nil
                return
            default: break
            }
            point = current
        }

        private mutating func resetText() {
            text = ""
            isTextTooLong = false
        }

        private static func number(_ text: some StringProtocol) -> Double? {
            DecimalNumber.value(text).flatMap { $0.isFinite ? $0 : nil }
        }

        /// `text` without leading and trailing white space: the characters of Foundation's `whitespacesAndNewlines`
        /// (Unicode's White_Space property), found without bridging to `NSString`, which took a third of the time.
        private static func trimmed(_ text: String) -> Substring {
            let scalars = text.unicodeScalars
            guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
                  let last = scalars.lastIndex(where: { !isWhitespace($0) }) else { return "" }
            return Substring(scalars[first...last])
        }

        private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
        }
    }
}
