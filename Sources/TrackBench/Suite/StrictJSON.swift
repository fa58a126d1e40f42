/// A strict JSON syntax check that names the line and column of the first problem.
///
/// Foundation's parser accepts trailing commas and repeated keys (the last
/// one silently wins), which would let a typo in a scenario file change a
/// benchmark without a word. This check runs first and rejects both, along
/// with anything else that is not RFC 8259 JSON, and bounds nesting so no
/// input can exhaust the stack. A number beyond a double's range (1e309) or
/// too small to tell from zero (1e-400), which Foundation refuses without
/// saying where, is named here with its key.
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

    /// Checks `bytes` (UTF-8, without a byte order mark).
    /// - Throws: `SyntaxError` at the first problem.
    static func validate(_ bytes: [UInt8]) throws(SyntaxError) {
        var parser = StrictJSON(bytes: bytes)
        parser.skipWhitespace()
        try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.error("unexpected text after the end of the JSON value")
        }
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
        }
    }

    private mutating func expect(_ character: Character) throws(SyntaxError) {
        guard current == character.asciiValue else {
            throw error("expected '\(character)'")
        }
        index += 1
    }

    private mutating func value(depth: Int) throws(SyntaxError) {
        guard depth < Self.maximumDepth else {
            throw error("nested deeper than \(Self.maximumDepth) levels")
        }
        switch current {
        case UInt8(ascii: "{"): try object(depth: depth + 1)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): try number()
        case nil: throw error("the text ends where a value was expected")
        default: throw error("expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func object(depth: Int) throws(SyntaxError) {
        let outerKey = key
        defer { key = outerKey }
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return
        }
        var keys: Set<[UInt8]> = []
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error(keys.isEmpty ? "expected a key in double quotes" : "expected a key in double quotes after ',' (trailing commas are not allowed)")
            }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else {
                index = keyStart
                throw error("key \(String(decoding: key, as: UTF8.self).debugDescription) appears twice in this object")
            }
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            self.key = String(decoding: key, as: UTF8.self)
            try value(depth: depth)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                throw error("expected a value after ',' (trailing commas are not allowed)")
            }
            try value(depth: depth)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return
        }
    }

    /// Reads a string and returns its raw bytes between the quotes (escapes kept), for key comparison.
    private mutating func string() throws(SyntaxError) -> [UInt8] {
        index += 1
        let start = index
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                let content = Array(bytes[start..<index])
                index += 1
                return content
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { break }
                if escaped == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        index += 1
                        guard let hex = current, (hex >= 0x30 && hex <= 0x39) || (hex | 0x20 >= 0x61 && hex | 0x20 <= 0x66) else {
                            throw error("expected four hex digits after \\u")
                        }
                    }
                } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
                    throw error("unknown escape '\\\(Character(Unicode.Scalar(escaped)))'")
                }
                index += 1
            case 0..<0x20:
                throw error("control character in a string; write it as an escape")
            default:
                index += 1
            }
        }
        throw error("a string is not closed")
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        for byte in word.utf8 {
            guard current == byte else { throw error("expected '\(word)'") }
            index += 1
        }
    }

    private mutating func number() throws(SyntaxError) {
        let start = index
        try numberSyntax()
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let named = "the number \(text)\(key.map { " of key '\($0)'" } ?? "")"
        let value = Double(text) ?? .nan
        guard value.isFinite else {
            index = start
            throw error("\(named) is beyond the range of a double (about ±1.8e308)")
        }
        // Foundation also refuses a number that is not zero but rounds to it.
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        guard value != 0 || !mantissa.contains(where: { ("1"..."9").contains($0) }) else {
            index = start
            throw error("\(named) is too small for a double (below about 4.9e-324); write 0")
        }
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
