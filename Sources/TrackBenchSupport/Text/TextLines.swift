/// Lines of a text file as every TrackBench reader sees them: LF, CRLF and CR all end a line, and a byte order mark is dropped.
///
/// Swift treats "\r\n" as one `Character`, so splitting a `String` on
/// `"\n"` silently leaves a CRLF file (a Windows checkout with
/// `core.autocrlf`, Excel, Python's `csv` module) as one long line. Readers
/// split here instead, on the bytes of the terminators.
package enum TextLines {
    /// The lines of `text` without their terminators; a final terminator does not start an empty last line.
    ///
    /// - Complexity: O(n) in the text's length.
    package static func split(_ text: String) -> [Substring] {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" {
            body = Substring(body.unicodeScalars.dropFirst())
        }
        // The terminators are ASCII, so searching the UTF-8 bytes finds them at scalar boundaries, and fast.
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        let bytes = body.utf8
        var lines: [Substring] = []
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(where: { $0 == newline || $0 == carriageReturn }) {
            lines.append(Substring(bytes[start..<end]))
            var next = bytes.index(after: end)
            if bytes[end] == carriageReturn, next < bytes.endIndex, bytes[next] == newline {
                next = bytes.index(after: next)
            }
            start = next
        }
        if start < bytes.endIndex {
            lines.append(Substring(bytes[start...]))
        }
        return lines
    }

    /// The text without a leading byte order mark and with every line ending made LF, for readers that parse whole texts.
    package static func normalized(_ text: String) -> String {
        split(text).joined(separator: "\n")
    }
}
