import Foundation
import Testing

/// `trackbench sweep` and `trackbench compare` end to end.
struct SweepCommandTests {
    @Test func sweepFindsTheBestValueAndWritesItsTable() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run(["sweep", "kalman", "q=1,3,5", "--output", folder.path])
            #expect(result.status == 0, "\(result.standardError)")
            let csv = try String(contentsOf: folder.appendingPathComponent("sweep.csv"), encoding: .utf8)
            let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            #expect(rows.map { $0[0] } == ["1", "3", "5"])
            // The best row is the one with the smallest mean absolute distance error (column error_pct).
            let header = csv.split(separator: "\n")[0].split(separator: ",")
            let errorColumn = try #require(header.firstIndex(of: "error_pct"))
            let errors = rows.map { Double($0[errorColumn])! }
            let best = try #require(errors.indices.min { errors[$0] < errors[$1] })
            #expect(rows[best][1] == "true" && rows.filter { $0[1] == "true" }.count == 1)
            #expect(result.standardOutput.contains("Best q = \(rows[best][0]) by error_pct"))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sweep.md").path))
        }
    }

    @Test func sweepTunesAParameterOfAPipelineStage() async throws {
        let result = try await TrackBenchExecutable.run(["sweep", "accuracy-gate+kalman", "q=2,4", "--by", "lag_s"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("## Sweep of `q` for `accuracy-gate+kalman`"))
        // More process noise follows the runner more closely: less lag.
        #expect(result.standardOutput.contains("Best q = 4 by lag_s"))
    }

    @Test(arguments: [
        (["sweep", "kalman", "r=1,2"], "a parameter of 'kalman'; it has q"),
        (["sweep", "kalman", "q=3...1:1"], "expected END >= START and a positive STEP"),
        (["sweep", "kalman", "q=1,2", "--by", "speed"], "one of error_pct"),
        (["sweep", "kalman"], "'sweep' needs PARAMETER=VALUES"),
        (["sweep", "speed-ema", "alpha=0.5,2"], "parameter 'alpha' got '2', expected a number from 0 to 1"),
    ])
    func badSweepsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await TrackBenchExecutable.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func compareShowsDeltasBetweenTwoRuns() async throws {
        try await withTemporaryFolder { folder in
            let first = folder.appendingPathComponent("a")
            let second = folder.appendingPathComponent("b")
            let runA = try await TrackBenchExecutable.run(["run", "--filter", "mine=kalman:q=3", "--output", first.path])
            let runB = try await TrackBenchExecutable.run(["run", "--filter", "mine=kalman:q=5", "--output", second.path])
            #expect(runA.status == 0 && runB.status == 0)
            let result = try await TrackBenchExecutable.run([
                "compare", first.appendingPathComponent("results.csv").path, second.appendingPathComponent("results.csv").path,
                "--by", "speed",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("### all scenarios") && result.standardOutput.contains("### speed 1.4 m/s"))
            let row = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("| `mine`") })
            // q = 3 -> 5 lowers the mean absolute distance error from 0.931 % to 0.861 %.
            #expect(row.contains("0.931 -> 0.861 (-0.070)"))
        }
    }

    @Test func compareNamesAMalformedFile() async throws {
        try await withTemporaryFolder { folder in
            let bad = folder.appendingPathComponent("bad.csv")
            try "scenario,filter\nx,y\n".write(to: bad, atomically: true, encoding: .utf8)
            let result = try await TrackBenchExecutable.run(["compare", "Results/results.csv", bad.path])
            #expect(result.status == 1)
            #expect(result.standardError.contains("bad.csv") && result.standardError.contains("no 'fixes' column"))
        }
    }
}
