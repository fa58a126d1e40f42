import Foundation
import Testing

/// `trackbench compare` end to end.
struct CompareCommandTests {
    @Test func compareShowsDeltasAndItsOutputOptionWritesTheSameReportWithAChart() async throws {
        try await withTemporaryFolder { folder in
            let first = folder.appendingPathComponent("a")
            let second = folder.appendingPathComponent("b")
            let runA = try await TrackBenchExecutable.run(["run", "--seed", "100", "--filter", "mine=kalman:q=3", "--output", first.path])
            let runB = try await TrackBenchExecutable.run(["run", "--seed", "100", "--filter", "mine=kalman:q=5", "--output", second.path])
            #expect(runA.status == 0 && runB.status == 0)
            let result = try await TrackBenchExecutable.run([
                "compare", first.appendingPathComponent("results.csv").path, second.appendingPathComponent("results.csv").path,
                "--by", "speed",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("### all scenarios") && result.standardOutput.contains("### speed 1.4 m/s"))
            let row = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("| `mine`") })
            // q = 3 -> 5 raises the mean absolute distance error from 0.760 % to 0.778 % under seed 100.
            #expect(row.contains("0.760 -> 0.778 (+0.018)"))

            // --output writes the printed report and its chart, and says where.
            let output = folder.appendingPathComponent("comparison")
            let written = try await TrackBenchExecutable.run([
                "compare", first.appendingPathComponent("results.csv").path, second.appendingPathComponent("results.csv").path,
                "--by", "speed", "--output", output.path,
            ])
            #expect(written.status == 0, "\(written.standardError)")
            let markdown = try String(contentsOf: output.appendingPathComponent("comparison.md"), encoding: .utf8)
            let svg = try String(contentsOf: output.appendingPathComponent("comparison.svg"), encoding: .utf8)
            #expect(result.standardOutput == markdown + "\n")
            #expect(written.standardOutput == markdown + "\nWrote \(output.path)/comparison.md and \(output.path)/comparison.svg.\n")
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(svg.contains(">mine</text>") && svg.contains(">speed 1.4 m/s</text>"))
        }
    }

    @Test func compareOutputThatIsAFileIsAnErrorNamingItAndPrintsNothing() async throws {
        try await withTemporaryFolder { folder in
            let taken = folder.appendingPathComponent("taken")
            try "not a folder\n".write(to: taken, atomically: true, encoding: .utf8)
            let result = try await TrackBenchExecutable.run(["compare", "Results/results.csv", "Results/baseline.csv", "--output", taken.path])
            #expect(result.status == 1)
            #expect(
                result.standardError.contains("cannot create output folder '\(taken.path)': '\(taken.path)' is a file, not a folder"),
                "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
            #expect(try String(contentsOf: taken, encoding: .utf8) == "not a folder\n")
        }
    }

    @Test func compareNamesAMalformedFile() async throws {
        try await withTemporaryFolder { folder in
            let bad = folder.appendingPathComponent("bad.csv")
            try "scenario,filter\nx,y\n".write(to: bad, atomically: true, encoding: .utf8)
            let result = try await TrackBenchExecutable.run(["compare", "Results/results.csv", bad.path])
            #expect(result.status == 1)
            #expect(result.standardError.contains("bad.csv', line 1: expected the context line"), "\(result.standardError)")
        }
    }

    @Test func compareRefusesFilesThatShareNoResult() async throws {
        try await withTemporaryFolder { folder in
            let run = try await TrackBenchExecutable.run(["run", "--seed", "7", "--filter", "raw", "--output", folder.path])
            #expect(run.status == 0)
            let result = try await TrackBenchExecutable.run(["compare", "Results/results.csv", folder.appendingPathComponent("results.csv").path])
            #expect(result.status == 1)
            #expect(result.standardError.contains("share no result"), "\(result.standardError)")
        }
    }
}
