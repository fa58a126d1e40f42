/// Quoting for CSV fields (RFC 4180).
enum CSVField {
    /// The field as written in a CSV row: quoted, with `"` doubled, if it
    /// contains a comma, a quote or a line break; otherwise unchanged.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
