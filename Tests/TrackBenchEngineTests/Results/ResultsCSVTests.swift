import Foundation
import Testing
@testable import TrackBenchSupport
@testable import TrackBenchModel
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
import TrackBenchTestSupport
import TrackBenchRunFixtures

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

    private let context = Fixtures.context()

    /// A small, valid results file: the context line, the header and three rows (raw, kalman, raw).
    private var valid: String {
        (try? ResultsCSV.render(Array(Fixtures.defaultScores.prefix(3)), context: context)) ?? ""
    }

    /// `valid` with one field of data line `line` (1-based in the file) replaced.
    private func editing(_ column: String, onLine line: Int, to value: String) -> String {
        var lines = valid.split(separator: "\n").map(String.init)
        let position = ResultsCSV.columns.firstIndex(of: column)!
        var fields = lines[line - 1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[position] = value
        lines[line - 1] = fields.joined(separator: ",")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func startsWithTheContextLineThenTheStableCoreColumns() throws {
        let lines = try ResultsCSV.render([], context: context).split(separator: "\n")
        #expect(lines[0] == "# trackbench-results schema=3 suite=default suite_fnv1a64=\(Fixtures.defaultSuite.fingerprint) "
            + "seeds=100 version=\(ResultsContext.currentVersion)")
        #expect(lines[1].hasPrefix("scenario,filter,seed,fixes,true_distance_m,noisy_distance_m,estimated_distance_m,error_pct"))
        #expect(lines[1].hasSuffix(",filter_spec,non_finite"))
        #expect(lines[1].split(separator: ",").count == ResultsCSV.columns.count)
    }

    @Test func writesOneRowPerScoreWithFixedDecimalsAndEmptyFieldsForMetricsThatDoNotApply() throws {
        let lines = try ResultsCSV.render([row], context: context).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[2] == "loop-1000m-2.8mps-weak,\"kalman:q=2.5,x\",100,358,999.950,1012.346,999.950,0.0000,1.2396,true,357,loop,1000,2.8,,"
            + "0,weak,,,simulated,,2.000,6.500,3.250,4.250,1.5,,99.72,1.234,0.200,,,,,,,,,,\"kalman:q=2.5,x\",")
    }

    @Test func writesNonFiniteValuesEmptyAndNamesTheirColumns() throws {
        var diverged = row
        diverged.estimatedDistanceMeters = .nan
        diverged.metrics.positionRMSEMeters = .infinity
        let text = try ResultsCSV.render([diverged], context: context)
        #expect(!text.contains("nan") && !text.contains("inf") && !text.contains(NumberFormat.nonFinite))
        #expect(text.split(separator: "\n")[2].hasSuffix(",estimated_distance_m;error_pct;position_rmse_m"))
        let read = try ResultsCSV.parse(text, file: "r.csv").scores[0]
        #expect(read.estimatedDistanceMeters.isNaN && read.metrics.positionRMSEMeters!.isNaN)
        #expect(ResultsCSV.hasNonFiniteValue(read) && !ResultsCSV.hasNonFiniteValue(row))
    }

    @Test func aLabelThatReadsLikeAMarkerIsStillALabel() throws {
        var labelled = row
        labelled.filter = NumberFormat.nonFinite
        let text = try ResultsCSV.render([labelled], context: context)
        #expect(text.split(separator: "\n")[2].hasSuffix(",\"kalman:q=2.5,x\","))
        #expect(try ResultsCSV.parse(text, file: "r.csv").scores[0].filter == NumberFormat.nonFinite)
        #expect(!ResultsCSV.hasNonFiniteValue(labelled))
    }

    @Test func neverPrintsNegativeZero() throws {
        var nearlyExact = row
        nearlyExact.estimatedDistanceMeters = 999.9499999999
        #expect(try ResultsCSV.render([nearlyExact], context: context).contains(",999.950,0.0000,"))
    }

    @Test func quotesFieldsWithCommasAndQuotes() {
        #expect(CSVField.escaped("plain") == "plain")
        #expect(CSVField.escaped("a,b") == "\"a,b\"")
        #expect(CSVField.escaped("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }

    @Test func parsesWhatItRendersBackToTheRoundedRowsAndContext() throws {
        let scores = Array(Fixtures.defaultScores.prefix(6)) + [row]
        let file = try ResultsCSV.parse(try ResultsCSV.render(scores, context: context), file: "results.csv")
        #expect(file.context == context)
        let parsed = file.scores
        #expect(parsed.map(\.key) == scores.map(\.key))
        for (read, written) in zip(parsed, scores) {
            #expect(read.fixes == written.fixes && read.filterSpecification == written.filterSpecification)
            #expect(abs(read.noisyDistanceMeters - written.noisyDistanceMeters) <= 0.0005)
            #expect(abs(read.metrics.positionRMSEMeters! - written.metrics.positionRMSEMeters!) <= 0.0005)
            #expect(read.metrics.lagSeconds == written.metrics.lagSeconds)
        }
        // Once rounded, a round trip changes nothing: the gate compares like with like.
        let again = try ResultsCSV.parse(try ResultsCSV.render(parsed, context: context), file: "again.csv").scores
        #expect(try ResultsCSV.render(again, context: context) == ResultsCSV.render(parsed, context: context))
    }

    @Test func roundingInMemoryGivesExactlyWhatParsingTheWrittenFileGives() throws {
        // Real rows, then rows whose every number is an edge: ties at each column's decimals, values that print
        // as -0, negative zero, huge values printf must write, subnormals, NaN and infinities.
        let edges: [Double] = [0.0005, 0.00049999999999999995, 0.25, 0.05, 2.5, -0.0004, -0.0, 0, 1e15, 1.5e17, 123_456.789_5,
                               5e-324, -7.25, .nan, .infinity, -.infinity]
        var generator = SplitMix64(seed: 7)
        var scores = Fixtures.defaultScores + [row]
        for index in 0..<(edges.count + 200) {
            var score = row
            score.scenarioID += "-\(index)"
            func value() -> Double {
                index < edges.count ? edges[index] : (generator.nextUnit() - 0.3) * [1, 100, 1e4, 1e7][index % 4]
            }
            // Lengths are never negative, and the error columns derive from them.
            score.trueDistanceMeters = 1000 + value().magnitude
            score.noisyDistanceMeters = value().magnitude
            score.estimatedDistanceMeters = value().magnitude
            score.nominalDistanceMeters = value()
            score.speedMetersPerSecond = value()
            score.trueGainMeters = value()
            for metric in Metric.allCases {
                if case let .stored(field) = metric.source { field.set(value(), in: &score.metrics) }
            }
            scores.append(score)
        }
        let parsed = try ResultsCSV.parse(try ResultsCSV.render(scores, context: context), file: "results.csv").scores
        let rounded = ResultsCSV.asWritten(scores)
        #expect(parsed.count == rounded.count)
        for (read, written) in zip(parsed, rounded) {
            #expect(read.key == written.key && read.terrain == written.terrain && read.tags == written.tags)
            for column in ResultsCSV.schema {
                guard let number = column.number else { continue }
                let (a, b) = (number(read), number(written))
                #expect(
                    a?.bitPattern == b?.bitPattern || (a!.isNaN && b!.isNaN),
                    "column \(column.name) of \(read.scenarioID): read \(String(describing: a)), rounded \(String(describing: b))")
            }
        }
    }

    @Test(arguments: ["\r\n", "\r"])
    func readsCRLFAndCRLineEndingsAsLF(ending: String) throws {
        let converted = valid.replacingOccurrences(of: "\n", with: ending)
        let read = try ResultsCSV.parse(converted, file: "b.csv")
        #expect(read.scores.count == 3)
        #expect(read.scores == (try ResultsCSV.parse(valid, file: "b.csv")).scores)
    }

    @Test func readsAByteOrderMark() throws {
        #expect(try ResultsCSV.parse("\u{FEFF}" + valid, file: "b.csv").scores.count == 3)
    }

    @Test func readsTheContextLineAfterASpreadsheetRoundTrip() throws {
        var lines = valid.split(separator: "\n").map(String.init)
        lines[0] = "\"" + lines[0] + "\",,,,"
        #expect(try ResultsCSV.parse(lines.joined(separator: "\r\n"), file: "b.csv").context == context)
    }

    @Test func theTerrainTilesSpacingIsAnOptionalFieldThatOnlyDiffersWhenBothSidesRecordIt() throws {
        var tiled = context
        tiled.demArcSeconds = [3]
        tiled.shard = Shard(index: 1, count: 2)
        let line = try ResultsCSV.render([], context: tiled).split(separator: "\n")[0]
        #expect(line.hasSuffix(" version=\(ResultsContext.currentVersion) dem_arcsec=3 shard=1/2"))
        #expect(try ResultsCSV.parse(try ResultsCSV.render([], context: tiled), file: "t.csv").context == tiled)
        var mixed = context
        mixed.demArcSeconds = [1, 3]
        #expect(try ResultsCSV.parse(try ResultsCSV.render([], context: mixed), file: "t.csv").context.demArcSeconds == [1, 3])
        // A file from before the field reads, and says nothing about tiles.
        #expect(try ResultsCSV.parse(valid, file: "old.csv").context.demArcSeconds == nil)
        tiled.shard = nil
        #expect(context.differences(from: tiled).isEmpty && tiled.differences(from: context).isEmpty)
        var other = tiled
        other.demArcSeconds = [1]
        #expect(tiled.differences(from: other) == ["terrain tiles (--dem): baseline 3 arc-seconds, this run 1 arc-second"])
        for bad in ["", "0", "3+1", "3+3", "x", "1+"] {
            var lines = valid.split(separator: "\n").map(String.init)
            lines[0] += " dem_arcsec=\(bad)"
            #expect(throws: ResultsFileError.self, "\(bad)") { try ResultsCSV.parse(lines.joined(separator: "\n"), file: "b.csv") }
        }
    }

    @Test func aShardsProcessTimingsRoundTripAndTwoPartsThatDisagreeDiffer() throws {
        var part = context
        part.shard = Shard(index: 1, count: 2)
        part.processOnline = [2: true, 4: false]
        let line = try ResultsCSV.render([], context: part).split(separator: "\n")[0]
        #expect(line.hasSuffix(" shard=1/2 process_timing=2:online+4:offline"))
        #expect(try ResultsCSV.parse(try ResultsCSV.render([], context: part), file: "t.csv").context == part)
        var other = part
        other.processOnline = [2: false, 4: false]
        #expect(part.differences(from: other) == [
            "filter process timings (process_timing): baseline 2:online+4:offline, this run 2:offline+4:offline",
        ])
        other.processOnline = nil
        #expect(part.differences(from: other).isEmpty)
        for bad in ["", "2", "2:live", "0:online", "02:online", "4:online+2:online", "2:online+2:offline", "2:online+"] {
            var lines = valid.split(separator: "\n").map(String.init)
            lines[0] += " process_timing=\(bad)"
            #expect(throws: ResultsFileError.self, "\(bad)") { try ResultsCSV.parse(lines.joined(separator: "\n"), file: "b.csv") }
        }
    }

    @Test func splitsQuotedFieldsBackApart() throws {
        #expect(try CSVField.split(#"a,"b,c","say ""hi""",,d"#) == ["a", "b,c", #"say "hi""#, "", "d"])
        #expect(throws: CSVField.SplitError.self) { try CSVField.split(#"a,"unclosed"#) }
        #expect(throws: CSVField.SplitError.self) { try CSVField.split(#""closed"then,b"#) }
        #expect(try CSVField.split("") == [""])
        #expect(try CSVField.split("a,") == ["a", ""])
        #expect(try CSVField.split(#"mid"quote,"é,ü""#) == [#"mid"quote"#, "é,ü"])
        #expect(try CSVField.split(#""""#) == [""])
    }

    @Test func theFirstBadRowInFileOrderIsReportedWhateverChunkHoldsIt() throws {
        // Enough rows for several parallel chunks: a duplicate early and a broken row late, then the other way round.
        let seeds = SeedRange(first: 100, last: 109)!
        let scores = (100...109).flatMap { seed in Fixtures.defaultScores.map { score in
            var score = score
            score.seed = UInt64(seed)
            return score
        } }
        #expect(scores.count > 2 * ParallelChunks.chunkSize)
        let lines = try ResultsCSV.render(scores, context: Fixtures.context(seeds)).split(separator: "\n").map(String.init)
        #expect(try ResultsCSV.parse(lines.joined(separator: "\n"), file: "b.csv").scores.map(\.key) == scores.map(\.key))
        let lateLine = lines.count - 3
        var duplicateFirst = lines
        duplicateFirst[9] = lines[8]
        duplicateFirst[lateLine] = "broken"
        #expect(
            throws: ResultsFileError.malformedRow(
                file: "b.csv", line: 10, problem: "scenario '\(scores[6].scenarioID)' with filter '\(scores[6].filter)' and seed 100 appears twice")
        ) {
            try ResultsCSV.parse(duplicateFirst.joined(separator: "\n"), file: "b.csv")
        }
        var brokenFirst = lines
        brokenFirst[9] = "broken"
        brokenFirst[lateLine] = lines[lateLine - 1]
        #expect(
            throws: ResultsFileError.malformedRow(
                file: "b.csv", line: 10, problem: "expected \(ResultsCSV.columns.count) fields like the header, got 1")
        ) {
            try ResultsCSV.parse(brokenFirst.joined(separator: "\n"), file: "b.csv")
        }
    }

    @Test func rejectsAFileWithoutTheContextLine() {
        let withoutContext = valid.split(separator: "\n").dropFirst().joined(separator: "\n")
        #expect(throws: ResultsFileError.self) { try ResultsCSV.parse(withoutContext, file: "b.csv") }
        #expect(
            throws: ResultsFileError.malformedRow(file: "b.csv", line: 1, problem: "the file is empty; expected the context line and a header row")
        ) {
            try ResultsCSV.parse("", file: "b.csv")
        }
    }

    @Test func aFileWrittenBeforeTheTerrainElevationAndDeadReckoningColumnsStillReads() throws {
        let absent = ResultsCSV.schema.filter(\.mayBeAbsent).map(\.name)
        #expect(absent == [
            "gait", "terrain", "true_gain_m", "gain_error_pct", "gain_error_m", "altitude_rmse_m", "distance_3d_error_pct",
            "endpoint_cm_per_m", "dropout_30s_m", "dropout_60s_m", "dropout_120s_m",
        ])
        let lines = valid.split(separator: "\n").map(String.init)
        let positions = absent.map { ResultsCSV.columns.firstIndex(of: $0)! }.sorted(by: >)
        let old = lines.enumerated().map { index, line in
            guard index > 0 else { return line }
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            for position in positions { fields.remove(at: position) }
            return fields.joined(separator: ",")
        }
        let read = try ResultsCSV.parse(old.joined(separator: "\n"), file: "old.csv")
        #expect(read.scores == (try ResultsCSV.parse(valid, file: "new.csv")).scores)
    }

    @Test(arguments: ResultsCSV.schema.filter { !$0.mayBeAbsent }.map(\.name) + [ResultsCSV.nonFiniteColumn])
    func everyColumnIsRequired(column: String) {
        let lines = valid.split(separator: "\n").map(String.init)
        let position = ResultsCSV.columns.firstIndex(of: column)!
        let without = lines.enumerated().map { index, line in
            guard index > 0 else { return line }
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields.remove(at: position)
            return fields.joined(separator: ",")
        }
        #expect(throws: ResultsFileError.missingColumn(file: "b.csv", column: column)) {
            try ResultsCSV.parse(without.joined(separator: "\n"), file: "b.csv")
        }
    }

    @Test(arguments: ["error_pct", "noisy_error_pct", "improved", "phone_score_m"])
    func aHandEditedDerivedColumnIsAnErrorNamingLineAndColumn(column: String) {
        // Line 4 is the Kalman filter's first row; each edit is far from what the row's other columns give.
        let kalman = Fixtures.defaultScores[1]
        let values = ["error_pct": "-9.5000", "noisy_error_pct": "banana", "improved": kalman.improved ? "false" : "true", "phone_score_m": "0.001"]
        let value = values[column]!
        let edited = editing(column, onLine: 4, to: value)
        let error = #expect(throws: ResultsFileError.self) { try ResultsCSV.parse(edited, file: "b.csv") }
        guard case let .malformedRow(_, line, problem) = error else {
            Issue.record("expected a malformed row, got \(String(describing: error))")
            return
        }
        #expect(line == 4 && problem.hasPrefix("column '\(column)'"))
    }

    @Test func namesTheLineAndColumnOfABadValue() throws {
        #expect(throws: ResultsFileError.malformedRow(
            file: "b.csv", line: 5,
            problem: "column 'true_distance_m' expected a number as TrackBench writes it "
                + "(such as 12.5, -0.25 or 1e-05: no '+', no leading zeros), got 'abc'"
        )) {
            try ResultsCSV.parse(editing("true_distance_m", onLine: 5, to: "abc"), file: "b.csv")
        }
        let lines = valid.split(separator: "\n").map(String.init)
        let truncated = lines[0] + "\n" + lines[1] + "\n" + lines[2].split(separator: ",").prefix(5).joined(separator: ",")
        #expect(throws: ResultsFileError.self) { try ResultsCSV.parse(truncated, file: "b.csv") }
        let duplicated = lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n" + lines[2]
        let first = Fixtures.defaultScores[0]
        #expect(
            throws: ResultsFileError.malformedRow(
                file: "b.csv", line: 4, problem: "scenario '\(first.scenarioID)' with filter 'raw' and seed 100 appears twice")
        ) {
            try ResultsCSV.parse(duplicated, file: "b.csv")
        }
    }

    @Test func rejectsAColumnNamedTwiceInsteadOfReadingTheFirst() {
        // The header's last column renamed to the first's: which copy holds the scenario would be a guess.
        let lines = valid.split(separator: "\n").map(String.init)
        var header = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        header.append("scenario")
        let rows = lines.dropFirst(2).map { $0 + ",x" }
        let twice = ([lines[0], header.joined(separator: ",")] + rows).joined(separator: "\n") + "\n"
        #expect(
            throws: ResultsFileError.malformedRow(
                file: "b.csv", line: 2, problem: "column 'scenario' appears twice in the header; a results file names each column once")
        ) {
            try ResultsCSV.parse(twice, file: "b.csv")
        }
    }

    @Test func rejectsASeedOutsideTheContextsRange() {
        #expect(throws: ResultsFileError.malformedRow(file: "b.csv", line: 3, problem: "seed 7 is outside the context line's seeds 100")) {
            try ResultsCSV.parse(editing("seed", onLine: 3, to: "7"), file: "b.csv")
        }
    }

    @Test(arguments: [("plain", false), ("é-ü", false), ("a\tb", true), ("a\u{7F}", true), ("a\u{85}b", true), ("\u{1B}[31m", true)])
    func controlCharactersAreFoundInASCIIAndBeyond(text: String, hasControl: Bool) {
        #expect(ResultsField.hasControlCharacter(text) == hasControl)
    }

    /// Text a filter command, a suite or a recording's tags could hand the writer, friendly and hostile.
    static let hostileTexts = [
        "plain", "a,b", "say \"hi\"", "\"", ",", " lead and trail ", "é-ü 🛰", "back\\slash", "100%", "x=y", "a;b", "# trackbench-results",
        "line\nbreak", "carriage\rreturn", "\u{1B}[31mred", "tab\there", "nul\u{0}", "del\u{7F}", "next\u{85}line", "",
    ]

    @Test(arguments: hostileTexts)
    func theWriterRefusesWhatTheReaderWouldRejectAndWhatItWritesReadsBackIdentically(text: String) throws {
        let columns: [(name: String, edit: (inout ScenarioScore) -> Void, value: (ScenarioScore) -> String?)] = [
            ("scenario", { $0.scenarioID = text }, { $0.scenarioID }),
            ("filter", { $0.filter = text }, { $0.filter }),
            ("filter_spec", { $0.filterSpecification = text }, { $0.filterSpecification }),
            ("signal", { $0.signal = text }, { $0.signal }),
            ("terrain", { $0.terrain = text }, { $0.terrain }),
            ("tags", { $0.tags = ["device": text] }, { $0.tags["device"] }),
            ("tags", { $0.tags = [text: "pixel"] }, { $0.tags.keys.first }),
        ]
        let isRefused = text.isEmpty || ResultsField.hasControlCharacter(text)
        for (name, edit, value) in columns {
            var score = row
            edit(&score)
            let refusesTag = name == "tags" && (text.contains(";") || score.tags.keys.contains { $0.contains("=") })
            do {
                let read = try ResultsCSV.parse(try ResultsCSV.render([score], context: context), file: "r.csv").scores[0]
                #expect(!isRefused && !refusesTag, "column \(name) wrote \(text.debugDescription)")
                #expect(value(read) == text, "column \(name) read back \(String(describing: value(read)).debugDescription)")
            } catch let error as ResultsWriteError {
                #expect(isRefused || refusesTag, "column \(name) refused \(text.debugDescription): \(error.localizedDescription)")
                #expect(error.column == name && !ResultsField.hasControlCharacter(error.localizedDescription))
            }
        }
    }

    @Test(arguments: [
        ("true_distance_m", "+999.950"), ("true_distance_m", "0999.950"), ("true_distance_m", "0x1.f3fp9"), ("true_distance_m", ".5"),
        ("true_distance_m", "999."), ("true_distance_m", "inf"), ("true_distance_m", "1_000"), ("fixes", "+358"), ("fixes", "0358"),
        ("fixes", "358.0"), ("seed", "+100"), ("seed", "0100"), ("improved", "TRUE"), ("improved", "True"),
    ])
    func numbersAndFlagsReadOnlyAsTheWriterWritesThem(column: String, value: String) {
        let error = #expect(throws: ResultsFileError.self) { try ResultsCSV.parse(editing(column, onLine: 3, to: value), file: "b.csv") }
        guard case let .malformedRow(_, line, problem) = error else { return }
        #expect(line == 3 && problem.hasPrefix("column '\(column)' expected") && problem.contains("'\(value)'"))
    }

    @Test(arguments: [
        ("schema=03", "schema '03'"), ("schema=+3", "schema '+3'"), ("seeds=0100", "seeds '0100'"), ("seeds=100...100", "seeds '100...100'"),
        ("seeds=+100", "seeds '+100'"),
    ])
    func theContextLineReadsOnlyAsWritten(replacement: String, quoted: String) {
        let original = replacement.hasPrefix("schema") ? "schema=3 " : "seeds=100 "
        let edited = valid.replacingOccurrences(of: original, with: replacement + " ")
        let error = #expect(throws: ResultsFileError.self) { try ResultsCSV.parse(edited, file: "b.csv") }
        guard case let .malformedRow(_, line, problem) = error else { return }
        #expect(line == 1 && problem.hasPrefix(quoted) && problem.contains("as TrackBench writes it"))
    }

    @Test func tooManySeedsFailOnTheContextLineBeforeTheRestIsRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-seeds-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        // Past the context line, bytes that are no UTF-8: reading them would fail with another message.
        let contextLine = valid.prefix { $0 != "\n" }.replacingOccurrences(of: "seeds=100 ", with: "seeds=0...99999 ")
        try (Data((contextLine + "\n").utf8) + Data(repeating: 0xFF, count: 200_000)).write(to: url)
        #expect(throws: ResultsFileError.malformedRow(
            file: url.path, line: 1,
            problem: "seeds '0...99999' holds 100000 seeds, but a run has at most 10000; "
                + "this file was not written by TrackBench: re-record it with 'trackbench run'"
        )) {
            try ResultsCSV.load(from: url)
        }
    }

    @Test func aHeaderRepeatedMidFileSaysTwoFilesWereConcatenated() {
        let lines = valid.split(separator: "\n").map(String.init)
        let concatenated = (lines + lines.dropFirst()).joined(separator: "\n")
        #expect(throws: ResultsFileError.malformedRow(
            file: "b.csv", line: 6,
            problem: "line 6 repeats the header (two files concatenated?); remove it and the context line above it, "
                + "or join results files with 'trackbench merge'"
        )) {
            try ResultsCSV.parse(concatenated, file: "b.csv")
        }
        let withContext = (lines + lines).joined(separator: "\n")
        let error = #expect(throws: ResultsFileError.self) { try ResultsCSV.parse(withContext, file: "b.csv") }
        #expect(error?.localizedDescription.contains("line 6 is a context line") == true)
    }
}
