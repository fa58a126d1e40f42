import Testing
@_spi(CLI) @testable import TrackBench

struct ResultsCSVTests {
    private let row = ScenarioScore(
        scenarioID: "loop-1000m-2.8mps-weak", pathType: "loop", nominalDistanceMeters: 1000, speedMetersPerSecond: 2.8,
        signal: "weak", filter: "kalman:q=2.5,x", fixes: 358, estimatedFixes: 357,
        trueDistanceMeters: 999.95, noisyDistanceMeters: 1012.3456789, estimatedDistanceMeters: 999.95,
        metrics: {
            var metrics = EstimateMetrics()
            metrics.positionMedianMeters = 2
            metrics.position95thPercentileMeters = 6.5
            metrics.positionRMSEMeters = 3.25
            metrics.lagSeconds = 1.5
            metrics.keptPercent = 99.72
            metrics.longestGapSeconds = 1.2345
            metrics.speedRMSEMetersPerSecond = 0.2
            return metrics
        }()
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
            + "2.000,6.500,3.250,4.250,1.5,,99.72,1.234,0.200,,\"kalman:q=2.5,x\"")
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

    @Test func parsesWhatItRendersBackToTheRoundedRows() throws {
        let scores = Array(Fixtures.defaultScores.prefix(6)) + [row]
        let parsed = try ResultsCSV.parse(ResultsCSV.render(scores), file: "results.csv")
        #expect(parsed.map(\.scenarioID) == scores.map(\.scenarioID) && parsed.map(\.filter) == scores.map(\.filter))
        for (read, written) in zip(parsed, scores) {
            #expect(read.fixes == written.fixes && read.filterSpecification == written.filterSpecification)
            #expect(abs(read.noisyDistanceMeters - written.noisyDistanceMeters) <= 0.0005)
            #expect(abs(read.metrics.positionRMSEMeters! - written.metrics.positionRMSEMeters!) <= 0.0005)
            #expect(read.metrics.lagSeconds == written.metrics.lagSeconds)
        }
        // Once rounded, a round trip changes nothing: the gate compares like with like.
        #expect(try ResultsCSV.render(ResultsCSV.parse(ResultsCSV.render(parsed), file: "again.csv")) == ResultsCSV.render(parsed))
    }

    @Test func splitsQuotedFieldsBackApart() throws {
        #expect(try CSVField.split(#"a,"b,c","say ""hi""",,d"#) == ["a", "b,c", #"say "hi""#, "", "d"])
        #expect(throws: CSVField.SplitError.self) { try CSVField.split(#"a,"unclosed"#) }
    }

    @Test(arguments: [
        ("", ResultsFileError.malformedRow(file: "b.csv", line: 1, problem: "the file is empty; expected a header row")),
        ("scenario,filter\n", .missingColumn(file: "b.csv", column: "fixes")),
    ])
    func rejectsFilesWithoutTheRequiredHeader(text: String, expected: ResultsFileError) {
        #expect(throws: expected) { try ResultsCSV.parse(text, file: "b.csv") }
    }

    @Test func namesTheLineAndColumnOfABadValue() throws {
        var lines = ResultsCSV.render(Array(Fixtures.defaultScores.prefix(3))).split(separator: "\n").map(String.init)
        var fields = lines[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[3] = "abc"
        lines[2] = fields.joined(separator: ",")
        #expect(throws: ResultsFileError.malformedRow(file: "b.csv", line: 3, problem: "column 'true_distance_m' expected a number, got 'abc'")) {
            try ResultsCSV.parse(lines.joined(separator: "\n"), file: "b.csv")
        }
        let truncated = lines[0] + "\n" + lines[1].split(separator: ",").prefix(5).joined(separator: ",")
        #expect(throws: ResultsFileError.self) { try ResultsCSV.parse(truncated, file: "b.csv") }
        let duplicated = lines[0] + "\n" + lines[1] + "\n" + lines[1]
        #expect(throws: ResultsFileError.malformedRow(file: "b.csv", line: 3, problem: "scenario '\(Fixtures.defaultScores[0].scenarioID)' with filter 'raw' appears twice")) {
            try ResultsCSV.parse(duplicated, file: "b.csv")
        }
    }
}
