/// Text placed in an XML document (an SVG chart, the HTML report): its markup characters escaped.
package enum XMLText {
    /// `text` with `&`, `<`, `>` and `"` escaped, for element content and attribute values alike.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
