import Testing
@testable import TrackBenchMetrics
@testable import TrackBenchReports
import TrackBenchTestSupport

struct SweepReportTests {
    /// Scores of three tunings over two scenarios and `seeds`, with distance errors `errors[label]` (one per scenario and seed, in order).
    private func scores(_ errors: [(label: String, values: [Double])], seeds: [UInt64], lag: [String: Double] = [:]) -> [ScenarioScore] {
        var scores: [ScenarioScore] = []
        for (label, values) in errors {
            var index = 0
            for seed in seeds {
                for scenario in ["a", "b"] {
                    var metrics = Fixtures.unmeasured
                    metrics.lagSeconds = lag[label]
                    scores.append(ScenarioScore(
                        scenarioID: scenario, seed: seed, pathType: "loop", nominalDistanceMeters: 1000, speedMetersPerSecond: 2,
                        signal: "strong", filter: label, fixes: 100, estimatedFixes: 100,
                        trueDistanceMeters: 1000, noisyDistanceMeters: 1020, estimatedDistanceMeters: 1000 + 10 * values[index],
                        metrics: metrics
                    ))
                    index += 1
                }
            }
        }
        return scores
    }

    private func report(
        _ errors: [(label: String, values: [Double])], seeds: [UInt64], by metric: Metric = .errorPercent, lag: [String: Double] = [:]
    ) -> SweepReport {
        SweepReport(
            filter: "kalman", parameter: "q",
            values: errors.enumerated().map { (Double($0.offset + 1), $0.element.label) },
            scores: scores(errors, seeds: seeds, lag: lag), rankingMetric: metric
        )
    }

    @Test func marksTheRowWithTheBestMeanRankingMetric() {
        let errors = [("q1", [2.0, 2.1]), ("q2", [0.9, 0.8]), ("q3", [1.1, 1.2])]
        let lags = ["q1": 7.0, "q2": 2.0, "q3": 1.0]
        #expect(report(errors, seeds: [100], lag: lags).bestIndex == 1)
        #expect(report(errors, seeds: [100], by: .lagSeconds, lag: lags).bestIndex == 2)
        #expect(report(errors, seeds: [100], lag: lags).renderMarkdown().contains("| **2** | * |"))
    }

    @Test func aValueWithinNoiseOfTheBestIsMarkedTiedAndNoSingleBestIsNamed() {
        // q3 differs from q2 by +-0.05 in alternating directions over 12 runs: noise. q1 is worse on every run.
        let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]
        let q2 = (0..<12).map { 1.0 + Double($0 % 3) * 0.1 }
        let q3 = q2.enumerated().map { $1 + ($0 % 2 == 0 ? 0.05 : -0.049) }
        let sweep = report([("q1", q2.map { $0 + 1 }), ("q2", q2), ("q3", q3)], seeds: seeds)
        #expect(sweep.bestIndex == 1)
        #expect(sweep.tiedIndices == [2])
        #expect(sweep.rows[0].versusBest?.isReal == true)
        #expect(
            sweep.verdict.hasPrefix(
                "No single best q: q = 2 has the best mean error_pct, but q = 3 is not really different from it (the change in the mean"))
        #expect(sweep.renderMarkdown().contains("| 3 | = |"))
        #expect(sweep.rows.allSatisfy { $0.confidenceHalfWidth != nil })
    }

    @Test func writesOneCSVRowPerValueWithMetricColumnsTheIntervalAndPValue() {
        let sweep = report([("q1", [2.0, 2.1]), ("q2", [0.9, 0.8])], seeds: [100])
        let lines = sweep.renderCSV().split(separator: "\n")
        #expect(lines[0] == "q,best,tied,improved,runs,error_pct,kept_pct,longest_gap_s,error_pct_ci95,p_vs_best")
        #expect(lines[2] == "2,true,false,2,2,0.8500,100.0000,1.0000,,")
        #expect(lines.count == 3)
    }

    @Test func aValueThatDivergedIsNeitherBestNorTied() {
        var scores = scores([("q1", [1.0, 1.1]), ("q2", [0.5, 0.6])], seeds: [100])
        for index in scores.indices where scores[index].filter == "q2" {
            scores[index].estimatedDistanceMeters = .nan
        }
        let sweep = SweepReport(filter: "kalman", parameter: "q", values: [(1, "q1"), (1e200, "q2")], scores: scores, rankingMetric: .errorPercent)
        #expect(sweep.bestIndex == 0 && sweep.tiedIndices.isEmpty && sweep.rows[1].hasDiverged)
        #expect(sweep.verdict.hasSuffix("The filter diverged (NaN or infinite error_pct) with q = 1e200."), "\(sweep.verdict)")
        #expect(sweep.renderMarkdown().contains("| 1e200 | diverged |"))
        #expect(!sweep.renderMarkdown().contains("nan") && !sweep.renderCSV().contains("nan"))
    }

    /// A filter whose positions blew up but whose distance error stayed finite diverged: no value is picked, and the
    /// verdict says the ranking metric is finite and names the metrics that are not, as the table's numbers show.
    @Test func whenEveryValueDivergedOutsideTheRankingMetricTheVerdictSaysWhichMetricsDid() {
        var scores = scores([("q1", [1.0, 1.1]), ("q2", [0.5, 0.6])], seeds: [100])
        for index in scores.indices {
            scores[index].metrics.positionRMSEMeters = .infinity
        }
        let sweep = SweepReport(filter: "kalman", parameter: "q", values: [(1, "q1"), (2, "q2")], scores: scores, rankingMetric: .errorPercent)
        #expect(sweep.bestIndex == nil && sweep.rows.allSatisfy { $0.divergedMetrics == [.positionRMSEMeters] })
        #expect(sweep.verdict == "Every value diverged, so none is picked: error_pct is finite with every value, but other metrics are not. "
            + "The filter diverged (NaN or infinite position_rmse_m) with q = 1, 2.")
        #expect(sweep.renderMarkdown().contains("| 2 | diverged |"))
        #expect(sweep.renderCSV().split(separator: "\n")[2].hasPrefix("2,false,false,"))
    }
}
