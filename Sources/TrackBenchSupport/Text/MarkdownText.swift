/// Text that came from a user (labels, ids, file names) made safe for a Markdown table and a terminal.
package enum MarkdownText {
    /// `text` as inline code: control characters (line breaks, terminal escapes) become U+FFFD,
    /// backticks become `'`, and `|` is escaped so it cannot end a table cell.
    package static func code(_ text: String) -> String {
        "`" + safe(text).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|") + "`"
    }

    /// `text` with control characters replaced by U+FFFD, for plain-text output.
    package static func safe(_ text: String) -> String {
        text.replacingControlCharacters()
    }
}
