import Foundation
import Testing

/// `trackbench sweep` end to end, and `export`'s file names.
struct SweepCommandTests {
    @Test func sweepFindsTheBestValueAndWritesItsTable() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run(["sweep", "kalman", "q=1,3,5", "--seed", "100", "--output", folder.path])
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
            #expect(
                result.standardOutput.contains("q = \(rows[best][0]) has the best mean error_pct")
                    || result.standardOutput.contains("Best q = \(rows[best][0]) by error_pct"))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sweep.md").path))
        }
    }

    @Test func sweepTunesAParameterOfAPipelineStage() async throws {
        let result = try await TrackBenchExecutable.run(["sweep", "accuracy-gate+kalman", "q=2,4", "--seed", "100", "--by", "lag_s"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("## Sweep of `q` for `accuracy-gate+kalman`"))
        // More process noise follows the runner more closely: less lag.
        #expect(result.standardOutput.contains("Best q = 4 by lag_s"))
    }

    @Test(arguments: [
        (["sweep", "kalman", "r=1,2"], "a parameter of 'kalman'; it has q"),
        (["sweep", "kalman", "q=3...1:1"], "END must be >= START and STEP positive"),
        (["sweep", "kalman", "q=1,2", "--by", "speed"], "one of error_pct"),
        (["sweep", "kalman"], "'sweep' needs PARAMETER=VALUES"),
        (["sweep", "speed-ema", "alpha=0.5,2"], "parameter 'alpha' got '2', expected a number from 0 to 1"),
        (["sweep", "kalman", "q=0...1e10:1e-10"], "at most 1000 are allowed"),
        (["sweep", "kalman", "q=1,1.0"], "the value 1 appears twice"),
    ])
    func badSweepsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await TrackBenchExecutable.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("expected expected"))
    }

    @Test func exportRefusesLabelsThatWouldWriteTheSameFile() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run([
                "export", "loop-1000m-1.4mps-strong", "--output", folder.path, "--filter", "a/b=kalman", "--filter", "a_b=raw",
            ])
            #expect(result.status == 64)
            #expect(result.standardError.contains("'a/b' also writes estimated-a_b.csv"), "\(result.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }
}
