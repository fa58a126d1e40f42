/// Text placed in an XML document (an SVG chart, the HTML report): its markup characters escaped.
package enum XMLText {
    /// `text` with `&`, `<`, `>` and `"` escaped, for element content and attribute values alike.
    ///
    /// Read scalar by scalar, not by character: a `&` followed by a combining mark is one character, and would
    /// otherwise reach the document unescaped.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
