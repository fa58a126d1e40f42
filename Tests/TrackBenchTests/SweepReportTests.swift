import Testing
@_spi(CLI) @testable import TrackBench

struct SweepReportTests {
    private func summary(_ label: String, error: Double, lag: Double) -> FilterSummary {
        FilterSummary(
            filter: label, scenarioCount: 2, meanErrorPercent: error,
            worstAbsoluteErrorPercent: error, worstScenarioID: "s", improvedCount: 1,
            means: [.errorPercent: error, .lagSeconds: lag]
        )
    }

    private var report: SweepReport {
        SweepReport(filter: "kalman", parameter: "q", rows: [
            (1, summary("kalman:q=1", error: 2.0, lag: 7)),
            (3, summary("kalman:q=3", error: 0.9, lag: 2)),
            (5, summary("kalman:q=5", error: 1.1, lag: 1)),
        ], rankingMetric: .errorPercent)
    }

    @Test func marksTheRowWithTheBestRankingMetric() {
        #expect(report.bestIndex == 1)
        var byLag = report
        byLag.rankingMetric = .lagSeconds
        #expect(byLag.bestIndex == 2)
        #expect(report.renderMarkdown().contains("| **3** | * |"))
    }

    @Test func writesOneCSVRowPerValueWithMetricColumns() {
        let lines = report.renderCSV().split(separator: "\n")
        #expect(lines[0] == "q,best,improved,scenarios,error_pct,lag_s")
        #expect(lines[2] == "3,true,1,2,0.9000,2.0000")
        #expect(lines.count == 4)
    }
}
