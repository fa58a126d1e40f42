import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
@testable import TrackBenchGate
import TrackBenchTestSupport
import TrackBenchRunFixtures

/// Every declared metric reaches every output: a new declaration is covered here without editing this file.
struct MetricTests {
    /// Scores where every metric applies: walks with sensors, a stop and a two-minute tunnel over rolling hills, under
    /// the hard suite's first signal, with a speed-reporting filter.
    private static let scores: [ScenarioScore] = {
        let hills = Fixtures.hillsSuite.terrains.first { $0.name == "rolling" }!
        let terrain = Terrain(name: hills.name, shape: hills.shape, baseAltitudeMeters: hills.baseAltitudeMeters, origin: Fixtures.hardSuite.origin)
        let scenarios = [Gait.walk, .powerWalk].map { gait in
            Scenario(
                pathType: .loop, distanceMeters: 2000, gait: gait, sensors: Fixtures.sensors, stopSeconds: 45, tunnelSeconds: 120,
                signal: Fixtures.hardSuite.signals[0], origin: Fixtures.hardSuite.origin, terrain: terrain
            )
        }
        let filters = [
            try! FilterRegistry.builtIn.configuration(parsing: "cv-kalman"), try! FilterRegistry.builtIn.configuration(parsing: "speed-decay"),
        ]
        return Benchmark(scenarios: Array(scenarios), filters: filters, seeds: SeedRange(first: 100, last: 101)!).scoresInOrder()
    }()

    /// A copy of `score` where `metric` is clearly worse.
    private func worse(_ metric: Metric, than score: ScenarioScore) throws -> ScenarioScore {
        var edited = score
        switch metric.source {
        case let .stored(field):
            let value = try #require(field.value(in: score.metrics))
            field.set(metric.direction == .higher ? value / 2 - 1 : abs(value) * 2 + 1, in: &edited.metrics)
        case .derived:
            // Derived metrics follow what they derive from: a longer path and a wider spread.
            edited.estimatedDistanceMeters *= 1.1
            edited.metrics.positionMedianMeters = try #require(score.metrics.positionMedianMeters) * 2 + 1
            edited.metrics.position95thPercentileMeters = try #require(score.metrics.position95thPercentileMeters) * 2 + 1
        }
        return edited
    }

    @Test func everyMetricAppliesToTheFixtureScores() {
        for metric in Metric.allCases {
            #expect(Self.scores.allSatisfy { metric.value(in: $0) != nil }, "\(metric) does not apply")
        }
    }

    @Test(arguments: Metric.allCases)
    func metricIsAColumnThatReadsBackToItsDecimals(metric: Metric) throws {
        let text = try ResultsCSV.render(Self.scores, context: Fixtures.context(SeedRange(first: 100, last: 101)!))
        #expect(ResultsCSV.columns.filter { $0 == metric.column }.count == 1)
        let parsed = try ResultsCSV.parse(text, file: "results.csv").scores
        for (read, written) in zip(parsed, Self.scores) {
            let difference = abs(try #require(metric.value(in: read)) - (try #require(metric.value(in: written))))
            #expect(difference <= 0.5 * pow10(-metric.decimals) * 1.0001 + (metric.isMeasured ? 0 : 0.01), "\(metric)")
        }
    }

    @Test(arguments: Metric.allCases)
    func metricIsInTheReportSweepAndComparisonTables(metric: Metric) {
        let ranking = FilterSummary.ranking(of: Self.scores)
        #expect(ranking.allSatisfy { $0.means[metric] != nil })
        let context = ResultsContext(suite: Fixtures.hillsSuite, seeds: SeedRange(first: 100, last: 101)!)
        let report = MarkdownReport(context: context, scores: Self.scores).render()
        #expect(report.contains(" \(metric.title) |") || report.contains(" \(metric.title) ± 95 % CI |"))
        let sweep = SweepReport(
            filter: "cv-kalman", parameter: "noise",
            values: [(1, ranking[0].filter), (2, ranking[1].filter)], scores: Self.scores, rankingMetric: metric
        )
        let sweepTable = sweep.renderMarkdown()
        #expect(sweepTable.contains(" \(metric.title) |") || sweepTable.contains(" \(metric.title) ± 95 % CI |"))
        #expect(sweep.renderCSV().split(separator: "\n")[0].split(separator: ",").contains(Substring(metric.column)))
        let file = ResultsFile(context: context, scores: Self.scores)
        let comparison = ComparisonReport(first: ("a", file), second: ("b", file), grouping: .none, decisions: [:])
        #expect(comparison.render().contains(" \(metric.title) |"))
    }

    @Test(arguments: Metric.allCases)
    func theGateCatchesEveryMetricGettingWorse(metric: Metric) throws {
        var current = Self.scores
        current[0] = try worse(metric, than: current[0])
        let comparison = BaselineComparison(baseline: Self.scores, current: current)
        #expect(comparison.regressions.contains { $0.metric == metric && $0.key == current[0].key }, "\(metric)")
    }

    @Test func directionsMatchWhatIsBetter() {
        #expect(Metric.errorPercent.isBetter(-0.5, than: 1))
        #expect(Metric.lagSeconds.isBetter(0.1, than: -0.2))
        #expect(Metric.keptPercent.isBetter(100, than: 90))
        #expect(Metric.positionRMSEMeters.isBetter(2, than: 3))
        #expect(!Metric.positionRMSEMeters.isBetter(3, than: 3))
    }

    @Test func everyMetricIsAResultsColumn() {
        for metric in Metric.allCases {
            #expect(ResultsCSV.columns.contains(metric.column), "\(metric.column)")
        }
    }

    @Test func columnsAndTitlesAreUnique() {
        #expect(Set(Metric.allCases.map(\.column)).count == Metric.allCases.count)
        #expect(Set(Metric.allCases.map(\.title)).count == Metric.allCases.count)
        #expect(Set(ResultsCSV.columns).count == ResultsCSV.columns.count)
        #expect(Metric(column: "lag_s") == .lagSeconds && Metric(column: "lag") == nil)
    }

    private func pow10(_ exponent: Int) -> Double {
        (0..<abs(exponent)).reduce(1.0) { value, _ in exponent < 0 ? value / 10 : value * 10 }
    }
}
