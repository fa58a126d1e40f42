import Foundation
import TrackBenchModel

/// A cursor over one line a filter process wrote: its hello or an answer (Docs/filter-protocol.md), read in strict
/// JSON.
///
/// Numbers follow JSON's grammar exactly (`037.4`, `+1`, `.5` and `1.` are
/// refused), a key may appear once, and a hello's values have exactly their
/// types: `"trackbench": true` or `"online": 1` is an error rather than a
/// guess. Answers are read by hand, not by `JSONSerialization`, because a
/// run reads millions of them.
struct FilterProtocolReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The hello `{"trackbench": VERSION, "name": "...", "online": BOOL}`, each key once and no other.
    mutating func hello(version: Int) throws(FilterProtocolViolation) -> FilterProtocol.Hello {
        let expected = #"expected {"trackbench": \#(version), "name": "...", "online": true}"#
        skipSpaces()
        guard consume("{") else { throw FilterProtocolViolation(reason: "the hello is not a JSON object; \(expected)") }
        var name: String?
        var online: Bool?
        var hasVersion = false
        skipSpaces()
        if !consume("}") {
            repeat {
                skipSpaces()
                let key = try readString(what: "a quoted key")
                skipSpaces()
                guard consume(":") else { throw FilterProtocolViolation(reason: "expected ':' after \"\(key)\" in the hello") }
                skipSpaces()
                switch key {
                case "trackbench":
                    guard !hasVersion else { throw Self.duplicate(key, in: "the hello") }
                    let start = index
                    let isNumber = (try? readNumber(for: key)) != nil
                    guard isNumber, String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) == String(version) else {
                        throw FilterProtocolViolation(
                            reason: #"the hello's "trackbench" is not the integer \#(version), the protocol version this TrackBench speaks"#
                        )
                    }
                    hasVersion = true
                case "name":
                    guard name == nil else { throw Self.duplicate(key, in: "the hello") }
                    name = try readString(what: #"a string for "name""#)
                case "online":
                    guard online == nil else { throw Self.duplicate(key, in: "the hello") }
                    if consume("true") {
                        online = true
                    } else if consume("false") {
                        online = false
                    } else {
                        throw FilterProtocolViolation(reason: #"the hello's "online" is not true or false"#)
                    }
                default:
                    throw FilterProtocolViolation(reason: "unknown key \"\(key)\" in the hello; \(expected)")
                }
                skipSpaces()
            } while consume(",")
            guard consume("}") else { throw FilterProtocolViolation(reason: "expected ',' or '}' after a value in the hello") }
        }
        skipSpaces()
        guard index == bytes.count else { throw FilterProtocolViolation(reason: "unexpected text after the hello") }
        guard hasVersion else {
            throw FilterProtocolViolation(reason: #"the hello has no "trackbench", the protocol version; \#(expected)"#)
        }
        guard let name, !name.isEmpty else { throw FilterProtocolViolation(reason: #"the hello has no "name" string"#) }
        guard let online else { throw FilterProtocolViolation(reason: #"the hello's "online" is not true or false"#) }
        return FilterProtocol.Hello(name: name, timing: online ? .online : .offline)
    }

    /// The estimate an answer makes of `fix`: nil for `null`; each key at most once.
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
        var hasAltitude = false
        var hasSpeed = false
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
                    guard latitude == nil else { throw Self.duplicate(key, in: "the answer") }
                    let value = try readNumber(for: key)
                    guard (-90...90).contains(value) else { throw FilterProtocolViolation(reason: "latitude \(value) is outside -90...90") }
                    latitude = value
                case "longitude":
                    guard longitude == nil else { throw Self.duplicate(key, in: "the answer") }
                    let value = try readNumber(for: key)
                    guard (-180...180).contains(value) else { throw FilterProtocolViolation(reason: "longitude \(value) is outside -180...180") }
                    longitude = value
                case "altitude_m":
                    guard !hasAltitude else { throw Self.duplicate(key, in: "the answer") }
                    hasAltitude = true
                    if !consume("null") { estimate.altitudeMeters = try readNumber(for: key) }
                case "speed_mps":
                    guard !hasSpeed else { throw Self.duplicate(key, in: "the answer") }
                    hasSpeed = true
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

    /// The violation of a key given twice, which JSON readers disagree on (the first or the last wins).
    private static func duplicate(_ key: String, in place: String) -> FilterProtocolViolation {
        FilterProtocolViolation(reason: "\"\(key)\" appears twice in \(place); give each key once")
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

    /// An answer's key: a JSON string of plain ASCII, without escapes (no answer key needs one).
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

    /// A JSON string with its escapes resolved; valid UTF-8 without raw control characters.
    /// - Parameter what: What was expected, for the message: `a quoted key`.
    private mutating func readString(what: String) throws(FilterProtocolViolation) -> String {
        guard consume("\"") else { throw FilterProtocolViolation(reason: "expected \(what)") }
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            let byte = bytes[index]
            index += 1
            guard byte >= 0x20 else { throw FilterProtocolViolation(reason: "a control character in a string; escape it, as \\n") }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHexQuad()
                if (0xD800..<0xDC00).contains(scalar), consume("\\u") {
                    let low = try readHexQuad()
                    guard (0xDC00..<0xE000).contains(low) else { throw FilterProtocolViolation(reason: "an unpaired surrogate in a string") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw FilterProtocolViolation(reason: "an unpaired surrogate in a string") }
                text.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw FilterProtocolViolation(reason: "an unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
            }
        }
        guard consume("\"") else { throw FilterProtocolViolation(reason: "a string is not closed by '\"'") }
        guard let string = String(validating: text, as: UTF8.self) else { throw FilterProtocolViolation(reason: "a string is not valid UTF-8") }
        return string
    }

    /// The four hexadecimal digits of a `\u` escape.
    private mutating func readHexQuad() throws(FilterProtocolViolation) -> UInt32 {
        guard bytes.count - index >= 4,
              let value = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + 4]), as: UTF8.self), radix: 16) else {
            throw FilterProtocolViolation(reason: "expected four hexadecimal digits after \\u")
        }
        index += 4
        return value
    }

    /// A number in JSON's grammar, `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, read with `strtod` over exactly its
    /// characters; finite only.
    private mutating func readNumber(for key: String) throws(FilterProtocolViolation) -> Double {
        let start = index
        while index < bytes.count, Self.isNumberByte(bytes[index]) {
            index += 1
        }
        let length = index - start
        guard length > 0, let base = bytes.baseAddress else {
            throw FilterProtocolViolation(reason: "expected a number for \"\(key)\"")
        }
        guard Self.isJSONNumber(UnsafeBufferPointer(rebasing: bytes[start..<index])) else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            throw FilterProtocolViolation(
                reason: "expected a number for \"\(key)\" in JSON's grammar, not '\(text)' (no leading zeros, '+' sign or bare '.')"
            )
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

    /// Whether `text` is exactly one JSON number.
    static func isJSONNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func isDigit(_ at: Int) -> Bool { at < text.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[at]) }
        func digits() -> Bool {
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
            return true
        }
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        if index < text.count, text[index] == UInt8(ascii: "0") {
            index += 1
        } else if !digits() {
            return false
        }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return false }
        }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return false }
        }
        return index == text.count
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
