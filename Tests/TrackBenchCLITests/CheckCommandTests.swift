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
        #expect(result.standardOutput.contains("Wrote 108 results"))
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

    @Test func passesAgainstABaselineOfTheSameCode() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let summary = folder.appendingPathComponent("summary.md")
            let result = try await TrackBenchExecutable.run(
                ["check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman"],
                environment: ["GITHUB_STEP_SUMMARY": summary.path]
            )
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.contains("PASSED: no regressions"))
            #expect(try String(contentsOf: summary, encoding: .utf8).contains("PASSED: no regressions"))
        }
    }

    @Test func failsWithExitTwoNamingTheScenarioAndMetricThatGotWorse() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            // Pretend kalman used to be exact on the first scenario (999.997 m long): today's result is then worse.
            try edit(baseline, filter: "kalman", ["estimated_distance_m": "999.997", "error_pct": "0.0000", "improved": "true"])
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman"])
            #expect(result.status == 2)
            #expect(result.standardOutput.contains("FAILED: 1 regressions in 1 scenarios (`kalman`)"))
            #expect(result.standardOutput.contains("| `loop-1000m-1.4mps-strong` | `kalman` | 100 | `error_pct` | 0.0000 |"))
        }
    }

    @Test func reportsImprovementsAndFailsOnThemOnlyInStrictMode() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            try edit(baseline, filter: "kalman", ["position_rmse_m": "99.000"])
            let arguments = ["check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman"]
            let lenient = try await TrackBenchExecutable.run(arguments)
            #expect(lenient.status == 0)
            #expect(lenient.standardOutput.contains("### Improvements (1)") && lenient.standardOutput.contains("--update-baseline"))
            let strict = try await TrackBenchExecutable.run(arguments + ["--strict"])
            #expect(strict.status == 4)
            #expect(strict.standardOutput.contains("FAILED (baseline stale)"))
        }
    }

    @Test func reportsFiltersThatAppearOrDisappear() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman:q=4"])
            #expect(result.status == 2)
            #expect(result.standardOutput.contains("### Missing from this run (54)"))
            #expect(result.standardOutput.contains("### New in this run (54)"))
        }
    }

    @Test func corruptedBaselineFailsWithExitOneNamingTheLine() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            try edit(baseline, filter: "raw", ["noisy_distance_m": "12x"])
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path])
            #expect(result.status == 1)
            #expect(result.standardError.contains("line 3: column 'noisy_distance_m' expected a number, got '12x'"))
            let missing = try await TrackBenchExecutable.run(["check", "--baseline", folder.appendingPathComponent("none.csv").path])
            #expect(missing.status == 1 && missing.standardError.contains("no such file"))
        }
    }

    @Test(arguments: ["\r\n", "\r"])
    func aBaselineWithOtherLineEndingsIsComparedInFull(ending: String) async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            try edit(baseline, filter: "kalman", ["estimated_distance_m": "999.997", "error_pct": "0.0000", "improved": "true"])
            let text = try String(contentsOf: baseline, encoding: .utf8)
            try ("\u{FEFF}" + text.replacingOccurrences(of: "\n", with: ending)).write(to: baseline, atomically: true, encoding: .utf8)
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + rawAndKalman)
            #expect(result.status == 2, "\(result.standardError)")
            #expect(result.standardOutput.contains("over 108 results"))
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
            let otherSuite = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--scenarios", "Scenarios/hard.json"] + rawAndKalman)
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
                line.split(separator: ",", omittingEmptySubsequences: false).enumerated().filter { $0.offset != kept || line.hasPrefix("#") }.map(\.element).joined(separator: ",")
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

    @Test func badTolerancesAreUsageErrors() async throws {
        let result = try await TrackBenchExecutable.run(["check", "--tolerance", "lag=1"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("METRIC=X with METRIC one of error_pct"))
    }
}

/// A filter defined outside the library, registered by a team's own executable.
struct ExternalFilterTests {
    @Test func teamExecutableListsAndRunsItsOwnFilter() async throws {
        let list = try await TrackBenchExecutable.run(["list"], executable: "team-filter-benchmark")
        #expect(list.status == 0 && list.standardOutput.contains("speed-plausibility-gate"))
        try await withTemporaryFolder { folder in
            let run = try await TrackBenchExecutable.run(
                ["run", "--seed", "100", "--scenarios", "Scenarios/hard.json", "--filter", "raw", "--filter", "accuracy-gate+speed-plausibility-gate",
                 "--output", folder.path],
                executable: "team-filter-benchmark"
            )
            #expect(run.status == 0, "\(run.standardError)")
            let rows = try String(contentsOf: folder.appendingPathComponent("results.csv"), encoding: .utf8).split(separator: "\n")
            #expect(rows.filter { $0.contains(",accuracy-gate+speed-plausibility-gate,") }.count == 48)
        }
    }

    @Test func teamExecutableGatesItsOwnFilterAgainstABaseline() async throws {
        try await withTemporaryFolder { folder in
            let baseline = folder.appendingPathComponent("team-baseline.csv")
            let arguments = ["check", "--baseline", baseline.path, "--filter", "speed-plausibility-gate:max-speed=8"]
            let update = try await TrackBenchExecutable.run(arguments + ["--update-baseline", "--seed", "100"], executable: "team-filter-benchmark")
            #expect(update.status == 0)
            let check = try await TrackBenchExecutable.run(arguments, executable: "team-filter-benchmark")
            #expect(check.status == 0 && check.standardOutput.contains("PASSED"))
            // The stock trackbench does not know the team's filter: the spec is rejected.
            let stock = try await TrackBenchExecutable.run(arguments)
            #expect(stock.status == 64 && stock.standardError.contains("unknown filter 'speed-plausibility-gate'"))
        }
    }
}
