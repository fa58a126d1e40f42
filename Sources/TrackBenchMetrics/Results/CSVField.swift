/// Quoting for CSV fields (RFC 4180).
package enum CSVField {
    /// The field as written in a CSV row: quoted, with `"` doubled, if it
    /// contains a comma, a quote or a line break; otherwise unchanged.
    package static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `escaped(text)` as UTF-8; returns true, so a column writer can return it.
    @discardableResult
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) -> Bool {
        let utf8 = text.utf8
        let quote = UInt8(ascii: "\"")
        guard utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == quote || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
            bytes.append(contentsOf: utf8)
            return true
        }
        bytes.append(quote)
        for byte in utf8 {
            bytes.append(byte)
            if byte == quote { bytes.append(quote) }
        }
        bytes.append(quote)
        return true
    }

    /// Why a CSV line could not be split.
    struct SplitError: Error {
        /// What is wrong, for an error message.
        let problem: String
    }

    /// Splits one CSV line into fields, undoing the quoting of `escaped(_:)`.
    ///
    /// Works on the UTF-8 bytes: the comma and the quote are ASCII, and a
    /// field without quotes is copied out whole instead of character by
    /// character, which makes reading back a large results file several
    /// times faster.
    /// - Throws: `SplitError` for an unterminated quote or text after a closing quote.
    static func split(_ line: String) throws(SplitError) -> [String] {
        let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
        let bytes = line.utf8
        var fields: [String] = []
        var index = bytes.startIndex
        while true {
            if index != bytes.endIndex, bytes[index] == quote {
                // A quoted field: up to the lone closing quote, with each doubled quote read as one.
                var field: [UInt8] = []
                index = bytes.index(after: index)
                while true {
                    guard index != bytes.endIndex else { throw SplitError(problem: "a quoted field is not closed") }
                    let byte = bytes[index]
                    index = bytes.index(after: index)
                    guard byte == quote else {
                        field.append(byte)
                        continue
                    }
                    guard index != bytes.endIndex, bytes[index] == quote else { break }
                    field.append(quote)
                    index = bytes.index(after: index)
                }
                fields.append(String(decoding: field, as: UTF8.self))
                guard index != bytes.endIndex else { return fields }
                guard bytes[index] == comma else {
                    throw SplitError(problem: "text after a closing quote; expected ',' or the end of the line")
                }
            } else {
                let end = bytes[index...].firstIndex(of: comma) ?? bytes.endIndex
                fields.append(String(decoding: bytes[index..<end], as: UTF8.self))
                guard end != bytes.endIndex else { return fields }
                index = end
            }
            index = bytes.index(after: index)
        }
    }
}
