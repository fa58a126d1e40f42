import Foundation
import Testing

/// Where `run` and `merge` write without `--output`: only a suite's default run replaces its committed reports;
/// any other run goes to `Results/local` and says so. Each test works in a temporary folder laid out like the
/// repository (a one-scenario `Scenarios/default.json`, a `Scenarios/mini.json`, and committed-looking results).
struct ResultsFolderTests {
    /// What the fake committed `results.csv` files hold, to see whether a run wrote over them.
    private static let committed = "committed results\n"

    /// Lays out `folder` like the repository, with suites small enough to run under the default seeds in a moment.
    private static func makeRepository(in folder: URL) throws {
        let url = TrackBenchExecutable.packageRoot.appendingPathComponent("Scenarios/default.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["pathTypes"] = ["loop"]
        object["distancesMeters"] = [1000]
        object["speedsMetersPerSecond"] = [2.8]
        object["signals"] = Array(try #require(object["signals"] as? [[String: Any]]).prefix(1))
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent("Scenarios/default.json"))
        object["name"] = "mini"
        try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent("Scenarios/mini.json"))
        for committedFolder in ["Results", "Results/mini"] {
            try manager.createDirectory(at: folder.appendingPathComponent(committedFolder), withIntermediateDirectories: true)
            try Data(committed.utf8).write(to: folder.appendingPathComponent("\(committedFolder)/results.csv"))
        }
    }

