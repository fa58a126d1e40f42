import Foundation
import Testing
@testable import TrackBenchCLI

/// Command outputs quoted in the docs under `<!-- output: ARGUMENTS -->` are the tool's, and their verdicts agree
/// with their tables.
///
/// A sweep of the default suite takes about 2 s in a release build but minutes in the tests' debug build, so
/// `.ci/doc-outputs` (run by `.ci/run`) checks the quoted bytes against a release build; these tests check what
/// needs no run: every quoted sweep verdict is in such a block, and names the best and tied values its table marks.
struct DocumentedOutputTests {
    private static let root = TrackBenchExecutable.packageRoot

    /// One quoted output: the page, the arguments of its marker and the lines of its block.
    struct QuotedOutput {
        var page: String
        var arguments: [String]
        var lines: [String]
    }

    private static func quotedOutputs() throws -> [QuotedOutput] {
        let docs = root.appendingPathComponent("Docs")
        var found: [QuotedOutput] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path).filter({ $0.hasSuffix(".md") }).sorted() {
            let lines = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.enumerated() where line.hasPrefix("<!-- output: ") && line.hasSuffix(" -->") {
                let arguments = line.dropFirst("<!-- output: ".count).dropLast(" -->".count).split(separator: " ").map(String.init)
                guard index + 1 < lines.count, lines[index + 1] == "```text",
                    let end = lines[(index + 2)...].firstIndex(of: "```")
                else {
                    Issue.record("Docs/\(name): the marker '\(line)' is not followed by a ```text block")
                    continue
                }
                found.append(QuotedOutput(page: name, arguments: arguments, lines: Array(lines[(index + 2)..<end])))
            }
        }
        return found
    }

    @Test func theTuningPageQuotesBothKindsOfSweepVerdict() throws {
        let outputs = try Self.quotedOutputs().filter { $0.page == "tuning.md" }
        #expect(outputs.map(\.arguments) == [["sweep", "kalman", "q=1,2,4"], ["sweep", "kalman", "q=1...6:1"]])
        #expect(outputs.first?.lines.contains { $0.hasPrefix("Best q = ") } == true)
        #expect(outputs.last?.lines.contains { $0.hasPrefix("No single best q: ") } == true)
    }

    @Test func everyQuotedSweepVerdictNamesTheBestAndTiedValuesOfItsTable() throws {
        let sweeps = try Self.quotedOutputs().filter { $0.arguments.first == SweepCommand.name }
        #expect(!sweeps.isEmpty)
        for sweep in sweeps {
            let context = "Docs/\(sweep.page), \(sweep.arguments.joined(separator: " "))"
            let parameter = try #require(sweep.arguments.dropFirst(2).first?.split(separator: "=").first.map(String.init), "\(context)")
            let metric = sweep.arguments.firstIndex(of: "--by").map { sweep.arguments[$0 + 1] } ?? "error_pct"
            #expect(sweep.lines.first == "## Sweep of `\(parameter)` for `\(sweep.arguments[1])`", "\(context)")
            // Rows: | value | mark | ...; the best value is in bold.
            let rows = sweep.lines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| \(parameter) |") }.map { row in
                row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            let best = try #require(rows.first { $0[1] == "*" }?[0].replacingOccurrences(of: "**", with: ""), "\(context): no best row")
            let ties = rows.filter { $0[1] == "=" }.map { $0[0] }
            let verdict = try #require(sweep.lines.first { $0.hasPrefix("Best ") || $0.hasPrefix("No single best ") }, "\(context)")
            if ties.isEmpty {
                #expect(verdict.hasPrefix("Best \(parameter) = \(best) by \(metric): every other value is really worse"), "\(context)")
            } else {
                let expected = "No single best \(parameter): \(parameter) = \(best) has the best mean \(metric), "
                    + "but \(parameter) = \(ties.joined(separator: ", ")) \(ties.count == 1 ? "is" : "are") not really different from it"
                #expect(verdict.hasPrefix(expected), "\(context)")
            }
        }
    }

    @Test func sweepVerdictsAreQuotedOnlyInCheckedBlocks() throws {
        let checked = try Self.quotedOutputs().flatMap(\.lines)
        for page in ["README.md"] + (try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 })
        {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
            where line.hasPrefix("No single best ") || (line.hasPrefix("Best ") && line.contains(" is really worse (")) {
                #expect(checked.contains(line), "\(page) quotes a sweep verdict outside an <!-- output: --> block: \(line)")
            }
        }
    }
}
