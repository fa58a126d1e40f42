import Foundation
import Testing

/// `trackbench check` end to end: the gate's verdicts and exit codes.
struct CheckCommandTests {
    /// Writes a fresh baseline of raw and kalman on the default suite into `folder`.
    private func writeBaseline(in folder: URL) async throws -> URL {
        let baseline = folder.appendingPathComponent("baseline.csv")
        let result = try await TrackBenchExecutable.run(
            ["check", "--update-baseline", "--seed", "100", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman"]
        )
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Wrote 144 results"))
        return baseline
    }

    /// The baseline with fields of the first row whose filter is `filter` replaced (line 1 is the context, line 2 the header).
    private func edit(_ baseline: URL, filter: String, _ values: [String: String]) throws {
        var lines = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[1].split(separator: ",").map(String.init)
        let rowIndex = try #require(lines.indices.first { $0 > 1 && lines[$0].split(separator: ",")[1] == filter })
        var fields = lines[rowIndex].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for (column, value) in values {
            fields[try #require(header.firstIndex(of: column))] = value
        }
        lines[rowIndex] = fields.joined(separator: ",")
        try (lines.joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)
    }

    private let rawAndKalman = ["--filter", "raw", "--filter", "kalman"]

    @Test(arguments: ["FIFO", "/dev/full"])
    func aJobSummaryThatCannotBeWrittenIsAWarningAndTheVerdictStands(kind: String) async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let summary = kind == "FIFO" ? folder.appendingPathComponent("summary.md").path : kind
            if kind == "FIFO" { #expect(mkfifo(summary, 0o644) == 0) }
            let result = try await TrackBenchExecutable.run(
                ["check", "--baseline", baseline.path] + rawAndKalman, environment: ["GITHUB_STEP_SUMMARY": summary]
            )
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("PASSED: no filter got worse"))
            #expect(result.standardError.contains("warning: cannot write the job summary '\(summary)': "))
        }
    }

