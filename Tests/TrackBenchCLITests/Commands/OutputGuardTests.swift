import Foundation
import Testing

/// An output option never writes over one of the command's own inputs: given a path that is (or, for a folder,
/// holds as a file it would write) an input, spelled directly, through `..` or through a symbolic link, the
/// command is refused as a usage error naming the option and the input, and the input is left as it was.
struct OutputGuardTests {
    /// What each input holds, to see that a refused command left it alone.
    private static let inputs = [
        "B.csv": "baseline bytes\n", "S.json": "scenario bytes\n", "suite.json": "suite bytes\n", "comparison.md": "results bytes\n",
        "dir/results.csv": "scenario bytes\n",
    ]

    /// Lays out the inputs in `folder`, a link `link.csv` to `B.csv`, and an empty `sub` folder.
    private static func makeInputs(in folder: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for (name, text) in inputs {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        // `run` loads the suite before it knows where it writes: a real scenario file, named as a results file would be.
        try Data(contentsOf: TrackBenchExecutable.packageRoot.appendingPathComponent("Scenarios/default.json"))
            .write(to: folder.appendingPathComponent("dir/results.csv"))
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("link.csv").path, withDestinationPath: "B.csv")
    }

    /// Command lines whose output is an input, the option and the input the message names.
    private static let overwritingCommands: [(arguments: [String], option: String, input: String)] = [
        (["check", "--baseline", "B.csv", "--results", "B.csv", "--junit", "B.csv"], "--junit", "B.csv"),
        (["check", "--baseline", "B.csv", "--junit", "sub/../B.csv"], "--junit", "B.csv"),
        (["check", "--baseline", "B.csv", "--junit", "link.csv"], "--junit", "B.csv"),
        (["check", "--scenarios", "S.json", "--junit", "./S.json"], "--junit", "S.json"),
        (["check", "--update-baseline", "--scenarios", "S.json", "--baseline", "S.json"], "--baseline", "S.json"),
        (["fidelity", "suite.json", "--output", "suite.json"], "--output", "suite.json"),
        (["run", "--scenarios", "dir/results.csv", "--filter", "raw", "--output", "dir"], "--output", "dir/results.csv"),
        (["compare", "comparison.md", "B.csv", "--output", "."], "--output", "comparison.md"),
    ]

    @Test(arguments: overwritingCommands)
    func anOutputThatNamesAnInputIsAUsageErrorAndLeavesTheInput(arguments: [String], option: String, input: String) async throws {
        try await withTemporaryFolder { folder in
            try Self.makeInputs(in: folder)
            let scenarioBytes = try Data(contentsOf: folder.appendingPathComponent("dir/results.csv"))
            let result = try await TrackBenchExecutable.run(arguments, in: folder)
            #expect(result.status == 64, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardError.contains("option '\(option)' got '"), "\(result.standardError)")
            #expect(result.standardError.contains("which would write over '\(input)', an input of this command ("), "\(result.standardError)")
            for (name, text) in Self.inputs where name != "dir/results.csv" {
                #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == text, "\(name) was written over")
            }
            #expect(try Data(contentsOf: folder.appendingPathComponent("dir/results.csv")) == scenarioBytes)
        }
    }

    @Test func mergeRefusesToWriteIntoAPartsFolderAndWritesElsewhere() async throws {
        try await withTemporaryFolder { folder in
            let suite = TrackBenchExecutable.packageRoot.appendingPathComponent("Examples/Recordings/suite.json").path
            var parts: [String] = []
            for index in 1...2 {
                let part = folder.appendingPathComponent("p\(index)").path
                let result = try await TrackBenchExecutable.run(
                    ["run", "--scenarios", suite, "--filter", "raw", "--shard", "\(index)/2", "--output", part, "--no-progress"]
                )
                #expect(result.status == 0, "\(result.standardError)")
                parts.append(part)
            }
            let first = try Data(contentsOf: folder.appendingPathComponent("p1/results.csv"))
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("alias").path, withDestinationPath: "p2")
            for output in [parts[0], folder.appendingPathComponent("alias").path + "/"] {
                let refused = try await TrackBenchExecutable.run(["merge"] + parts + ["--scenarios", suite, "--output", output])
                #expect(refused.status == 64, "\(refused.standardError)")
                #expect(refused.standardError.contains("results.csv', an input of this command (part "), "\(refused.standardError)")
            }
            #expect(try Data(contentsOf: folder.appendingPathComponent("p1/results.csv")) == first)
            let merged = try await TrackBenchExecutable.run(
                ["merge"] + parts + ["--scenarios", suite, "--output", folder.appendingPathComponent("merged").path]
            )
            #expect(merged.status == 0, "\(merged.standardError)")
        }
    }
}
