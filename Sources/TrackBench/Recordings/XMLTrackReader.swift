import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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
enum XMLTrackReader {
    static func read(_ text: String, file: String, options: RecordingReadOptions) throws(RecordingFileError) -> Recording {
        let delegate = Delegate()
        let parser = XMLParser(data: try withoutProcessingInstructions(text, file: file))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let parsed = parser.parse()
        if let problem = delegate.problem {
            throw .malformed(file: file, line: problem.line, problem: problem.text)
        }
        guard parsed else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw .malformed(file: file, line: max(1, parser.lineNumber), problem: "not well-formed XML (\(reason))")
        }
        guard let format = delegate.format else {
            throw .malformed(file: file, line: 1, problem: "expected a <gpx> root element (GPX 1.0 or 1.1) or a <TrainingCenterDatabase> one (TCX)")
        }
        let points = delegate.trackPoints.isEmpty ? delegate.routePoints : delegate.trackPoints
        var builder = RecordingBuilder()
        builder.hasTimes = points.contains { $0.time != nil }
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
                verticalAccuracyMeters: point.elevation == nil ? -1 : 0,
                timestampSeconds: point.time?.seconds ?? Double(builder.fixes.count)
            ), line: point.line)
        }
        if !builder.hasTimes {
            builder.notes.append("no point has a time: a route, usable as truth only (position error is the distance to the route)")
        }
        if withoutZone > 0 {
            builder.notes.append("\(withoutZone) times without a zone were taken as UTC")
        }
        return try builder.recording(format: format, timeBase: .unixUTC, file: file)
    }

    /// The text with every processing instruction (`<?...?>`, the XML declaration included) blanked out, line
    /// breaks kept so line numbers stay right.
    ///
    /// GPX and TCX need none of them, and FoundationXML on Linux crashes on one
    /// without data (`<?x?>`), so none reaches it.
    /// - Throws: `RecordingFileError.malformed` for a `<?` that is never closed.
    ///
    /// Works on the UTF-8 bytes, as the XML parser does: searching characters
    /// would miss a `<?` whose `?` a combining mark joins into one character.
    static func withoutProcessingInstructions(_ text: String, file: String) throws(RecordingFileError) -> Data {
        let bytes = Array(text.utf8)
        let (less, question, greater, newline) = (UInt8(ascii: "<"), UInt8(ascii: "?"), UInt8(ascii: ">"), UInt8(ascii: "\n"))
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == less, index + 1 < bytes.count, bytes[index + 1] == question else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 2
            while end + 1 < bytes.count, !(bytes[end] == question && bytes[end + 1] == greater) { end += 1 }
            guard end + 1 < bytes.count else {
                let line = result.reduce(1) { $1 == newline ? $0 + 1 : $0 }
                throw .malformed(file: file, line: line, problem: "a processing instruction '<?' is never closed with '?>'; the file may be truncated")
            }
            result += bytes[index..<(end + 2)].filter { $0 == newline }
            index = end + 2
        }
        return Data(result)
    }

    /// One `trkpt`, `rtept` or `Trackpoint` as read; fields nil when absent.
    struct Point {
        var line: Int
        var latitude: Double?
        var longitude: Double?
        var elevation: Double?
        var time: (seconds: Double, hasZone: Bool)?
        var hdop: Double?
    }

    /// Collects points while XMLParser walks the document; XMLParser calls it on the parsing thread only.
    private final class Delegate: NSObject, XMLParserDelegate {
        var trackPoints: [Point] = []
        var routePoints: [Point] = []
        /// The format the root element names; nil until one does.
        var format: RecordingFormat?
        var problem: (line: Int, text: String)?
        private var point: Point?
        private var isRoutePoint = false
        /// Open elements (local names) and the line each opened on, to catch tags that do not match.
        private var open: [(name: String, line: Int)] = []
        private var extensionDepth = 0
        private var text = ""

        private static func localName(_ name: String) -> String {
            name.split(separator: ":").last.map(String.init) ?? name
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let name = Self.localName(elementName)
            open.append((name, max(1, parser.lineNumber)))
            if extensionDepth > 0 || name == "extensions" || name == "Extensions" {
                extensionDepth += 1
                return
            }
            text = ""
            switch name {
            case "gpx":
                format = format ?? .gpx
            case "TrainingCenterDatabase":
                format = format ?? .tcx
            case "Trackpoint":
                isRoutePoint = false
                point = Point(line: max(1, parser.lineNumber))
            case "trkpt", "rtept":
                let line = max(1, parser.lineNumber)
                isRoutePoint = name == "rtept"
                point = Point(line: line, latitude: attributes["lat"].flatMap(Self.number), longitude: attributes["lon"].flatMap(Self.number))
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if extensionDepth == 0, point != nil, text.utf8.count < 256 { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            let closing = Self.localName(elementName)
            if let last = open.popLast(), last.name != closing, problem == nil {
                problem = (max(1, parser.lineNumber), "</\(closing)> closes <\(last.name)> opened at line \(last.line); the XML is not well-formed")
                parser.abortParsing()
            }
            if extensionDepth > 0 {
                extensionDepth -= 1
                return
            }
            let name = Self.localName(elementName)
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            text = ""
            guard point != nil else { return }
            switch name {
            case "ele", "AltitudeMeters": point?.elevation = Self.number(value)
            case "time", "Time": point?.time = UTCTime.parseISO8601(value)
            case "hdop": point?.hdop = Self.number(value).flatMap { $0 >= 0 ? $0 : nil }
            case "LatitudeDegrees": point?.latitude = Self.number(value)
            case "LongitudeDegrees": point?.longitude = Self.number(value)
            case "trkpt", "rtept", "Trackpoint":
                if isRoutePoint { routePoints.append(point!) } else { trackPoints.append(point!) }
                point = nil
            default: break
            }
        }

        func parserDidEndDocument(_ parser: XMLParser) {
            if let last = open.last, problem == nil {
                problem = (max(1, parser.lineNumber), "<\(last.name)> opened at line \(last.line) is never closed; the file may be truncated")
            }
        }

        private static func number(_ text: String) -> Double? {
            Double(text).flatMap { $0.isFinite ? $0 : nil }
        }
    }
}
