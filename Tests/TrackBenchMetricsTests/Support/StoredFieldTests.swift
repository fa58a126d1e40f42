import Testing
@testable import TrackBenchSupport
@testable import TrackBenchMetrics

struct StoredFieldTests {
    private func score() -> ScenarioScore {
        ScenarioScore(
            scenarioID: "loop-a-long-scenario-identifier", pathType: "loop", nominalDistanceMeters: 1000, speedMetersPerSecond: 2.8,
            signal: "weak", filter: "kalman", fixes: 10, estimatedFixes: 9,
            trueDistanceMeters: 1000, noisyDistanceMeters: 1030, estimatedDistanceMeters: 990, metrics: EstimateMetrics()
        )
    }

    @Test func readsAndWritesTheNumberItsKeyPathNamesAndNoOther() {
        var row = score()
        let distance = StoredField(\ScenarioScore.estimatedDistanceMeters)
        let fixes = StoredField(\ScenarioScore.estimatedFixes)
        #expect(distance.value(in: row) == 990)
        #expect(fixes.value(in: row) == 9)
        distance.set(1012.5, in: &row)
        fixes.set(-3, in: &row)
        #expect(row.estimatedDistanceMeters == 1012.5)
        #expect(row.estimatedFixes == -3)
        // The text and numbers around them are untouched.
        #expect(row.scenarioID == "loop-a-long-scenario-identifier" && row.filter == "kalman")
        #expect(row.trueDistanceMeters == 1000 && row.noisyDistanceMeters == 1030 && row.fixes == 10)
    }

    @Test func everyMeasuredMetricIsReadAndWrittenInTheScoresMetrics() {
        for metric in Metric.allCases {
            guard case let .stored(field) = metric.source else { continue }
            let inScore = StoredField(field, in: \ScenarioScore.metrics)
            var row = score()
            #expect(inScore.value(in: row) == nil, "\(metric)")
            inScore.set(42.25, in: &row)
            #expect(metric.value(in: row) == 42.25, "\(metric)")
            #expect(field.value(in: row.metrics) == 42.25, "\(metric)")
            // Only that metric changed.
            let others = Metric.allCases.filter { $0 != metric && $0.isMeasured }.compactMap { $0.value(in: row) }
            #expect(others.isEmpty, "\(metric)")
            inScore.set(nil, in: &row)
            #expect(metric.value(in: row) == nil, "\(metric)")
        }
    }
}