    @Test func passesAgainstABaselineOfTheSameCode() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let summary = folder.appendingPathComponent("summary.md")
            let result = try await TrackBenchExecutable.run(
                ["check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman"],
                environment: ["GITHUB_STEP_SUMMARY": summary.path]
            )
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.hasPrefix("## TrackBench check\n\n**PASSED: no filter got worse: 2 filters, 144 results paired, "))
            #expect(try String(contentsOf: summary, encoding: .utf8).contains("PASSED: no filter got worse"))
            let exact = try await TrackBenchExecutable.run(["check", "--exact", "--baseline", baseline.path] + rawAndKalman)
            #expect(exact.status == 0 && exact.standardOutput.contains("PASSED: no regressions in "))
            #expect(exact.standardOutput.contains(" metric comparisons over 144 results"))
        }
    }

    @Test func noiseSeedsRerunTheBaselinesFiltersOnOtherNoisePairedInOrder() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--noise-seeds", "101"] + rawAndKalman)
            // Other noise is other input by design: the rows are paired and judged, not set aside as changed input.
            #expect(result.status == 0 || result.status == 2, "\(result.standardError)")
            #expect(result.standardOutput.contains("144 results paired"))
            #expect(result.standardOutput.contains("run under seeds 101 on independent noise (--noise-seeds)"))
            #expect(!result.standardOutput.contains("Changed inputs"))
            let mismatched = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--noise-seeds", "101...102"])
            #expect(mismatched.status == 64)
            #expect(mismatched.standardError.contains("as many seeds as the baseline records (1: 100)"), "\(mismatched.standardError)")
            let conflicting = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--noise-seeds", "101", "--seed", "100"])
            #expect(conflicting.status == 64)
        }
    }

    @Test func exactModeFailsWithExitTwoNamingTheScenarioAndMetricThatGotWorse() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            // Pretend kalman used to be exact on the first scenario (999.997 m long): today's result is then worse.
            try edit(baseline, filter: "kalman", ["estimated_distance_m": "999.997", "error_pct": "0.0000", "improved": "true"])
            let result = try await TrackBenchExecutable.run([
                "check", "--exact", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman",
            ])
            #expect(result.status == 2)
            #expect(result.standardOutput.contains("FAILED: 1 regression in 1 scenario (`kalman`)"))
            #expect(result.standardOutput.contains("| `loop-1000m-1.4mps-strong` | `kalman` | 100 | `error_pct` | 0.0000 |"))
            // One noisy row is not a verdict on the filter: paired, the same edit passes, comparing 72 pairs.
            let paired = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman"])
            #expect(paired.status == 0 && paired.standardOutput.contains("144 results paired"))
        }
    }

    /// Records `team` as `baselineSpec` under seed 100, then checks `team` as `currentSpec`.
    private func checkTeam(from baselineSpec: String, to currentSpec: String, _ extra: [String] = []) async throws -> CommandResult {
        try await withTemporaryFolder { folder in
            let baseline = folder.appendingPathComponent("team.csv").path
            let update = try await TrackBenchExecutable.run([
                "check", "--update-baseline", "--seed", "100", "--baseline", baseline, "--filter", "team=\(baselineSpec)",
            ])
            #expect(update.status == 0, "\(update.standardError)")
            return try await TrackBenchExecutable.run(["check", "--baseline", baseline, "--filter", "team=\(currentSpec)"] + extra)
        }
    }

    @Test func aRealRegressionOfOneFilterFailsNamingItsMetricSizeAndTest() async throws {
        // Kalman with q = 1 lags and errs far more than with q = 5 (mean distance error about 2.2 % against 0.6 %).
        let result = try await checkTeam(from: "kalman:q=5", to: "kalman:q=1")
        #expect(result.status == 2)
        let verdict = result.standardOutput.split(separator: "\n")[1]
        #expect(verdict.hasPrefix("**FAILED: `team` got worse: `position_p50_m` +"), "\(verdict)")
        // The change in the mean with its unit and group, the means, the allowance, and the test that decided with its level:
        // "+14.578 m in all scenarios (5.508 → 20.086, allowance 0.055, signed rank, 72 changed: p = 1.7e-13 ≤ 1.3e-05)".
        #expect(verdict.contains(" m in all scenarios (") && verdict.contains(", allowance ") && verdict.contains(": p = "))
        #expect(verdict.contains(" ≤ ") && verdict.contains(" and in 5 more metrics "))
    }

    @Test func theRegressionGateDocShowsWhatCheckPrints() async throws {
        let doc = try String(contentsOf: TrackBenchExecutable.packageRoot.appendingPathComponent("Docs/regression-gate.md"), encoding: .utf8)
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex(of: "<!-- gate-regression:begin -->"))
        let end = try #require(lines.firstIndex(of: "<!-- gate-regression:end -->"))
        let shown = lines[(begin + 2)..<(end - 1)].joined(separator: "\n")
        let result = try await checkTeam(from: "kalman:q=5", to: "kalman:q=1")
        #expect(
            result.standardOutput.hasPrefix(shown + "\n"), "Docs/regression-gate.md's example is out of date:\n\(result.standardOutput.prefix(1200))")
    }

    @Test func aRealImprovementPassesAndFailsOnlyInStrictMode() async throws {
        let lenient = try await checkTeam(from: "kalman:q=1", to: "kalman:q=5")
        #expect(lenient.status == 0, "\(lenient.standardOutput)")
        #expect(lenient.standardOutput.contains("**PASSED: no filter got worse: 1 filter, 72 results paired"))
        #expect(lenient.standardOutput.contains("### Improvements (") && lenient.standardOutput.contains("--update-baseline"))
        let strict = try await checkTeam(from: "kalman:q=1", to: "kalman:q=5", ["--strict"])
        #expect(strict.status == 4)
        #expect(strict.standardOutput.contains("FAILED (baseline stale)"))
    }

    @Test func aRenamedScenarioIsMissingWhetherRerunOrReadFromResults() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            try edit(baseline, filter: "kalman", ["scenario": "loop-1000m-1.4mps-renamed"])
            let rerun = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + rawAndKalman)
            #expect(rerun.status == 2)
            #expect(rerun.standardOutput.contains("### Missing from this run (1)") && rerun.standardOutput.contains("`loop-1000m-1.4mps-renamed`"))
            let results = folder.appendingPathComponent("results.csv")
            _ = try await TrackBenchExecutable.run(["check", "--update-baseline", "--seed", "100", "--baseline", results.path] + rawAndKalman)
            let read = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--results", results.path])
            #expect(read.status == 2 && read.standardOutput.contains("### Missing from this run (1)"))
        }
    }

    @Test func gatingOneFilterComparesOnlyItsRowsAndSaysSo() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--filter", "kalman"])
            #expect(result.status == 0, "\(result.standardOutput)")
            #expect(result.standardOutput.contains("PASSED: no filter got worse: 1 filter, 72 results paired"))
            #expect(result.standardOutput.contains("the baseline's 1 other filter not checked"))
        }
    }

    @Test func updatingOneFilterReplacesOnlyItsRows() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let before = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n")
            let result = try await TrackBenchExecutable.run([
                "check", "--update-baseline", "--baseline", baseline.path, "--filter", "kalman=kalman:q=4",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("; kept 72 rows of 1 other filter; 1 filter recorded."))
            let after = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n")
            #expect(after.count == before.count)
            #expect(after.filter { $0.contains(",raw,") } == before.filter { $0.contains(",raw,") })
            #expect(after.filter { $0.contains(",kalman,") }.allSatisfy { $0.hasSuffix(",kalman:q=4,") })
            let check = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman=kalman:q=4"])
            #expect(check.status == 0)
        }
    }

    @Test func anEmptyBaselineValueWhereTheRunMeasuresOneIsABadBaseline() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            try edit(baseline, filter: "raw", ["position_rmse_m": ""])
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + rawAndKalman)
            #expect(result.status == 1, "\(result.standardOutput)")
            #expect(result.standardError.contains("line 3, column 'position_rmse_m' is empty, but this run measures it"))
        }
    }

    @Test func printedCommandsWorkVerbatim() async throws {
        try await withTemporaryFolder { folder in
            // A baseline of one filter under seed 100, checked under seed 7: the error names the command that
            // re-records it with this run's options.
            let baseline = folder.appendingPathComponent("one.csv").path
            let one = ["--filter", "kalman:q=2"]
            _ = try await TrackBenchExecutable.run(["check", "--update-baseline", "--seed", "100", "--baseline", baseline] + one)
            let other = try await TrackBenchExecutable.run(["check", "--baseline", baseline, "--seed", "7"] + one)
            #expect(other.status == 1)
            let command = try #require(Self.quotedCommand(in: other.standardError))
            #expect(command == "trackbench check --update-baseline --baseline \(baseline) --seeds 7 --filter kalman:q=2")
            let rerecord = try await TrackBenchExecutable.runPrinted(command)
            #expect(rerecord.status == 0, "\(command): \(rerecord.standardError)")
            let check = try await TrackBenchExecutable.run(["check", "--baseline", baseline, "--seed", "7"] + one)
            #expect(check.status == 0)
            // A baseline holding other filters too is re-recorded whole, or their rows would mix two setups.
            let both = try await writeBaseline(in: folder)
            let mixed = try await TrackBenchExecutable.run(["check", "--baseline", both.path, "--seed", "7", "--filter", "kalman"])
            let whole = try #require(Self.quotedCommand(in: mixed.standardError))
            #expect(whole == "trackbench check --update-baseline --baseline \(both.path) --seeds 7")
            // A recording suite has no seeds, so its commands have none.
            let recordings = folder.appendingPathComponent("recordings.csv")
            let suite = ["--scenarios", "Examples/Recordings/suite.json", "--filter", "raw"]
            let none = try await TrackBenchExecutable.run(["check", "--baseline", recordings.path] + suite)
            #expect(none.status == 1)
            let record = try #require(Self.quotedCommand(in: none.standardError))
            #expect(!record.contains("--seed"))
            let recorded = try await TrackBenchExecutable.runPrinted(record)
            #expect(recorded.status == 0, "\(record): \(recorded.standardError)")
            let gated = try await TrackBenchExecutable.run(["check", "--baseline", recordings.path] + suite)
            #expect(gated.status == 0, "\(gated.standardOutput)")
        }
    }

    /// The first 'trackbench ...' command quoted in a message.
    private static func quotedCommand(in message: String) -> String? {
        guard let start = message.range(of: "'trackbench ") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return "trackbench " + rest[..<end]
    }

    @Test func theJUnitReportIsWrittenBesideTheVerdict() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let junit = folder.appendingPathComponent("gate.xml")
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--junit", junit.path] + rawAndKalman)
            #expect(result.status == 0)
            let xml = try String(contentsOf: junit, encoding: .utf8)
            #expect(xml.contains("<testsuite name=\"trackbench check\" tests=\"28\" failures=\"0\">"))
            #expect(xml.contains("<testcase name=\"signal weak\" classname=\"kalman\"/>"))
        }
    }

    @Test func corruptedBaselineFailsWithExitOneNamingTheLine() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            try edit(baseline, filter: "raw", ["noisy_distance_m": "12x"])
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path])
            #expect(result.status == 1)
            #expect(result.standardError.contains("line 3: column 'noisy_distance_m' expected a number as TrackBench writes it ("))
            #expect(result.standardError.contains("got '12x'"))
            let missing = try await TrackBenchExecutable.run(["check", "--baseline", folder.appendingPathComponent("none.csv").path])
            #expect(missing.status == 1 && missing.standardError.contains("no such file"))
            #expect(missing.standardError.contains("record one with 'trackbench check --update-baseline --baseline "))
        }
    }

    @Test(arguments: ["\r\n", "\r"])
    func aBaselineWithOtherLineEndingsIsComparedInFull(ending: String) async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            try edit(baseline, filter: "kalman", ["estimated_distance_m": "999.997", "error_pct": "0.0000", "improved": "true"])
            let text = try String(contentsOf: baseline, encoding: .utf8)
            try ("\u{FEFF}" + text.replacingOccurrences(of: "\n", with: ending)).write(to: baseline, atomically: true, encoding: .utf8)
            let result = try await TrackBenchExecutable.run(["check", "--exact", "--baseline", baseline.path] + rawAndKalman)
            #expect(result.status == 2, "\(result.standardError)")
            #expect(result.standardOutput.contains("over 144 results"))
        }
    }

    @Test func aBaselineWithoutRowsIsAnErrorNotAPass() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let lines = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n")
            try (lines.prefix(2).joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + rawAndKalman)
            #expect(result.status == 1)
            #expect(result.standardError.contains("has no results, so nothing can be compared"))
            #expect(result.standardError.contains("--update-baseline --baseline \(baseline.path)"))
        }
    }

    @Test func aBaselineOfAnotherSeedOrSuiteIsAnErrorNamingTheDifference() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let otherSeed = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--seed", "7"] + rawAndKalman)
            #expect(otherSeed.status == 1)
            #expect(otherSeed.standardError.contains("seeds: baseline 100, this run 7"))
            #expect(otherSeed.standardError.contains("--update-baseline --baseline \(baseline.path) --seeds 7"))
            let otherSuite = try await TrackBenchExecutable.run(
                ["check", "--baseline", baseline.path, "--scenarios", "Scenarios/hard.json"] + rawAndKalman)
            #expect(otherSuite.status == 1)
            #expect(otherSuite.standardError.contains("suite: baseline 'default', this run 'hard'"))
        }
    }

    @Test func aBaselineThatMatchesNothingInTheRunIsAnError() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--filter", "cv-kalman"])
            #expect(result.status == 1)
            #expect(result.standardError.contains("share no result"))
            // A retuned filter has another label: the error says how to judge it under the baseline's.
            let retuned = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--filter", "kalman:q=2"])
            #expect(retuned.status == 1)
            #expect(retuned.standardError.contains("the baseline's filters are labelled 'raw', 'kalman', this run's 'kalman:q=2'"))
            let suggested = "--filter kalman=kalman:q=2"
            #expect(retuned.standardError.contains(suggested))
            let labelled = try await TrackBenchExecutable.run(
                ["check", "--baseline", baseline.path] + suggested.split(separator: " ").map(String.init))
            #expect(labelled.status == 2 || labelled.status == 0, "\(labelled.standardError)")
            #expect(labelled.standardOutput.contains("72 results paired"))
        }
    }

    @Test func aHandEditedDerivedColumnOrAMissingColumnIsAnError() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            try edit(baseline, filter: "kalman", ["error_pct": "0.0100"])
            let edited = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + rawAndKalman)
            #expect(edited.status == 1)
            #expect(edited.standardError.contains("line 4: column 'error_pct' is 0.0100 but the columns it derives from give"))
            let original = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n")
            let kept = try #require(original[1].split(separator: ",").firstIndex(of: "kept_pct"))
            let lines = original.map { line in
                line.split(separator: ",", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset != kept || line.hasPrefix("#") }
                    .map(\.element).joined(separator: ",")
            }
            try (lines.joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)
            let missing = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + rawAndKalman)
            #expect(missing.status == 1)
            #expect(missing.standardError.contains("the header has no 'kept_pct' column"))
        }
    }

    @Test func aDivergingFilterIsARegressionAndNeverABaseline() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let diverging = ["--filter", "raw", "--filter", "kalman=kalman:q=1e200"]
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + diverging)
            #expect(result.status == 2, "\(result.standardError)")
            #expect(result.standardOutput.contains("non-finite results (`kalman` diverged)"))
            #expect(!result.standardOutput.contains("nan") && !result.standardOutput.contains("inf |"))
            let update = try await TrackBenchExecutable.run(["check", "--update-baseline", "--baseline", baseline.path] + diverging)
            #expect(update.status == 1)
            #expect(update.standardError.contains("not writing the baseline: kalman produced NaN or infinite values"))
        }
    }

    @Test func aJobSummaryThatIsASymbolicLinkIsRefusedLikeJUnitAndTheVerdictStands() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let target = folder.appendingPathComponent("elsewhere.md")
            let summary = folder.appendingPathComponent("summary.md")
            try FileManager.default.createSymbolicLink(at: summary, withDestinationURL: target)
            let result = try await TrackBenchExecutable.run(
                ["check", "--baseline", baseline.path] + rawAndKalman, environment: ["GITHUB_STEP_SUMMARY": summary.path]
            )
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains(
                "warning: will not write the job summary '\(summary.path)' (GITHUB_STEP_SUMMARY): it is a symbolic link, not a regular file"
            ))
            #expect(!FileManager.default.fileExists(atPath: target.path))
        }
    }

    @Test func aShardWithNoUnitOfTheSuitePassesSayingItComparedNothing() async throws {
        try await withTemporaryFolder { folder in
            // The default suite has 72 units under one seed: shard 80 of 96 holds none.
            let baseline = try await writeBaseline(in: folder)
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--shard", "80/96"] + rawAndKalman)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("shard 80/96 holds no unit of this suite"))
            #expect(result.standardOutput.contains("compared nothing"))
        }
    }

    @Test func aBaselineOfAFilterProcessNamesTheFilterArgumentsToPassInsteadOfReRecording() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            // The kalman rows relabelled as a filter process's, as a baseline recorded with --filter 'mine=exec:...' holds them.
            var lines = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n").map(String.init)
            let spec = try #require(lines[1].split(separator: ",").firstIndex(of: "filter_spec"))
            for index in lines.indices.dropFirst(2) {
                var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard fields[1] == "kalman" else { continue }
                fields[1] = "mine"
                fields[spec] = "exec:./my-filter --fast"
                lines[index] = fields.joined(separator: ",")
            }
            try (lines.joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path])
            #expect(result.status == 1)
            #expect(result.standardError.contains(
                "holds the filter process 'mine' (exec:), which check starts only when --filter names it: "
                    + "rerun with --filter raw --filter 'mine=exec:./my-filter --fast'"
            ), "\(result.standardError)")
            #expect(!result.standardError.contains("--update-baseline"))
        }
    }

    @Test func aToleranceRepeatedForOneMetricIsAUsageError() async throws {
        let result = try await TrackBenchExecutable.run(["check", "--tolerance", "lag_s=0.2", "--tolerance", "lag_s=0.3"])
        #expect(result.status == 64)
        #expect(result.standardError.contains(
            "option '--tolerance' got 'lag_s=0.3', expected each metric once, and lag_s was already given 0.2; keep the one you mean."
        ))
    }

    @Test func badTolerancesAreUsageErrors() async throws {
        let result = try await TrackBenchExecutable.run(["check", "--tolerance", "lag=1"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("METRIC=X with METRIC one of error_pct"))
    }
}

