import Foundation
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
import TrackBenchTestSupport
import TrackBenchRunFixtures
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `report.html`: the committed reports of real runs as self-contained pages with the same content.
struct HTMLReportTests {
    /// The folders of the committed runs: the default suite, the hard suite and the example recordings.
    static let folders = ["Results", "Results/hard", "Results/examples"]

    /// A committed run's report.md and ranking.svg, and the page made from them.
    private static func page(in folder: String) throws -> (markdown: String, chart: String, html: String) {
        let root = Fixtures.packageRoot.appendingPathComponent(folder)
        let markdown = try String(contentsOf: root.appendingPathComponent("report.md"), encoding: .utf8)
        let chart = try String(contentsOf: root.appendingPathComponent(RankingChart.fileName), encoding: .utf8)
        return (markdown, chart, HTMLReport.render(markdown, title: "TrackBench report", images: [RankingChart.fileName: chart]))
    }

    /// The Markdown's tables: each row's number of cells (bars that are not escaped, less one), alignment rows left out.
    private static func markdownTables(_ markdown: String) -> [[Int]] {
        var tables: [[Int]] = []
        var current: [Int]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                if let table = current { tables.append(table) }
                current = nil
                continue
            }
            if line.allSatisfy({ "|-: ".contains($0) }) { continue }
            let bars = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            current = (current ?? []) + [bars - 1]
        }
        if let table = current { tables.append(table) }
        return tables
    }

    /// Reads the page as XML: every table's rows and cells, and how often each element occurs.
    private final class PageReader: NSObject, XMLParserDelegate {
        var tables: [[Int]] = []
        var counts: [String: Int] = [:]
        /// The class of every cell, by table, row and column.
        var cellClasses: [[[String?]]] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            counts[name, default: 0] += 1
            switch name {
            case "table":
                tables.append([])
                cellClasses.append([])
            case "tr":
                tables[tables.count - 1].append(0)
                cellClasses[cellClasses.count - 1].append([])
            case "td", "th":
                let table = tables.count - 1
                tables[table][tables[table].count - 1] += 1
                cellClasses[table][cellClasses[table].count - 1].append(attributes["class"])
            default:
                break
            }
        }
    }

    private static func read(_ html: String) throws -> PageReader {
        let reader = PageReader()
        let parser = XMLParser(data: Data(html.utf8))
        parser.delegate = reader
        try #require(parser.parse(), "the page is not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        return reader
    }

    @Test(arguments: folders)
    func everyTableOfTheReportBecomesATableWithTheSameRowsAndCells(folder: String) throws {
        let (markdown, _, html) = try Self.page(in: folder)
        let expected = Self.markdownTables(markdown)
        #expect(expected.count >= 6, "\(folder)/report.md has \(expected.count) tables")
        #expect(try Self.read(html).tables == expected)
    }

    @Test(arguments: folders)
    func thePageIsSelfContainedWithTheChartInlined(folder: String) throws {
        let (_, chart, html) = try Self.page(in: folder)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"))
        #expect(html.contains("<title>TrackBench report</title>") && html.contains("<style>"))
        for fetch in ["<script", "src=", "href=", "<link", "<img", "@import", "url(http", "url(\"", "url('"] {
            #expect(!html.contains(fetch), "\(folder): \(fetch)")
        }
        // The ranking chart, inlined once where report.md links it.
        #expect(html.components(separatedBy: "<svg ").count == 2)
        #expect(html.contains(chart.trimmingCharacters(in: .newlines)))
        #expect(!html.contains(RankingChart.fileName))
        #expect(html.firstMatch(of: /\b(nan|inf)\b/.ignoresCase()) == nil)
        #expect(try Self.read(html).counts["svg"] == 1)
    }

    @Test(arguments: folders)
    func headingsBoldCodeAndListsAreKeptAndNumericColumnsAlignRight(folder: String) throws {
        let (markdown, _, html) = try Self.page(in: folder)
        let reader = try Self.read(html)
        let lines = markdown.split(separator: "\n")
        #expect(reader.counts["h1"] == lines.filter { $0.hasPrefix("# ") }.count)
        #expect(reader.counts["h2"] == lines.filter { $0.hasPrefix("## ") }.count)
        #expect(reader.counts["li"] == lines.filter { $0.hasPrefix("- ") }.count)
        #expect(reader.counts["strong"] == markdown.matches(of: /\*\*[^*]+\*\*/).count)
        #expect(reader.counts["code"] == markdown.matches(of: /`[^`]+`/).count)
        // The ranking: Rank and the numbers right-aligned, Filter and Next below not.
        let ranking = reader.cellClasses[0]
        #expect(ranking[0].first == "r" && ranking[0][1] == nil && ranking[0].last == .some(nil))
        #expect(ranking.allSatisfy { $0.count == ranking[0].count && Array($0[2...].dropLast()).allSatisfy { $0 == "r" } })
        #expect(html.contains("<td class=\"r\">1</td><td><code>"))
    }

    @Test func labelsAndTextWithMarkupAreEscaped() throws {
        let scores = Fixtures.defaultScores.map { score -> ScenarioScore in
            var renamed = score
            if score.filter == "raw" { renamed.filter = "a<b&c>" }
            return renamed
        }
        let markdown = MarkdownReport(context: Fixtures.context(), scores: scores).render()
        let html = HTMLReport.render(markdown, title: "Suite <x> & y", images: [:])
        _ = try Self.read(html)
        #expect(html.contains("<code>a&lt;b&amp;c&gt;</code>") && !html.contains("a<b"))
        #expect(html.contains("<title>Suite &lt;x&gt; &amp; y</title>"))
        // Without the chart's SVG, its image reads as its alt text.
        #expect(
            html.contains("<figure>\nFilters ranked by mean absolute distance error, with 95 % intervals over seeds; brackets join ties\n</figure>"))
    }

    @Test func cellsSplitOnBarsButNotEscapedOnes() {
        #expect(HTMLReport.cells(of: "| `a\\|b` | 2 |  |") == ["`a|b`", "2", ""])
        #expect(HTMLReport.inline("**1.0** ± `x<y` **", images: [:]) == "<strong>1.0</strong> ± <code>x&lt;y</code> **")
    }

    @Test func theSameReportGivesTheSameBytes() throws {
        let (markdown, chart, html) = try Self.page(in: "Results")
        #expect(HTMLReport.render(markdown, title: "TrackBench report", images: [RankingChart.fileName: chart]) == html)
    }
}
