import Foundation
import Testing
import TrackBench

/// `trackbench run` end to end: results.csv, report.md and the summary, the same whatever the jobs.
struct RunCommandTests {
    /// The filters a run of the default suite runs: every built-in one but those that need sensors and the altitude ones.
    private var filterNames: [String] { FilterRegistry.builtIn.defaultConfigurations.map(\.label) }

    @Test func runWritesResultsCSVWithOneRowPerScenarioAndFilter() async throws {
        let run = try await SharedRuns.defaultRun.value
        #expect(run.result.status == 0)
        #expect(run.result.standardError.isEmpty)
        let csv = try #require(run.resultsCSV, "results.csv was not written")
        #expect(csv.hasPrefix("# trackbench-results schema=3 suite=default suite_fnv1a64="))
        #expect(csv.split(separator: "\n")[1].hasPrefix("scenario,filter,seed,fixes,true_distance_m,noisy_distance_m,estimated_distance_m,error_pct"))
        #expect(csv.hasSuffix("\n"))

        let table = try CSVTable(csv)
        let suite = try DefaultSuite.load()
        #expect(suite.scenarios.count == 72)
        #expect(table.rows.count == 72 * filterNames.count)
        // Rows are ordered by scenario, then filter, for every scenario of the suite.
        let expectedPairs = suite.scenarios.flatMap { scenario in filterNames.map { [scenario.id, $0] } }
        let pairs = try zip(table.column("scenario"), table.column("filter")).map { [$0, $1] }
        #expect(pairs == expectedPairs)
    }

    @Test func runWritesReportWithRankingAndPrintsSummary() async throws {
        let run = try await SharedRuns.defaultRun.value
        #expect(run.result.status == 0)
        let report = try #require(run.reportMarkdown, "report.md was not written")
        #expect(report.contains("## Ranking"))
        for name in filterNames {
            #expect(report.contains(name))
        }
        let output = run.result.standardOutput
        #expect(output.contains("Ran 72 scenarios x \(filterNames.count) filters (suite 'default', seed 100)"))
        #expect(output.contains("results.csv"))
        #expect(output.contains("Rank  Filter"))
    }

    @Test func resultsDoNotDependOnTheNumberOfJobs() async throws {
        async let oneJob = TrackBenchExecutable.runCollectingResults(["run", "--seed", "100", "--jobs", "1"])
        let twoJobs = try await SharedRuns.defaultRun.value
        let first = try await oneJob
        #expect(first.result.status == 0)
        #expect(twoJobs.result.status == 0)
        let firstCSV = try #require(first.resultsCSV)
        let secondCSV = try #require(twoJobs.resultsCSV)
        #expect(Data(firstCSV.utf8) == Data(secondCSV.utf8))
        #expect(first.reportMarkdown == twoJobs.reportMarkdown)
    }

    @Test func anotherSeedGivesDifferentResultsForTheSameScenarios() async throws {
        async let reseeded = TrackBenchExecutable.runCollectingResults(["run", "--seed", "101", "--filter", "raw"])
        let defaultRun = try await SharedRuns.defaultRun.value
        let other = try await reseeded
        #expect(other.result.status == 0)
        #expect(other.result.standardOutput.contains("seed 101"))
        let defaultCSV = try #require(defaultRun.resultsCSV)
        let otherCSV = try #require(other.resultsCSV)
        let defaultRaw = try CSVTable(defaultCSV).filtered(column: "filter", equals: "raw")
        let otherRaw = try CSVTable(otherCSV)
        #expect(otherRaw.header == defaultRaw.header)
        #expect(otherRaw.rows.count == 72)
        #expect(try otherRaw.column("scenario") == defaultRaw.column("scenario"))
        // Every scenario's noise is drawn anew, so no noisy length survives to the millimetre.
        for (other, original) in zip(try otherRaw.column("noisy_distance_m"), try defaultRaw.column("noisy_distance_m")) {
            #expect(other != original)
        }
        #expect(otherRaw.rows != defaultRaw.rows)
    }

    @Test func filterOptionsRunExactlyTheNamedFiltersInOrder() async throws {
        async let selected = TrackBenchExecutable.runCollectingResults(["run", "--seed", "100", "--filter", "kalman:q=2.5", "--filter", "raw"])
        let defaultRun = try await SharedRuns.defaultRun.value
        let run = try await selected
        #expect(run.result.status == 0)
        #expect(run.result.standardOutput.contains("Ran 72 scenarios x 2 filters"))
        let table = try CSVTable(try #require(run.resultsCSV))
        #expect(table.rows.count == 72 * 2)
        let filters = try table.column("filter")
        #expect(Set(filters) == ["kalman:q=2.5", "raw"])
        #expect(filters == Array(repeating: ["kalman:q=2.5", "raw"], count: 72).flatMap { $0 })
        #expect(try table.column("filter_spec") == filters)
        // Choosing filters changes nothing in the rows of a filter that runs either way.
        let defaultTable = try CSVTable(try #require(defaultRun.resultsCSV))
        #expect(try table.filtered(column: "filter", equals: "raw").rows == defaultTable.filtered(column: "filter", equals: "raw").rows)
    }
}
