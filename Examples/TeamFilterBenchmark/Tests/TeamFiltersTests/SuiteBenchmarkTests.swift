import Foundation
import TeamFilters
import Testing
import TrackBench

/// The team's filter benchmarked on part of a shipped suite through TrackBench's public API alone, as Docs/embedding.md
/// shows a team's test doing it: load a suite, register the filter, run, rank.
struct SuiteBenchmarkTests {
    /// `Scenarios/default.json` of the TrackBench checkout this example sits in.
    private static let defaultSuite = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../Scenarios/default.json").standardizedFileURL

    @Test func theTeamsFilterIsRankedBesideRawOnTheDefaultSuite() async throws {
        let suite = try ScenarioSuite.load(from: Self.defaultSuite)
        let registry = try FilterRegistry.builtIn.adding(SpeedPlausibilityGate.self)
        let filters = try ["raw", "speed-plausibility-gate"].map { try registry.configuration(parsing: $0) }
        let scenarios = Array(suite.scenarios.prefix(3))
        let scores = await Benchmark(scenarios: scenarios, filters: filters, seeds: SeedRange(100)).run()
        let ranking = FilterSummary.ranking(of: scores)
        #expect(ranking.map(\.filter).sorted() == ["raw", "speed-plausibility-gate"])
        #expect(ranking.allSatisfy { $0.scenarioCount == scenarios.count })
        #expect(Set(scores.map(\.scenarioID)) == Set(scenarios.map(\.id)))
    }
}
