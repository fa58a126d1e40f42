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

    /// The longest line a process may write, in bytes without its newline: 64 KiB, hundreds of times an answer's
    /// length, so a process writing without newlines is stopped with a line's memory.
    static let maximumLineLength = 1 << 16

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

    /// Reads a hello line: a JSON object with exactly the keys `trackbench` (the integer 1), `name` (a non-empty
    /// string) and `online` (true or false), each once.
    /// - Throws: A lowercase reason naming what is missing or wrong.
    static func hello(parsing line: String) throws(FilterProtocolViolation) -> Hello {
        try Array(line.utf8).withUnsafeBufferPointer { bytes throws(FilterProtocolViolation) in
            var reader = FilterProtocolReader(bytes: bytes)
            return try reader.hello(version: version)
        }
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
        var reader = FilterProtocolReader(bytes: line)
        return try reader.estimate(for: fix)
    }
}

/// How a process broke the protocol, in words for an error message.
struct FilterProtocolViolation: Error, Equatable {
    /// Lowercase, saying what was expected.
    var reason: String
}
