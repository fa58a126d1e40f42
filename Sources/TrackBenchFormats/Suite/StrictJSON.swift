/// A strict JSON parser that builds a `JSONValue` tree and names the line and column of the first problem.
///
/// Foundation's parser accepts trailing commas and repeated keys (the last
/// one silently wins), which would let a typo in a scenario file change a
/// benchmark without a word. This parser rejects both, along with anything
/// else that is not RFC 8259 JSON, and bounds nesting so no input can exhaust
/// the stack. A number beyond a double's range (1e309) or too small to tell
/// from zero (1e-400) is named with its key. A suite file is parsed here
/// once; every value of the tree keeps the line and column it starts at.
struct StrictJSON {
    /// Why the text is not strict JSON, and where.
    struct SyntaxError: Error, Equatable {
        /// 1-based line of the problem.
        var line: Int
        /// 1-based column (in bytes) of the problem.
        var column: Int
        /// What is wrong and what was expected.
        var problem: String

        var description: String { "line \(line), column \(column): \(problem)" }
    }

    /// The deepest nesting of objects and arrays accepted.
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    /// The key whose value is being read, for messages; nil outside any object.
    private var key: String?
    /// The line of the byte at `index`, and where that line starts: counted as white space is passed over, the only
    /// place a line break may stand, so each value's place costs nothing.
    private var line = 1
    private var lineStart = 0

    /// The most characters of a number or text quoted back in a message.
    static let maximumQuotedLength = 32

