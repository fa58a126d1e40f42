import Foundation
import Testing
@testable import TrackBenchSupport
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
import TrackBenchTestSupport

/// Output shown in the README and Docs is generated or checked here, never pasted and left to rot.
struct DocumentationTests {
    private static let root = Fixtures.packageRoot

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines between `<!-- NAME:begin -->` and `<!-- NAME:end -->`, or nil without the markers.
    private static func block(_ name: String, in text: String) -> [Substring]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(of: "<!-- \(name):begin -->"), let end = lines.firstIndex(of: "<!-- \(name):end -->"), begin < end else {
            return nil
        }
        return Array(lines[(begin + 1)..<end])
    }

    /// Every Markdown file a reader sees: the README and the Docs pages.
    private static func markdownFiles() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    }

    @Test func readmeIsAFrontDoorOfAtMostTwelveKilobytes() throws {
        let readme = try Self.read("README.md")
        #expect(readme.utf8.count <= 12 * 1024, "README.md is \(readme.utf8.count) bytes")
        let firstScreen = readme.split(separator: "\n").prefix(30).joined(separator: "\n")
        #expect(firstScreen.contains("swift run -c release trackbench") && firstScreen.contains("swift test"))
    }

    @Test func readmeDeadReckoningSectionListsEveryFilterThatUsesSensors() throws {
        let readme = try Self.read("README.md")
        let section = try #require(readme.components(separatedBy: "## Dead reckoning\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let listed: [String] = rows.map { row in String(row.split(separator: "`")[1]) }
        var sensorFilters: [String] = []
        for filterType in FilterRegistry.builtIn.filterTypes where filterType.usesSensors {
            sensorFilters.append(filterType.name)
        }
        #expect(listed == sensorFilters)
        #expect(section.contains("usesSensors = true") && section.contains("steps.csv") && section.contains("headings.csv"))
    }

    @Test func readmeRankingIsTheCommittedReportsRanking() throws {
        let shown = try #require(Self.block("ranking", in: Self.read("README.md")))
        let report = try Self.read("Results/report.md").split(separator: "\n", omittingEmptySubsequences: false)
        let table = try #require(
            report.firstIndex(of: "## Ranking").map { report[($0 + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") } })
        #expect(shown.filter { !$0.isEmpty } == Array(table))
    }

    @Test func readmePathPicturesAreWhatPlotDrawsToday() throws {
        // The command .ci/doc-images runs: `plot loop-1000m-4.2mps-strong --filter raw --filter running-average ...`.
        let scenario = try #require(Fixtures.defaultSuite.scenario(withID: "loop-1000m-4.2mps-strong"))
        let filters = try ["raw", "running-average", "least-squares", "rts-smoother"].map { try FilterRegistry.builtIn.configuration(parsing: $0) }
        let run = PlottedRun(scenario: scenario, seed: Benchmark.defaultSeed, filters: filters)
        #expect(try Self.read("Docs/images/map.svg") == PathMap.render(run), "run .ci/doc-images")
        #expect(try Self.read("Docs/images/error.svg") == ErrorTimeline.render(run), "run .ci/doc-images")
    }

    @Test func metricsTableIsGeneratedFromTheDeclarations() throws {
        let shown = try #require(Self.block("metrics", in: Self.read("Docs/metrics.md")))
        let better: (Metric.Direction) -> String = { direction in
            switch direction {
            case .lower: return "lower"
            case .higher: return "higher"
            case .closerToZero: return "closer to zero"
            }
        }
        let expected = ["| Column | Title | Unit | Better | Meaning |", "|---|---|---|---|---|"] + Metric.allCases.map { metric in
            "| `\(metric.column)` | \(metric.title) | \(metric.unit) | \(better(metric.direction)) | \(metric.summary) |"
        }
        #expect(
            shown.map(String.init) == expected, "regenerate the table in Docs/metrics.md from Metric.allCases:\n\(expected.joined(separator: "\n"))")
    }

    @Test func sensorProfileTablesAreGeneratedFromTheDeclarations() throws {
        let page = try Self.read("Docs/dead-reckoning.md")
        func table<Root>(_ keys: [ProfileKey<Root>]) -> [String] {
            ["| Key | Unit | Accepted | Meaning |", "|---|---|---|---|"]
                + keys.map { key in
                    let optional = key.number?.leftOut.map { "; optional, \(NumberFormat.compact($0)) when left out" } ?? ""
                    return "| `\(key.name)` | \(key.unit) | \(key.expectation) | \(key.summary)\(optional) |"
                }
        }
        let gaits = table(SensorProfile.gaitKeys)
        let keys = table(SensorProfile.keys)
        #expect(try #require(Self.block("gait-keys", in: page)).map(String.init) == gaits, "regenerate:\n\(gaits.joined(separator: "\n"))")
        #expect(try #require(Self.block("sensor-keys", in: page)).map(String.init) == keys, "regenerate:\n\(keys.joined(separator: "\n"))")
    }

    @Test func signalProfileTableIsGeneratedFromTheDeclarations() throws {
        let leftOut = SignalProfile.unset(named: "")
        let rows = SignalProfile.keys.map { key -> String in
            let given: String
            switch key.value {
            case let .number(number) where !key.isRequired: given = "no, default \(NumberFormat.compact(leftOut[keyPath: number.keyPath]))"
            case .barometer: given = "no, default none"
            case .name, .number, .wholeNumber, .faults: given = "yes"
            }
            return "| `\(key.name)` | \(key.unit) | \(key.expectation) | \(given) | \(key.summary) |"
        }
        let expected = ["| Key | Unit | Accepted | Required | Meaning |", "|---|---|---|---|---|"] + rows
        let shown = try #require(Self.block("signal-keys", in: Self.read("Docs/noise-model.md")))
        #expect(
            shown.map(String.init) == expected,
            "regenerate the table in Docs/noise-model.md from SignalProfile.keys:\n\(expected.joined(separator: "\n"))"
        )
    }

    @Test func faultKeysTableIsGeneratedFromTheDeclarations() throws {
        let expected = ["| Key | Unit | Accepted | Meaning |", "|---|---|---|---|"] + FaultProfile.keys.map {
            "| `\($0.name)` | \($0.unit) | \($0.expectation) | \($0.summary) |"
        }
        let shown = try #require(Self.block("fault-keys", in: Self.read("Docs/faults.md")))
        #expect(
            shown.map(String.init) == expected, "regenerate the table in Docs/faults.md from FaultProfile.keys:\n\(expected.joined(separator: "\n"))"
        )
    }

    @Test func theBuiltInStrongProfileIsTheDefaultSuites() throws {
        #expect(Fixtures.defaultSuite.signals.first { $0.name == "strong" } == SignalProfile.strong)
    }

    /// Metric columns are documented by the generated table in Docs/metrics.md; the others here.
    @Test func everyOtherResultsColumnIsDocumented() throws {
        let page = try Self.read("Docs/output-files.md")
        for column in ResultsCSV.columns where Metric(column: column) == nil || column == Metric.errorPercent.column {
            #expect(page.contains("`\(column)`"), "Docs/output-files.md does not document \(column)")
        }
    }

    @Test func quotedExcerptsExistVerbatimInTheirSourceFiles() throws {
        for file in try Self.markdownFiles() {
            let lines = try Self.read(file).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.hasPrefix("<!-- excerpt:") && line.hasSuffix(":begin -->") {
                let source = String(line.dropFirst("<!-- excerpt:".count).dropLast(":begin -->".count))
                let quoted = lines[(index + 1)...].prefix { !$0.hasPrefix("<!-- excerpt:") }.filter { !$0.isEmpty && !$0.hasPrefix("```") }
                let sourceLines = Set(try Self.read(source).split(separator: "\n"))
                for quotedLine in quoted {
                    #expect(sourceLines.contains(quotedLine), "\(file) quotes a line not in \(source): \(quotedLine)")
                }
            }
        }
    }

    @Test func relativeLinksPointAtFilesThatExist() throws {
        let link = /\]\(([^)#:]+)(#[^)]*)?\)/
        for file in try Self.markdownFiles() {
            let folder = Self.root.appendingPathComponent(file).deletingLastPathComponent()
            for match in try Self.read(file).matches(of: link) {
                let target = folder.appendingPathComponent(String(match.output.1)).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: target), "\(file) links to missing \(match.output.1)")
            }
        }
    }

    @Test func nothingCitesPrivateNotes() throws {
        for file in try Self.markdownFiles() {
            let text = try Self.read(file).lowercased()
            #expect(!text.contains("seed notes") && !text.contains("seed-notes"), "\(file)")
        }
    }
}
