/// Quoting for CSV fields (RFC 4180).
enum CSVField {
    /// The field as written in a CSV row: quoted, with `"` doubled, if it
    /// contains a comma, a quote or a line break; otherwise unchanged.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Why a CSV line could not be split.
    struct SplitError: Error {
        /// What is wrong, for an error message.
        let problem: String
    }

    /// Splits one CSV line into fields, undoing the quoting of `escaped(_:)`.
    /// - Throws: `SplitError` for an unterminated quote or text after a closing quote.
    static func split(_ line: String) throws(SplitError) -> [String] {
        var fields: [String] = []
        var field = ""
        var characters = line.makeIterator()
        var isQuoted = false
        var wasQuoted = false
        while let character = characters.next() {
            if isQuoted {
                if character == "\"" {
                    if let next = characters.next() {
                        if next == "\"" {
                            field.append("\"")
                        } else if next == "," {
                            isQuoted = false
                            fields.append(field)
                            field = ""
                            wasQuoted = false
                        } else {
                            throw SplitError(problem: "text after a closing quote; expected ',' or the end of the line")
                        }
                    } else {
                        isQuoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "," {
                fields.append(field)
                field = ""
                wasQuoted = false
            } else if character == "\"" && field.isEmpty && !wasQuoted {
                isQuoted = true
                wasQuoted = true
            } else {
                field.append(character)
            }
        }
        if isQuoted {
            throw SplitError(problem: "a quoted field is not closed")
        }
        fields.append(field)
        return fields
    }
}
