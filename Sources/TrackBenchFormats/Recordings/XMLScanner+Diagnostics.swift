/// Line and column positions, and the messages of syntax errors.
extension XMLScanner {
    /// The line and column of the byte at `target`, counted on from the last position asked for.
    ///
    /// LF, CRLF and CR each end a line; columns count Unicode scalars, so a UTF-8 continuation byte adds none.
    mutating func position(at target: Int) -> (line: Int, column: Int) {
        if target < located.offset { located = (byteOrderMarkLength, 1, 1) }
        var (index, line, column) = located
        while index < target {
            switch bytes[index] {
            case Byte.lineFeed:
                line += 1
                column = 1
            case Byte.carriageReturn:
                // A CR before an LF is part of one line break, which the LF counts.
                if index + 1 >= bytes.count || bytes[index + 1] != Byte.lineFeed {
                    line += 1
                    column = 1
                }
            case let byte where byte & 0xC0 != 0x80:
                column += 1
            default:
                break
            }
            index += 1
        }
        located = (target, line, column)
        return (line, column)
    }

    mutating func fault(at index: Int, _ problem: String) -> XMLSyntaxError {
        let (line, column) = position(at: index)
        return XMLSyntaxError(line: line, column: column, problem: problem)
    }

    /// "expected X, found Y" at `index`; at the end of the file, which element is left open.
    mutating func unexpected(_ expectation: String, at index: Int) -> XMLSyntaxError {
        guard index >= bytes.count else {
            return fault(at: index, "expected \(expectation), found \(describe(at: index))")
        }
        return truncated(expected: expectation)
    }

    /// The end of the file where `expectation` (if any) or the end tag of the innermost open element was due.
    mutating func truncated(expected expectation: String?) -> XMLSyntaxError {
        let expected = expectation.map { " (expected \($0))" } ?? ""
        guard let innermost = open.last else {
            return fault(at: bytes.count, "unexpected end of file\(expected); the file may be truncated")
        }
        let name = excerpt(string(innermost.name))
        return fault(
            at: bytes.count,
            "unexpected end of file\(expected): the element '<\(name)>' opened at line \(innermost.line), column \(innermost.column) "
                + "is never closed; the file may be truncated"
        )
    }

    /// The end of the file inside a construct that began at `start`.
    mutating func unexpectedEnd(in construct: String, openedAt start: Int) -> XMLSyntaxError {
        let (line, column) = position(at: start)
        return fault(at: bytes.count, "unexpected end of file in \(construct) opened at line \(line), column \(column); the file may be truncated")
    }

    mutating func malformedUTF8(at index: Int) -> XMLSyntaxError {
        let byte = "0x" + String(bytes[index], radix: 16, uppercase: true)
        let encoding = declaredEncoding.map { encoding -> String in
            let declared = excerpt(encoding)
            return ["utf-8", "utf8"].contains(encoding.lowercased())
                ? ""
                : "; the file declares encoding '\(declared)', but only UTF-8 is read: save it as UTF-8"
        } ?? ""
        return fault(at: index, "malformed UTF-8: the byte \(byte) does not begin a valid UTF-8 sequence\(encoding)")
    }

    /// The character at `index` as a message shows it: quoted if printable, named or as U+XXXX otherwise.
    func describe(at index: Int) -> String {
        guard index < bytes.count else { return "the end of the file" }
        switch bytes[index] {
        case Byte.lineFeed, Byte.carriageReturn: return "a line break"
        case Byte.tab: return "a tab"
        case Byte.space: return "a space"
        case let byte where byte > 0x20 && byte < 0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            guard let (value, _) = scalar(at: index), let character = Unicode.Scalar(value) else {
                return "the byte 0x\(String(bytes[index], radix: 16, uppercase: true)), which is not UTF-8"
            }
            return character.properties.generalCategory == .control || !Self.isXMLCharacter(value)
                ? Self.codePoint(value) : "'\(Character(character))' (\(Self.codePoint(value)))"
        }
    }

    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// At most 40 Unicode scalars of `text` for a message, so a huge name or value is never echoed whole (counting
    /// characters would let one letter with a million combining marks through).
    func excerpt(_ text: String) -> String {
        let scalars = text.unicodeScalars
        return scalars.dropFirst(40).isEmpty ? text : String(scalars.prefix(40)) + "..."
    }
}