/// What `check --update-baseline` will and will not replace.
struct UpdateBaselineTests {
    @Test(arguments: ["symbolic link", "FIFO", "notes"])
    func updateBaselineRefusesToReplaceWhatIsNotAResultsFile(kind: String) async throws {
        try await withTemporaryFolder { folder in
            let notes = folder.appendingPathComponent("notes.txt")
            try "my notes\n".write(to: notes, atomically: false, encoding: .utf8)
            let baseline = kind == "notes" ? notes : folder.appendingPathComponent("baseline.csv")
            switch kind {
            case "symbolic link": try FileManager.default.createSymbolicLink(at: baseline, withDestinationURL: notes)
            case "FIFO": #expect(mkfifo(baseline.path, 0o644) == 0)
            default: break
            }
            let result = try await TrackBenchExecutable.run(["check", "--update-baseline", "--baseline", baseline.path, "--filter", "raw"])
            #expect(result.status == 1)
            #expect(result.standardError.contains("will not replace '\(baseline.path)' with a baseline: it is a"), "\(result.standardError)")
            #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes\n")
            #expect(AtomicFileKind.isSymbolicLink(baseline) == (kind == "symbolic link"))
        }
    }

    /// As root it once replaced `/dev/null` with a regular file; the check comes before anything is run or written.
    @Test func updateBaselineRefusesADeviceAndLeavesItADevice() async throws {
        let result = try await TrackBenchExecutable.run(["check", "--update-baseline", "--baseline", "/dev/null", "--filter", "raw"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("will not replace '/dev/null' with a baseline: it is a device"), "\(result.standardError)")
        var status = stat()
        #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func updateBaselineReplacesAResultsFileOfAnOldSchemaWithANote() async throws {
        try await withTemporaryFolder { folder in
            let baseline = folder.appendingPathComponent("baseline.csv")
            try "# trackbench-results schema=1 suite=default\nscenario,filter\n".write(to: baseline, atomically: false, encoding: .utf8)
            let result = try await TrackBenchExecutable.run([
                "check", "--update-baseline", "--seed", "100", "--baseline", baseline.path, "--filter", "raw",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains("note: replacing '\(baseline.path)', which this TrackBench cannot read"))
            #expect(try String(contentsOf: baseline, encoding: .utf8).hasPrefix("# trackbench-results schema=3 "))
        }
    }
}

/// Whether a path is a symbolic link, read without following it.
private enum AtomicFileKind {
    static func isSymbolicLink(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }
}