    /// Parses `bytes` (UTF-8, without a byte order mark).
    /// - Returns: The value the text holds, each part with where it starts.
    /// - Throws: `SyntaxError` at the first problem.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = StrictJSON(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.error("unexpected text after the end of the JSON value")
        }
        return value
    }

    /// `text` cut to `maximumQuotedLength` characters, saying how long it was.
    static func quoted(_ text: String) -> String {
        text.count <= maximumQuotedLength ? text : "\(text.prefix(maximumQuotedLength))... (\(text.count) characters)"
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ problem: String) -> SyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SyntaxError(line: line, column: column, problem: problem)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
            if byte == 0x0A {
                line += 1
                lineStart = index
            }
        }
    }

    private mutating func expect(_ character: Character) throws(SyntaxError) {
        guard current == character.asciiValue else {
            throw error("expected '\(character)'")
        }
        index += 1
    }

    private mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else {
            throw error("nested deeper than \(Self.maximumDepth) levels")
        }
        let (line, column) = (line, index - lineStart + 1)
        let content: JSONValue.Content
        switch current {
        case UInt8(ascii: "{"): content = .object(try object(depth: depth + 1))
        case UInt8(ascii: "["): content = .array(try array(depth: depth + 1))
        case UInt8(ascii: "\""): content = .string(String(decoding: try string(), as: UTF8.self))
        case UInt8(ascii: "t"):
            try literal("true")
            content = .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            content = .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            content = .null
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): content = .number(try number())
        case nil: throw error("the text ends where a value was expected")
        default: throw error("expected a value (object, array, string, number, true, false or null)")
        }
        return JSONValue(content: content, line: line, column: column)
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> [JSONValue.Member] {
        let outerKey = key
        defer { key = outerKey }
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return []
        }
        var members: [JSONValue.Member] = []
        // Keys are compared as decoded text, so "a\u0062" repeats "ab", as a decoder sees it.
        var keys: Set<String> = []
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(
                    keys.isEmpty ? "expected a key in double quotes" : "expected a key in double quotes after ',' (trailing commas are not allowed)"
                )
            }
            let keyStart = index
            let key = String(decoding: try string(), as: UTF8.self)
            guard keys.insert(key).inserted else {
                index = keyStart
                throw error("key \(key.debugDescription) appears twice in this object (compared after decoding \\u escapes)")
            }
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            self.key = key
            members.append(JSONValue.Member(key: key, value: try value(depth: depth)))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return members
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> [JSONValue] {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return []
        }
        var elements: [JSONValue] = []
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                throw error("expected a value after ',' (trailing commas are not allowed)")
            }
            elements.append(try value(depth: depth))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return elements
        }
    }

    /// Reads a string and returns its UTF-8 with escapes decoded.
    private mutating func string() throws(SyntaxError) -> [UInt8] {
        index += 1
        var decoded: [UInt8] = []
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return decoded
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { break }
                if escaped == UInt8(ascii: "u") {
                    var unit = try hexUnit()
                    if (0xDC00...0xDFFF).contains(unit) {
                        throw error("a \\u escape of a low surrogate (\\u\(String(unit, radix: 16, uppercase: true))) without a high one before it")
                    }
                    if (0xD800...0xDBFF).contains(unit) {
                        // A high surrogate must be followed at once by an escaped low one: together one character.
                        guard bytes.count > index + 2, bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u") else {
                            throw error("a \\u escape of a high surrogate (\\u\(String(unit, radix: 16, uppercase: true))) not followed by a low one")
                        }
                        index += 2
                        let low = try hexUnit()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("a \\u escape of a high surrogate (\\u\(String(unit, radix: 16, uppercase: true))) not followed by a low one")
                        }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    decoded.append(contentsOf: Unicode.Scalar(unit).map { Array(String($0).utf8) } ?? [])
                } else if let plain = Self.escapes[escaped] {
                    decoded.append(plain)
                } else {
                    throw error("unknown escape '\\\(Character(Unicode.Scalar(escaped)))'")
                }
                index += 1
            case 0..<0x20:
                throw error("control character in a string; write it as an escape")
            case 0x80...:
                let start = index
                try scalar()
                decoded.append(contentsOf: bytes[start..<index])
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw error("a string is not closed")
    }

    /// The byte each one-character escape stands for, keyed by the character after the backslash.
    private static let escapes: [UInt8: UInt8] = [
        UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"), UInt8(ascii: "/"): UInt8(ascii: "/"),
        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

    /// Reads the four hex digits after `\\u` (the index on the `u`), leaving the index on the last digit.
    private mutating func hexUnit() throws(SyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            index += 1
            guard let hex = current, let digit = Self.hexValue(hex) else {
                throw error("expected four hex digits after \\u")
            }
            unit = unit * 16 + digit
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Checks one multi-byte UTF-8 sequence at the index (RFC 3629: no overlong forms, no surrogates, at most
    /// U+10FFFF) and moves past it.
    private mutating func scalar() throws(SyntaxError) {
        let lead = bytes[index]
        let (length, minimum): (Int, UInt32)
        switch lead {
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: throw error("byte 0x\(String(lead, radix: 16, uppercase: true)) is not UTF-8; save the file as UTF-8")
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard index + offset < bytes.count, bytes[index + offset] & 0xC0 == 0x80 else {
                throw error("byte 0x\(String(lead, radix: 16, uppercase: true)) starts a UTF-8 sequence that is cut short; save the file as UTF-8")
            }
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            throw error("an invalid UTF-8 sequence (an overlong form, a surrogate or beyond U+10FFFF); save the file as UTF-8")
        }
        index += length
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        for byte in word.utf8 {
            guard current == byte else { throw error("expected '\(word)'") }
            index += 1
        }
    }

    /// Reads a number and returns it as written.
    private mutating func number() throws(SyntaxError) -> String {
        let start = index
        try numberSyntax()
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let named = "the number \(Self.quoted(text))\(key.map { " of key '\(Self.quoted($0))'" } ?? "")"
        let value = Double(text) ?? .nan
        guard value.isFinite else {
            index = start
            throw error("\(named) is beyond the range of a double (about ±1.8e308)")
        }
        // A number that is not zero but rounds to it would silently read as 0.
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        guard value != 0 || !mantissa.contains(where: { ("1"..."9").contains($0) }) else {
            index = start
            throw error("\(named) is too small for a double (below about 4.9e-324); write 0")
        }
        return text
    }

    /// Reads a number's text: an optional '-', digits without a leading zero, an optional fraction and exponent.
    private mutating func numberSyntax() throws(SyntaxError) {
        func digits() -> Int {
            let start = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
    }
}
