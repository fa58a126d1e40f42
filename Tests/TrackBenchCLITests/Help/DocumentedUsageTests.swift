import Foundation
import Testing
@testable import TrackBenchCLI

/// The command-line doc's synopsis and every usage line quoted in the docs are what `--help` prints.
struct DocumentedUsageTests {
    private static let docs = TrackBenchExecutable.packageRoot.appendingPathComponent("Docs")

    @Test func theSynopsisListsEveryCommandsUsageLine() throws {
        let text = try String(contentsOf: Self.docs.appendingPathComponent("command-line.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = try #require(lines.firstIndex(of: "<!-- synopsis:begin -->"))
        let end = try #require(lines.firstIndex(of: "<!-- synopsis:end -->"))
        let synopsis = lines[(begin + 2)..<(end - 1)]
        let expected = TrackBenchCommand.commands.map { $0.usage(commandName: "trackbench") }
            + ["trackbench help [<command>]", "trackbench --version"]
        #expect(Array(synopsis) == expected)
    }

    /// A line that quotes a usage line: `trackbench`, a declared command, then a placeholder (`<scenario>`) or an
    /// optional option (`[--seed <n>]`).
    @Test func everyUsageLineQuotedInTheDocsIsCurrent() throws {
        let usages = Dictionary(uniqueKeysWithValues: TrackBenchCommand.commands.map { ($0.name, $0.usage(commandName: "trackbench")) })
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.docs.path).filter { $0.hasSuffix(".md") }.sorted()
        let root = Self.docs.deletingLastPathComponent()
        var checked = 0
        for url in files.map({ Self.docs.appendingPathComponent($0) }) + [root.appendingPathComponent("README.md")] {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n").map(String.init) where line.hasPrefix("trackbench ") {
                let words = line.split(separator: " ").map(String.init)
                guard let usage = usages[words[1]], line.contains(" <") || line.contains(" [") else { continue }
                #expect(usage == line, "\(url.lastPathComponent): '\(line)' is not what '\(words[1]) --help' prints")
                checked += 1
            }
        }
        #expect(checked >= TrackBenchCommand.commands.count)
    }

    @Test func theCommandTableDescribesEveryDeclaredCommandInOrder() throws {
        let text = try String(contentsOf: Self.docs.appendingPathComponent("command-line.md"), encoding: .utf8)
        let described = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).prefix { $0 != "`" }.description
        }
        #expect(described == TrackBenchCommand.commands.map { $0.name })
    }
}
