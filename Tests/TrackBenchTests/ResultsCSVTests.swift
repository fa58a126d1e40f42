import Testing
@testable import TrackBench

struct ResultsCSVTests {
    private let row = ScenarioScore(
        scenarioID: "loop-1000m-2.8mps-weak", pathType: "loop", nominalDistanceMeters: 1000, speedMetersPerSecond: 2.8,
        signal: "weak", filter: "kalman:q=2.5,x", fixes: 358, estimatedFixes: 357,
        trueDistanceMeters: 999.95, noisyDistanceMeters: 1012.3456789, estimatedDistanceMeters: 999.95,
        metrics: EstimateMetrics(
            positionMedianMeters: 2, position95thPercentileMeters: 6.5, positionRMSEMeters: 3.25, lagSeconds: 1.5,
            stationaryDriftMeters: nil, keptPercent: 99.72, longestGapSeconds: 1.2345, speedRMSEMetersPerSecond: 0.2,
            stopDetectionSeconds: nil
        )
    )

    @Test func headerStartsWithTheStableCoreColumns() {
        let header = ResultsCSV.render([]).split(separator: "\n")[0]
        #expect(header.hasPrefix("scenario,filter,fixes,true_distance_m,noisy_distance_m,estimated_distance_m,error_pct"))
        #expect(header.split(separator: ",").count == ResultsCSV.columns.count)
    }

    @Test func writesOneRowPerScoreWithFixedDecimalsAndEmptyFieldsForMetricsThatDoNotApply() {
        let lines = ResultsCSV.render([row]).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(lines[1] == "loop-1000m-2.8mps-weak,\"kalman:q=2.5,x\",358,999.950,1012.346,999.950,0.0000,1.2396,true,357,loop,1000,2.8,0,weak,"
            + "2.000,6.500,3.250,4.250,1.5,,99.72,1.234,0.200,")
    }

    @Test func neverPrintsNegativeZero() {
        var nearlyExact = row
        nearlyExact.estimatedDistanceMeters = 999.9499999999
        #expect(ResultsCSV.render([nearlyExact]).contains(",999.950,0.0000,"))
    }

    @Test func quotesFieldsWithCommasAndQuotes() {
        #expect(CSVField.escaped("plain") == "plain")
        #expect(CSVField.escaped("a,b") == "\"a,b\"")
        #expect(CSVField.escaped("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }
}
