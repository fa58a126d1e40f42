import Foundation
import TrackBenchSupport

/// A Markdown report as one self-contained HTML page: the same headings, paragraphs, lists and tables, with its
/// SVG charts inlined, for reading in a browser.
///
/// `run` and `merge` write `report.md` this way as `report.html`. The page
/// needs nothing else: no scripts, no external style sheets, fonts or images
/// (each linked chart is inlined as `<svg>`), just a short embedded style that
/// makes the wide tables readable (right-aligned numbers in tabular figures,
/// striped rows, a scrollbar instead of squeezed columns, the first column
/// kept in view while a wide table scrolls).
///
/// It converts the Markdown that `MarkdownReport` writes, no more: ATX
/// headings (`#` to `######`), paragraphs (lines joined as written), `- `
/// bullet lists, pipe tables with an alignment row (a column whose dashes end
/// in `:` is right-aligned; `\|` is a literal bar), and inline `**bold**`,
/// `` `code` `` and images `![alt](path)`. Everything else is text. All text is
/// escaped, so a filter label such as `a<b&c` shows as written. The page is
/// also well-formed XML, and the same Markdown and charts give the same bytes.
package enum HTMLReport {
    /// The file name `run` and `merge` write the page under.
    package static let fileName = "report.html"

    /// The page's style: system fonts, readable tables, charts no wider than the window.
    private static let style = """
    body { margin: 0 auto; padding: 24px 24px 48px; max-width: 1280px; color: #222; background: #fff;
      font: 15px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
    h1 { font-size: 28px; margin: 0 0 12px; }
    h2 { font-size: 21px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 1px solid #dde1e6; }
    h3 { font-size: 17px; margin: 28px 0 8px; }
    p, ul { max-width: 60em; }
    code { font: 13px ui-monospace, Menlo, Consolas, "Liberation Mono", monospace; background: #f1f3f5; padding: 1px 4px; border-radius: 3px; }
    .table { overflow-x: auto; margin: 12px 0 20px; }
    table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
    th, td { padding: 3px 6px; border: 1px solid #dde1e6; text-align: left; white-space: nowrap; }
    th { background: #f1f3f5; font-weight: 600; vertical-align: bottom; white-space: normal; }
    tbody tr:nth-child(even) { background: #f8f9fa; }
    th:first-child, td:first-child { position: sticky; left: 0; }
    td:first-child { background: #fff; }
    tbody tr:nth-child(even) td:first-child { background: #f8f9fa; }
    .r { text-align: right; }
    td code { font-size: 12px; background: none; padding: 0; }
    figure { margin: 20px 0; overflow-x: auto; }
    svg { max-width: 100%; height: auto; }
    """

    /// The page for a Markdown report.
    /// - Parameters:
    ///   - markdown: The report, as `MarkdownReport` writes it.
    ///   - title: The page's title, for the browser's tab; it is escaped.
    ///   - images: SVG documents by the path the Markdown's images name, such as `ranking.svg`: each is inlined where
    ///     the image is. An image not listed shows as its alt text.
    /// - Returns: The HTML document, ending in a newline.
    package static func render(_ markdown: String, title: String, images: [String: String]) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        html += "<title>\(escaped(title))</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                index += 1
            } else if let level = headingLevel(of: line) {
                let text = line.dropFirst(level + 1).trimmingCharacters(in: .whitespaces)
                html += "<h\(level)>\(inline(text, images: images))</h\(level)>\n"
                index += 1
            } else if line.hasPrefix("|") {
                let rows = lines[index...].prefix { $0.hasPrefix("|") }
                html += table(Array(rows), images: images)
                index += rows.count
            } else if line.hasPrefix("- ") {
                let items = lines[index...].prefix { $0.hasPrefix("- ") }
                html += "<ul>\n" + items.map { "<li>\(inline(String($0.dropFirst(2)), images: images))</li>\n" }.joined() + "</ul>\n"
                index += items.count
            } else {
                let paragraph = lines[index...].prefix { next in
                    !next.trimmingCharacters(in: .whitespaces).isEmpty && headingLevel(of: next) == nil
                        && !next.hasPrefix("|") && !next.hasPrefix("- ")
                }
                html += block(paragraph.joined(separator: "\n"), images: images)
                index += paragraph.count
            }
        }
        return html + "</body>\n</html>\n"
    }

    /// 1 to 6 for a line of that many `#` followed by a space; nil for any other line.
    private static func headingLevel(of line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    /// A paragraph, or a figure when the paragraph is one image and nothing else.
    private static func block(_ text: String, images: [String: String]) -> String {
        if let image = image(at: text[...]), image.end == text.endIndex {
            let content = images[image.path].map { $0.trimmingCharacters(in: .newlines) } ?? escaped(image.alt)
            return "<figure>\n\(content)\n</figure>\n"
        }
        return "<p>\(inline(text, images: images))</p>\n"
    }

    /// A pipe table: the first row is the header; a second row of dashes sets each column's alignment.
    private static func table(_ rows: [String], images: [String: String]) -> String {
        let cells = rows.map(cells(of:))
        let isAlignment = cells.count > 1 && !cells[1].isEmpty && cells[1].allSatisfy { cell in
            !cell.isEmpty && cell.allSatisfy { $0 == "-" || $0 == ":" } && cell.contains("-")
        }
        let rightAligned = isAlignment ? cells[1].map { $0.hasSuffix(":") } : []
        func row(_ cells: [String], tag: String) -> String {
            let content = cells.enumerated().map { column, cell in
                let alignment = column < rightAligned.count && rightAligned[column] ? " class=\"r\"" : ""
                return "<\(tag)\(alignment)>\(inline(cell, images: images))</\(tag)>"
            }
            return "<tr>" + content.joined() + "</tr>\n"
        }
        var html = "<div class=\"table\">\n<table>\n<thead>\n" + row(cells[0], tag: "th") + "</thead>\n<tbody>\n"
        for body in cells.dropFirst(isAlignment ? 2 : 1) { html += row(body, tag: "td") }
        return html + "</tbody>\n</table>\n</div>\n"
    }

    /// A table row's cells, trimmed, split on bars that are not escaped; `\|` becomes `|`.
    static func cells(of row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var characters = row.trimmingCharacters(in: .whitespaces)[...]
        if characters.first == "|" { characters = characters.dropFirst() }
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "\\", characters.first == "|" {
                cell.append("|")
                characters = characters.dropFirst()
            } else if character == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if !cell.trimmingCharacters(in: .whitespaces).isEmpty { cells.append(cell.trimmingCharacters(in: .whitespaces)) }
        return cells
    }

    /// Text with its code spans, bold and images converted and everything else escaped.
    ///
    /// A code span runs from a backtick to the next one and holds its text as written; `**` opens bold only when
    /// another `**` follows, and bold still open at the end is closed.
    static func inline(_ text: String, images: [String: String]) -> String {
        var html = ""
        var rest = text[...]
        var isBold = false
        while let character = rest.first {
            if character == "`", let close = rest.dropFirst().firstIndex(of: "`") {
                html += "<code>\(escaped(String(rest[rest.index(after: rest.startIndex)..<close])))</code>"
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix("**"), isBold || rest.dropFirst(2).contains("**") {
                html += isBold ? "</strong>" : "<strong>"
                isBold.toggle()
                rest = rest.dropFirst(2)
            } else if let image = image(at: rest) {
                html += images[image.path].map { $0.trimmingCharacters(in: .newlines) } ?? escaped(image.alt)
                rest = rest[image.end...]
            } else {
                html += escaped(String(character))
                rest = rest.dropFirst()
            }
        }
        return html + (isBold ? "</strong>" : "")
    }

    /// The image `![alt](path)` that `text` starts with, and where it ends; nil when it starts with anything else.
    private static func image(at text: Substring) -> (alt: String, path: String, end: String.Index)? {
        guard text.hasPrefix("!["), let altEnd = text.firstIndex(of: "]") else { return nil }
        let afterAlt = text[text.index(after: altEnd)...]
        guard afterAlt.first == "(", let pathEnd = afterAlt.firstIndex(of: ")") else { return nil }
        let alt = String(text[text.index(text.startIndex, offsetBy: 2)..<altEnd])
        let path = String(afterAlt[afterAlt.index(after: afterAlt.startIndex)..<pathEnd])
        return (alt, path, afterAlt.index(after: pathEnd))
    }

    /// Text with `&`, `<`, `>` and `"` escaped, for element content and attribute values alike.
    private static func escaped(_ text: String) -> String {
        XMLText.escaped(text)
    }
}