    private static func contents(_ path: String, in folder: URL) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(arguments: [["--filter", "raw"], ["--seed", "101"], ["--seeds", "100...101"], ["--filter", "raw", "--filter", "kalman", "--seed", "100"]])
    func aRunWithOtherFiltersOrSeedsWritesIntoResultsLocalAndSaysSo(options: [String]) async throws {
        try await withTemporaryFolder { folder in
            try Self.makeRepository(in: folder)
            let result = try await TrackBenchExecutable.run(["run"] + options, in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Self.contents("Results/results.csv", in: folder) == Self.committed)
            #expect(Self.contents("Results/local/results.csv", in: folder)?.hasPrefix("# trackbench-results schema=3 suite=default ") == true)
            #expect(Self.contents("Results/local/report.md", in: folder) != nil)
            let printed = result.standardOutput
            #expect(printed.contains("Wrote Results/local/results.csv, Results/local/report.md"), "\(printed)")
            #expect(printed.contains("Not the suite's default run ("), "\(printed)")
            #expect(
                printed.contains("so it wrote into Results/local, not the default run's Results; give --output Results to write there."), "\(printed)"
            )
        }
    }

    @Test func theNoteSaysHowTheRunDiffersAsTheCommandLinePageShows() async throws {
        try await withTemporaryFolder { folder in
            try Self.makeRepository(in: folder)
            let result = try await TrackBenchExecutable.run(["run", "--filter", "kalman", "--seed", "7"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("(filters kalman, not every default filter; seed 7, not 100...109)"), "\(result.standardOutput)")
            // The page shows a run of the whole default suite; the lines after its first depend only on the options.
            let page = try String(contentsOf: TrackBenchExecutable.packageRoot.appendingPathComponent("Docs/command-line.md"), encoding: .utf8)
            let shown = page.split(separator: "\n").filter { $0.hasPrefix("Wrote Results/local/") || $0.hasPrefix("Not the suite's default run") }
            #expect(shown.count == 2, "Docs/command-line.md shows no trial run")
            for line in shown {
                #expect(result.standardOutput.contains(line + "\n"), "Docs/command-line.md shows a line run does not print: \(line)")
            }
        }
    }

    @Test(arguments: [[], ["--seeds", "100...109"], ["--scenarios", "./Scenarios/../Scenarios/default.json"]])
    func theDefaultRunStillReplacesTheCommittedReports(options: [String]) async throws {
        try await withTemporaryFolder { folder in
            try Self.makeRepository(in: folder)
            let result = try await TrackBenchExecutable.run(["run"] + options, in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Self.contents("Results/results.csv", in: folder)?.hasPrefix("# trackbench-results schema=3 suite=default ") == true)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Results/local").path))
            #expect(result.standardOutput.contains("Wrote Results/results.csv"), "\(result.standardOutput)")
            #expect(!result.standardOutput.contains("Not the suite's default run"))
        }
    }

    @Test func anotherSuitesTrialRunGoesToItsOwnLocalFolder() async throws {
        try await withTemporaryFolder { folder in
            try Self.makeRepository(in: folder)
            let result = try await TrackBenchExecutable.run(["run", "--scenarios", "Scenarios/mini.json", "--filter", "raw"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Self.contents("Results/mini/results.csv", in: folder) == Self.committed)
            #expect(Self.contents("Results/local/mini/results.csv", in: folder)?.hasPrefix("# trackbench-results schema=3 suite=mini ") == true)
            #expect(result.standardOutput.contains("give --output Results/mini to write there."), "\(result.standardOutput)")
        }
    }

    @Test func aCopyOfTheDefaultSuiteElsewhereDoesNotReplaceTheCommittedReports() async throws {
        try await withTemporaryFolder { folder in
            try Self.makeRepository(in: folder)
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent("Scenarios/default.json"), to: folder.appendingPathComponent("edited.json"))
            let result = try await TrackBenchExecutable.run(["run", "--scenarios", "edited.json"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Self.contents("Results/results.csv", in: folder) == Self.committed)
            #expect(result.standardOutput.contains("('edited.json' is not Scenarios/default.json)"), "\(result.standardOutput)")
        }
    }

    @Test func aFileElsewhereNamedForAnotherShippedSuiteDoesNotReplaceItsCommittedReports() async throws {
        try await withTemporaryFolder { folder in
            try Self.makeRepository(in: folder)
            try FileManager.default.copyItem(
                at: folder.appendingPathComponent("Scenarios/mini.json"), to: folder.appendingPathComponent("suite-mini.json"))
            let result = try await TrackBenchExecutable.run(["run", "--scenarios", "suite-mini.json"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Self.contents("Results/mini/results.csv", in: folder) == Self.committed)
            #expect(Self.contents("Results/local/mini/results.csv", in: folder)?.hasPrefix("# trackbench-results schema=3 suite=mini ") == true)
            #expect(result.standardOutput.contains("('suite-mini.json' is not Scenarios/mini.json)"), "\(result.standardOutput)")
            // The suite's own file still writes its committed folder.
            let own = try await TrackBenchExecutable.run(["run", "--scenarios", "Scenarios/mini.json"], in: folder)
            #expect(own.status == 0, "\(own.standardError)")
            #expect(Self.contents("Results/mini/results.csv", in: folder)?.hasPrefix("# trackbench-results schema=3 suite=mini ") == true)
        }
    }

    @Test(arguments: ["local", "plots", "Local"])
    func aSuiteNamedForAFolderOfResultsIsRefused(name: String) async throws {
        try await withTemporaryFolder { folder in
            try Self.makeRepository(in: folder)
            let url = folder.appendingPathComponent("Scenarios/mini.json")
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            object["name"] = name
            try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent("Scenarios/\(name).json"))
            let result = try await TrackBenchExecutable.run(["run", "--scenarios", "Scenarios/\(name).json"], in: folder)
            #expect(result.status == 1)
            #expect(
                result.standardError.contains("key 'name': expected a name other than 'local' and 'plots', which are the folders of Results"),
                "\(result.standardError)"
            )
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Results/\(name)/results.csv").path))
            #expect(Self.contents("Results/results.csv", in: folder) == Self.committed)
        }
    }

    @Test func anOutputFolderIsWrittenAsGivenWithoutANote() async throws {
        try await withTemporaryFolder { folder in
            try Self.makeRepository(in: folder)
            let result = try await TrackBenchExecutable.run(["run", "--filter", "raw", "--output", "Results"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Self.contents("Results/results.csv", in: folder)?.hasPrefix("# trackbench-results ") == true)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Results/local").path))
            #expect(!result.standardOutput.contains("Not the suite's default run"))
        }
    }

    @Test(arguments: ["run", "merge"])
    func helpSaysWhereARunThatIsNotTheDefaultOneWrites(command: String) async throws {
        let result = try await TrackBenchExecutable.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Results/local[/<suite name>] when "), "\(result.standardOutput)")
    }

    @Test func trialShardsAndTheirMergeStayInResultsLocal() async throws {
        try await withTemporaryFolder { folder in
            try Self.makeRepository(in: folder)
            for index in 1...2 {
                let shard = try await TrackBenchExecutable.run(["run", "--filter", "raw", "--shard", "\(index)/2"], in: folder)
                #expect(shard.status == 0, "\(shard.standardError)")
                #expect(shard.standardOutput.contains("Wrote the partial Results/local/shard-\(index)-of-2/results.csv."), "\(shard.standardOutput)")
            }
            let merge = try await TrackBenchExecutable.run(["merge", "Results/local/shard-1-of-2", "Results/local/shard-2-of-2"], in: folder)
            #expect(merge.status == 0, "\(merge.standardError)")
            #expect(Self.contents("Results/results.csv", in: folder) == Self.committed)
            #expect(Self.contents("Results/local/results.csv", in: folder)?.hasPrefix("# trackbench-results schema=3 suite=default ") == true)
            #expect(merge.standardOutput.contains("(filters raw, not every default filter)"), "\(merge.standardOutput)")
        }
    }
}
