import Foundation
import Testing

/// `run --shard`, `merge`, `check --results` and `check --shard` end to end: a sharded CI matrix gives the unsharded verdict.
struct ShardCommandTests {
    private let runArguments = ["run", "--seed", "100", "--filter", "raw", "--filter", "kalman"]

    @Test func fourShardsMergedWriteTheUnshardedResultsAndReports() async throws {
        try await withTemporaryFolder { folder in
            let whole = folder.appendingPathComponent("whole")
            let unsharded = try await TrackBenchExecutable.run(runArguments + ["--output", whole.path])
            #expect(unsharded.status == 0)
            var parts: [String] = []
            for index in [3, 1, 4, 2] {
                let part = folder.appendingPathComponent("part\(index)")
                let result = try await TrackBenchExecutable.run(runArguments + ["--shard", "\(index)/4", "--output", part.path])
                #expect(result.status == 0, "\(result.standardError)")
                #expect(result.standardOutput.contains("Ran shard \(index)/4"))
                #expect(!FileManager.default.fileExists(atPath: part.appendingPathComponent("report.md").path))
                parts.append(part.path)
            }
            let merged = folder.appendingPathComponent("merged")
            let merge = try await TrackBenchExecutable.run(["merge"] + parts + ["--output", merged.path])
            #expect(merge.status == 0, "\(merge.standardError)")
            #expect(merge.standardOutput.contains("\(merged.path)/ranking.svg and \(merged.path)/report.html."), "\(merge.standardOutput)")
            for file in ["results.csv", "report.md", "ranking.svg", "report.html"] {
                let expected = try Data(contentsOf: whole.appendingPathComponent(file))
                #expect(try Data(contentsOf: merged.appendingPathComponent(file)) == expected, "\(file) differs")
            }
            // The gate judges the merged file like a run of its own.
            let baseline = folder.appendingPathComponent("baseline.csv")
            let record = try await TrackBenchExecutable.run(
                ["check", "--update-baseline", "--baseline", baseline.path, "--results", merged.appendingPathComponent("results.csv").path]
            )
            #expect(record.status == 0, "\(record.standardError)")
            let check = try await TrackBenchExecutable.run(
                ["check", "--baseline", baseline.path, "--results", whole.appendingPathComponent("results.csv").path]
            )
            #expect(check.status == 0 && check.standardOutput.contains("144 results paired"), "\(check.standardOutput)\(check.standardError)")
            // A shard's own gate compares only its share.
            let shardCheck = try await TrackBenchExecutable.run([
                "check", "--baseline", baseline.path, "--filter", "raw", "--filter", "kalman", "--shard", "2/4",
            ])
            #expect(shardCheck.status == 0, "\(shardCheck.standardOutput)\(shardCheck.standardError)")
            #expect(!shardCheck.standardOutput.contains("Missing"))
            // A missing part, or a shard given where a whole run is needed, is an error naming it.
            let missing = try await TrackBenchExecutable.run(["merge"] + parts.dropLast() + ["--output", folder.appendingPathComponent("bad").path])
            #expect(missing.status == 1 && missing.standardError.contains("shard 2/4 is missing"), "\(missing.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad").path))
            let partial = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path, "--results", parts[0] + "/results.csv"])
            #expect(partial.status == 1 && partial.standardError.contains("holds only shard 3/4"))
        }
    }

    /// A filter process's timing comes from its hello, which `merge` never sees: the parts record it, so the merged
    /// reports mark and name the best online filter as the unsharded run's do.
    @Test func mergedShardsOfAFilterProcessReportItsTimingAsTheUnshardedRun() async throws {
        guard FilterProcessCommandTests.isInstalled("python3") else { return }
        let arguments = [
            "run", "--scenarios", "Scenarios/hard.json", "--seed", "100", "--filter", "raw",
            "--filter", "median=exec:python3 Examples/FilterProcess/median.py 5", "--exec-timeout", FilterProcessCommandTests.patientTimeout,
        ]
        try await withTemporaryFolder { folder in
            let whole = folder.appendingPathComponent("whole")
            let unsharded = try await TrackBenchExecutable.run(arguments + ["--output", whole.path])
            #expect(unsharded.status == 0, "\(unsharded.standardError)")
            var parts: [String] = []
            for index in 1...2 {
                let part = folder.appendingPathComponent("part\(index)")
                let result = try await TrackBenchExecutable.run(arguments + ["--shard", "\(index)/2", "--output", part.path])
                #expect(result.status == 0, "\(result.standardError)")
                let first = try String(contentsOf: part.appendingPathComponent("results.csv"), encoding: .utf8).prefix { $0 != "\n" }
                #expect(first.hasSuffix(" shard=\(index)/2 process_timing=2:online"), "\(first)")
                parts.append(part.path)
            }
            let merged = folder.appendingPathComponent("merged")
            let merge = try await TrackBenchExecutable.run(["merge"] + parts + ["--scenarios", "Scenarios/hard.json", "--output", merged.path])
            #expect(merge.status == 0, "\(merge.standardError)")
            let report = try String(contentsOf: merged.appendingPathComponent("report.md"), encoding: .utf8)
            #expect(report.contains("Best overall and best online: `median`."), "\(report)")
            for file in ["results.csv", "report.md", "ranking.svg", "report.html"] {
                let expected = try Data(contentsOf: whole.appendingPathComponent(file))
                #expect(try Data(contentsOf: merged.appendingPathComponent(file)) == expected, "\(file) differs")
            }
        }
    }

    @Test(arguments: [["run", "--shard", "5/4"], ["run", "--shard", "x"], ["check", "--results", "a.csv", "--seed", "3"]])
    func badShardOptionsAreUsageErrors(arguments: [String]) async throws {
        let result = try await TrackBenchExecutable.run(arguments)
        #expect(result.status == 64, "\(result.standardError)")
    }
}
