import Foundation
import TrackBenchModel

/// The lines of the filter process protocol, version 1 (Docs/filter-protocol.md): what TrackBench writes and how it
/// reads the answers.
///
/// Requests are JSON Lines: `start`, one `fix` per delivered fix with the
/// columns of `export`'s noisy.csv and a line per sensor event, then `end`. Each answer is one line,
/// `null` or an object with `latitude`, `longitude` and optionally
/// `altitude_m` and `speed_mps`. Answers are parsed by hand, not by
/// `JSONSerialization`, because a run reads millions of them.
enum FilterProtocol {
    /// The protocol version a process names in its hello, `{"trackbench": 1, ...}`.
    static let version = 1

    /// Appends the `start` line of one run: the scenario (or recording) and the seed, `null` when the run has none.
    static func appendStart(scenario: String, seed: UInt64?, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"type":"start","scenario":"#.utf8)
        appendString(scenario, to: &bytes)
        bytes.append(contentsOf: #","seed":"#.utf8)
        if let seed {
            bytes.append(contentsOf: String(seed).utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
        bytes.append(contentsOf: "}\n".utf8)
    }

    /// Appends the `end` line of a run.
    static func appendEnd(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"type":"end"}"#.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends one `fix` line: every column of noisy.csv, numbers in their shortest text that reads back exactly.
    static func appendFix(_ fix: LocationFix, to bytes: inout [UInt8]) {
        appendLiteral(#"{"type":"fix","timestamp_s":"#, to: &bytes)
        appendNumber(fix.timestampSeconds, to: &bytes)
        appendLiteral(#","latitude":"#, to: &bytes)
        appendNumber(fix.latitude, to: &bytes)
        appendLiteral(#","longitude":"#, to: &bytes)
        appendNumber(fix.longitude, to: &bytes)
        appendLiteral(#","altitude_m":"#, to: &bytes)
        appendNumber(fix.altitudeMeters, to: &bytes)
        appendLiteral(#","horizontal_accuracy_m":"#, to: &bytes)
        appendNumber(fix.horizontalAccuracyMeters, to: &bytes)
        appendLiteral(#","vertical_accuracy_m":"#, to: &bytes)
        appendNumber(fix.verticalAccuracyMeters, to: &bytes)
        appendLiteral(#","course_deg":"#, to: &bytes)
        appendNumber(fix.courseDegrees, to: &bytes)
        appendLiteral(#","speed_mps":"#, to: &bytes)
        appendNumber(fix.speedMetersPerSecond, to: &bytes)
        appendLiteral(#","delivery_time_s":"#, to: &bytes)
        appendNumber(fix.deliveryTimeSeconds, to: &bytes)
        appendLiteral("}\n", to: &bytes)
    }

    /// Appends the line of a pedometer, compass or barometer event, with the columns of `export`'s steps.csv,
    /// headings.csv or barometer.csv; nothing for a fix, which has `appendFix`.
    static func appendSensor(_ event: SensorEvent, to bytes: inout [UInt8]) {
        switch event {
        case .fix:
            return
        case let .steps(steps):
            appendLiteral(#"{"type":"steps","time_s":"#, to: &bytes)
            appendNumber(steps.timeSeconds, to: &bytes)
            appendLiteral(#","steps":"#, to: &bytes)
            bytes.append(contentsOf: String(steps.steps).utf8)
            appendLiteral(#","gait":"#, to: &bytes)
            appendString(steps.gait.rawValue, to: &bytes)
        case let .heading(heading):
            appendLiteral(#"{"type":"heading","time_s":"#, to: &bytes)
            appendNumber(heading.timeSeconds, to: &bytes)
            appendLiteral(#","magnetic_heading_deg":"#, to: &bytes)
            appendNumber(heading.magneticHeadingDegrees, to: &bytes)
            appendLiteral(#","declination_deg":"#, to: &bytes)
            appendNumber(heading.declinationDegrees, to: &bytes)
        case let .barometer(reading):
            appendLiteral(#"{"type":"barometer","time_s":"#, to: &bytes)
            appendNumber(reading.timeSeconds, to: &bytes)
            appendLiteral(#","relative_altitude_m":"#, to: &bytes)
            appendNumber(reading.relativeAltitudeMeters, to: &bytes)
        }
        appendLiteral("}\n", to: &bytes)
    }

    /// Appends `value` as Swift's shortest round-trip text (`1.5`, `1e-05`), which is valid JSON; `null` if not finite.
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a literal's UTF-8 bytes without going through `String`.
    private static func appendLiteral(_ literal: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `text` as a JSON string, escaping quotes, backslashes and control characters.
    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// What a process's first line says: `{"trackbench": 1, "name": "median", "online": true}`.
    struct Hello: Equatable {
        /// The name the process gives its filter; the results' label unless the user chose one.
        var name: String
        /// Online or offline, from `"online"`.
        var timing: FilterTiming
    }

    /// Reads a hello line.
    /// - Throws: A lowercase reason naming what is missing or wrong.
    static func hello(parsing line: String) throws(FilterProtocolViolation) -> Hello {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw FilterProtocolViolation(reason: #"the hello is not a JSON object; expected {"trackbench": 1, "name": "...", "online": true}"#)
        }
        guard (object["trackbench"] as? NSNumber)?.doubleValue == Double(Self.version) else {
            throw FilterProtocolViolation(reason: #"the hello's "trackbench" is not \#(Self.version), the protocol version this TrackBench speaks"#)
        }
        guard let name = object["name"] as? String, !name.isEmpty else {
            throw FilterProtocolViolation(reason: #"the hello has no "name" string"#)
        }
        guard let online = object["online"] as? Bool else {
            throw FilterProtocolViolation(reason: #"the hello's "online" is not true or false"#)
        }
        return Hello(name: name, timing: online ? .online : .offline)
    }

    /// Parses one answer line (without its newline) to the estimate it makes of `fix`, nil for `null`.
    ///
    /// The estimate is `fix` with the latitude and longitude answered, and
    /// the altitude and speed when answered; its times, accuracies and
    /// course stay the fix's. Keys other than those four are an error, so a
    /// misspelt key is not silently ignored.
    /// - Parameter line: The answer's bytes, without the newline.
    /// - Throws: A `FilterProtocolViolation` saying what was expected.
    static func estimate(parsing line: UnsafeBufferPointer<UInt8>, for fix: LocationFix) throws(FilterProtocolViolation) -> LocationFix? {
        var reader = AnswerReader(bytes: line)
        return try reader.estimate(for: fix)
    }
}

/// How a process broke the protocol, in words for an error message.
struct FilterProtocolViolation: Error, Equatable {
    /// Lowercase, saying what was expected.
    var reason: String
}

/// A cursor over one answer line.
private struct AnswerReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func estimate(for fix: LocationFix) throws(FilterProtocolViolation) -> LocationFix? {
        skipSpaces()
        if consume("null") {
            try expectEnd()
            return nil
        }
        guard consume("{") else {
            throw FilterProtocolViolation(reason: #"expected null or an object such as {"latitude": 51.5, "longitude": -0.12}"#)
        }
        var latitude: Double?
        var longitude: Double?
        var estimate = fix
        skipSpaces()
        if !consume("}") {
            repeat {
                skipSpaces()
                let key = try readKey()
                skipSpaces()
                guard consume(":") else { throw FilterProtocolViolation(reason: "expected ':' after \"\(key)\"") }
                skipSpaces()
                switch key {
                case "latitude":
                    let value = try readNumber(for: key)
                    guard (-90...90).contains(value) else { throw FilterProtocolViolation(reason: "latitude \(value) is outside -90...90") }
                    latitude = value
                case "longitude":
                    let value = try readNumber(for: key)
                    guard (-180...180).contains(value) else { throw FilterProtocolViolation(reason: "longitude \(value) is outside -180...180") }
                    longitude = value
                case "altitude_m":
                    if !consume("null") { estimate.altitudeMeters = try readNumber(for: key) }
                case "speed_mps":
                    if !consume("null") { estimate.speedMetersPerSecond = try readNumber(for: key) }
                default:
                    throw FilterProtocolViolation(
                        reason: "unknown key \"\(key)\"; an answer has latitude, longitude and optionally altitude_m and speed_mps"
                    )
                }
                skipSpaces()
            } while consume(",")
            guard consume("}") else { throw FilterProtocolViolation(reason: "expected ',' or '}' after a value") }
        }
        try expectEnd()
        guard let latitude, let longitude else {
            throw FilterProtocolViolation(reason: #"an estimate needs both "latitude" and "longitude" (answer null for none)"#)
        }
        estimate.latitude = latitude
        estimate.longitude = longitude
        return estimate
    }

    private mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") {
            index += 1
        }
    }

    private mutating func consume(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            return false
        }
        index += count
        return true
    }

    private mutating func expectEnd() throws(FilterProtocolViolation) {
        skipSpaces()
        guard index == bytes.count else { throw FilterProtocolViolation(reason: "unexpected text after the answer") }
    }

    /// A key: a JSON string of plain ASCII, without escapes (no answer key needs one).
    private mutating func readKey() throws(FilterProtocolViolation) -> String {
        guard consume("\"") else { throw FilterProtocolViolation(reason: "expected a quoted key") }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw FilterProtocolViolation(reason: "expected a key of plain letters, closed by '\"'")
        }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return key
    }

    /// A JSON number, read with `strtod` over exactly its characters; finite only.
    private mutating func readNumber(for key: String) throws(FilterProtocolViolation) -> Double {
        let start = index
        while index < bytes.count, Self.isNumberByte(bytes[index]) {
            index += 1
        }
        let length = index - start
        let isJSONStart = length > 0 && (bytes[start] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start]))
        guard isJSONStart, let base = bytes.baseAddress else {
            throw FilterProtocolViolation(reason: "expected a number for \"\(key)\"")
        }
        // strtod reads a C string: the number's characters alone, copied with a terminating zero.
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { text -> Double? in
            for offset in 0..<length { text[offset] = CChar(bitPattern: base[start + offset]) }
            text[length] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(text.baseAddress!, &end)
            return end == text.baseAddress! + length ? value : nil
        }
        guard let value else { throw FilterProtocolViolation(reason: "expected a number for \"\(key)\"") }
        guard value.isFinite else { throw FilterProtocolViolation(reason: "\"\(key)\" is not finite") }
        return value
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
