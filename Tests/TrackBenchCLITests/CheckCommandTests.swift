import Foundation
import Testing

/// `trackbench check` end to end: the gate's verdicts and exit codes.
struct CheckCommandTests {
    /// Writes a fresh baseline of raw and kalman on the default suite into `folder`.
    private func writeBaseline(in folder: URL) async throws -> URL {
        let baseline = folder.appendingPathComponent("baseline.csv")
        let result = try await TrackBenchExecutable.run(
            ["check", "--update-baseline", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman"]
        )
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Wrote 108 results"))
        return baseline
    }

    /// The baseline with one field of the first row whose filter is `filter` replaced.
    private func edit(_ baseline: URL, filter: String, column: String, to value: String) throws {
        var lines = try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        let columnIndex = try #require(header.firstIndex(of: column))
        let rowIndex = try #require(lines.indices.first { $0 > 0 && lines[$0].split(separator: ",")[1] == filter })
        var fields = lines[rowIndex].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[columnIndex] = value
        lines[rowIndex] = fields.joined(separator: ",")
        try (lines.joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)
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
            #expect(result.standardOutput.contains("PASSED: no regressions"))
            #expect(try String(contentsOf: summary, encoding: .utf8).contains("PASSED: no regressions"))
        }
    }

    @Test func failsWithExitTwoNamingTheScenarioAndMetricThatGotWorse() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            // Pretend kalman used to be exact on the first scenario: today's result is then worse.
            try edit(baseline, filter: "kalman", column: "estimated_distance_m", to: "999.997")
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman"])
            #expect(result.status == 2)
            #expect(result.standardOutput.contains("FAILED: 1 regressions in 1 scenarios (`kalman`)"))
            #expect(result.standardOutput.contains("| `loop-1000m-1.4mps-strong` | `kalman` | `error_pct` |"))
        }
    }

    @Test func reportsImprovementsAndFailsOnThemOnlyInStrictMode() async throws {
        try await withTemporaryFolder { folder in
            let baseline = try await writeBaseline(in: folder)
            try edit(baseline, filter: "kalman", column: "position_rmse_m", to: "99.000")
            let arguments = ["check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman"]
            let lenient = try await TrackBenchExecutable.run(arguments)
            #expect(lenient.status == 0)
            #expect(lenient.standardOutput.contains("### Improvements (1)") && lenient.standardOutput.contains("--update-baseline"))
            let strict = try await TrackBenchExecutable.run(arguments + ["--strict"])
            #expect(strict.status == 2)
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
            try edit(baseline, filter: "raw", column: "noisy_distance_m", to: "12x")
            let result = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path])
            #expect(result.status == 1)
            #expect(result.standardError.contains("line 2: column 'noisy_distance_m' expected a number, got '12x'"))
            let missing = try await TrackBenchExecutable.run(["check", "--baseline", folder.appendingPathComponent("none.csv").path])
            #expect(missing.status == 1 && missing.standardError.contains("no such file"))
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
                ["run", "--scenarios", "Scenarios/hard.json", "--filter", "raw", "--filter", "accuracy-gate+speed-plausibility-gate",
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
            let update = try await TrackBenchExecutable.run(arguments + ["--update-baseline"], executable: "team-filter-benchmark")
            #expect(update.status == 0)
            let check = try await TrackBenchExecutable.run(arguments, executable: "team-filter-benchmark")
            #expect(check.status == 0 && check.standardOutput.contains("PASSED"))
            // The stock trackbench does not know the team's filter: the spec is rejected.
            let stock = try await TrackBenchExecutable.run(arguments)
            #expect(stock.status == 64 && stock.standardError.contains("unknown filter 'speed-plausibility-gate'"))
        }
    }
}
