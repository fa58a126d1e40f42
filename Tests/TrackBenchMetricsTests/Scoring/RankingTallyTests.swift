import Testing
@testable import TrackBenchMetrics
import TrackBenchTestSupport

struct RankingTallyTests {
    /// Rows of two filters over three seeds, with a run missing on each side, a run given twice, and a metric (lag)
    /// that applies to only some rows.
    private static let rows: [ScenarioScore] = {
        var rows: [ScenarioScore] = []
        for seed: UInt64 in 1...3 {
            for (index, scenario) in ["a", "b", "c"].enumerated() {
                for filter in ["first", "second"] {
                    let isMissing = (seed, scenario, filter) == (2, "b", "first") || (seed, scenario, filter) == (3, "a", "second")
                    guard !isMissing else { continue }
                    let error = Double(index) - Double(seed) * 0.7 + (filter == "first" ? 0.3 : 0)
                    var row = Fixtures.score(filter, scenario: scenario, seed: seed, error: error)
                    row.metrics.lagSeconds = (index + Int(seed)) % 3 == 0 ? nil : Double(index) * 1.5 - Double(seed)
                    rows.append(row)
                }
            }
        }
        var repeated = rows[0]
        repeated.estimatedDistanceMeters += 3
        repeated.metrics.lagSeconds = nil
        rows.append(repeated)
        return rows
    }()

    private func rows(of filter: String) -> [ScenarioScore] {
        Self.rows.filter { $0.filter == filter }
    }

    @Test(arguments: [Metric.errorPercent, .lagSeconds])
    func pairedTestsMatchTheTestsOfTheRowsThemselves(metric: Metric) {
        let tally = RankingTally(Self.rows, seedMetrics: [metric], pairedMetric: metric)
        #expect(tally.significance(of: "second", against: "first") == Significance(metric, first: rows(of: "first"), second: rows(of: "second")))
        #expect(tally.significance(of: "first", against: "second") == Significance(metric, first: rows(of: "second"), second: rows(of: "first")))
    }

    @Test func seedMeansAreEachSeedsMeanOfTheRowsWhereTheMetricApplies() {
        let tally = RankingTally(Self.rows, seedMetrics: [.errorPercent, .lagSeconds])
        #expect(tally.seeds == [1, 2, 3])
        for filter in ["first", "second"] {
            let means = tally.seedMeans(of: filter)
            for seed: UInt64 in 1...3 {
                let seedRows = rows(of: filter).filter { $0.seed == seed }
                for metric in [Metric.errorPercent, .lagSeconds] {
                    #expect(means[metric]?[seed] == Statistics.mean(seedRows.compactMap { metric.summaryValue(in: $0) }))
                }
            }
        }
    }

    @Test func summariesAndSpecificationsAreThoseOfTheRows() {
        let tally = RankingTally(Self.rows)
        #expect(tally.summaries == FilterSummary.ranking(of: Self.rows))
        #expect(tally.specification(of: "second") == "second" && tally.specification(of: "other") == nil)
        #expect(tally.scenarioCount == 3)
    }
}
