/// Lines of a text file as every TrackBench reader sees them: LF, CRLF and CR all end a line, and a byte order mark is dropped.
///
/// Swift treats "\r\n" as one `Character`, so splitting a `String` on
/// `"\n"` silently leaves a CRLF file (a Windows checkout with
/// `core.autocrlf`, Excel, Python's `csv` module) as one long line. Readers
/// split here instead, on Unicode scalars.
enum TextLines {
    /// The lines of `text` without their terminators; a final terminator does not start an empty last line.
    ///
    /// - Complexity: O(n) in the text's length.
    static func split(_ text: String) -> [Substring] {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" {
            body = Substring(body.unicodeScalars.dropFirst())
        }
        var lines: [Substring] = []
        let scalars = body.unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                lines.append(Substring(scalars[start..<index]))
                var next = scalars.index(after: index)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" {
                    next = scalars.index(after: next)
                }
                start = next
                index = next
            } else {
                index = scalars.index(after: index)
            }
        }
        if start < scalars.endIndex {
            lines.append(Substring(scalars[start...]))
        }
        return lines
    }

    /// The text without a leading byte order mark and with every line ending made LF, for readers that parse whole texts.
    static func normalized(_ text: String) -> String {
        split(text).joined(separator: "\n")
    }
}
