import Foundation
import Testing
import TrackBench

/// `trackbench list` end to end: the scenarios of a suite and the registered filters.
struct ListCommandTests {
    @Test func listPrintsEveryScenarioIdOfTheDefaultSuite() async throws {
        let result = try await TrackBenchExecutable.run(["list"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "SCENARIOS (72 in Scenarios/default.json, suite 'default'):")
        let ids = lines.dropFirst().prefix { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(ids.count == 72)
        #expect(Set(ids).count == 72)
        #expect(ids.contains("loop-5000m-2.8mps-weak"))
        #expect(ids.contains("outAndBack-1000m-2.8mps-strong"))
        #expect(ids == (try DefaultSuite.load()).scenarios.map(\.id))
    }

    /// A team's package that embeds the command line has no Scenarios/default.json until it copies one.
    @Test func listAndHelpWorkInAFolderWithoutTheDefaultSuiteAndSayWhichFileToPass() async throws {
        try await withTemporaryFolder { folder in
            let list = try await TrackBenchExecutable.run(["list"], in: folder)
            #expect(list.status == 0, "\(list.standardError)")
            #expect(list.standardError.isEmpty)
            let lines = list.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let cwd = try #require(lines.first?.split(separator: " ").dropFirst(4).first.map(String.init))
            #expect(
                lines.first
                    == "SCENARIOS: none listed, as \(cwd) has no Scenarios/default.json; "
                    + "pass --scenarios <file> to list a suite's (Docs/scenarios.md)."
            )
            #expect(URL(fileURLWithPath: cwd).resolvingSymlinksInPath() == folder.resolvingSymlinksInPath())
            #expect(lines.contains { $0.hasPrefix("FILTERS (\(FilterRegistry.builtIn.filterTypes.count);") })
            #expect(lines.contains { $0.hasPrefix("  kalman ") })

            let suite = TrackBenchExecutable.packageRoot.appendingPathComponent("Scenarios/default.json").path
            let given = try await TrackBenchExecutable.run(["list", "--scenarios", suite], in: folder)
            #expect(given.status == 0 && given.standardOutput.hasPrefix("SCENARIOS (72 in \(suite), suite 'default'):"))

            let help = try await TrackBenchExecutable.run(["list", "--help"], in: folder)
            #expect(help.status == 0 && help.standardOutput.hasPrefix("OVERVIEW: "))

            let run = try await TrackBenchExecutable.run(["run", "--filter", "raw"], in: folder)
            #expect(run.status == 1)
            #expect(
                run.standardError.hasPrefix(
                    "Error: cannot read scenario file '\(cwd)/Scenarios/default.json': no such file; pass --scenarios <file>, "
                        + "or copy TrackBench's Scenarios folder here (Docs/embedding.md)\n"))
            #expect(!run.standardError.contains("repository root"))
        }
    }

    @Test func listPrintsTheRegisteredFiltersWithTheirParameters() async throws {
        let result = try await TrackBenchExecutable.run(["list"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  terrain-lookup ") && $0.hasSuffix(" Runs only when named.") })
        #expect(lines.contains { $0.hasPrefix("  pdr-fusion ") && $0.hasSuffix(" Runs by default on suites with sensors.") })
        #expect(lines.contains { $0.hasPrefix("  kalman ") && !$0.contains(" Runs ") })
        let header = try #require(lines.firstIndex { $0.hasPrefix("FILTERS (") })
        #expect(lines[header].hasPrefix("FILTERS (\(FilterRegistry.builtIn.filterTypes.count);"))
        // Offline filters are marked, and the list ends with what the mark means.
        #expect(lines.contains { $0.hasPrefix("  rts-smoother †  ") })
        #expect(lines.last == "† offline: needs the whole track, so it cannot run live in an app.")
        // Each filter is a line indented by two spaces, followed by its parameters indented by six.
        var parameters: [(filter: String, lines: [String])] = []
        for line in lines[(header + 1)..<(lines.count - 1)] {
            if line.hasPrefix("      "), !parameters.isEmpty {
                parameters[parameters.count - 1].lines.append(line.trimmingCharacters(in: .whitespaces))
            } else {
                #expect(line.hasPrefix("  ") && !line.hasPrefix("   "), "unexpected line \(line)")
                parameters.append((String(line.dropFirst(2).prefix { $0 != " " }), []))
            }
        }
        let names = parameters.map(\.filter)
        #expect(names.contains("raw"))
        #expect(names.contains("kalman"))
        #expect(names == FilterRegistry.builtIn.filterTypes.map { $0.name })
        let kalman = try #require(parameters.first { $0.filter == "kalman" })
        #expect(kalman.lines.count == 1)
        #expect(kalman.lines.first?.hasPrefix("q=3 m/s ") == true)
        let raw = try #require(parameters.first { $0.filter == "raw" })
        #expect(raw.lines.isEmpty, "raw takes no parameters")
    }
}
