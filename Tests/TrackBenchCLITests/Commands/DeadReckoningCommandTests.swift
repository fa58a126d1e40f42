import Foundation
import Testing

/// The dead-reckoning suites end to end: export's step and heading streams, and the sensor filters joining a default run.
struct DeadReckoningCommandTests {
    @Test func exportWritesStepsAndHeadingsNextToTheFixes() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run([
                "export", "track-400m-jog-strong", "--scenarios", "Scenarios/dead-reckoning.json", "--output", folder.path, "--filter", "pdr-paper",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            #expect(files == ["true.csv", "noisy.csv", "steps.csv", "headings.csv", "estimated-pdr-paper.csv"])
            let steps = try String(contentsOf: folder.appendingPathComponent("steps.csv"), encoding: .utf8).split(separator: "\n")
            #expect(steps.first == "time_s,steps,gait" && steps.count > 20)
            let estimates = try String(contentsOf: folder.appendingPathComponent("estimated-pdr-paper.csv"), encoding: .utf8).split(separator: "\n")
            // The start, then one estimate per pedometer update.
            #expect(estimates.count == 1 + 1 + steps.count - 1)
        }
    }

    @Test func exportingAScenarioWithoutSensorsRemovesAnEarlierExportsSensorFilesOnly() async throws {
        try await withTemporaryFolder { folder in
            let first = try await TrackBenchExecutable.run([
                "export", "track-400m-jog-strong", "--scenarios", "Scenarios/dead-reckoning.json", "--output", folder.path,
            ])
            #expect(first.status == 0, "\(first.standardError)")
            // A file of the same name that TrackBench did not write stays.
            try "time_s,altitude_m\n1,2\n".write(to: folder.appendingPathComponent("barometer.csv"), atomically: true, encoding: .utf8)
            let second = try await TrackBenchExecutable.run(["export", "loop-1000m-4.2mps-strong", "--output", folder.path])
            #expect(second.status == 0, "\(second.standardError)")
            let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            #expect(files == ["true.csv", "noisy.csv", "barometer.csv"])
            #expect(
                second.standardOutput.contains("steps.csv, left by an earlier export")
                    && second.standardOutput.contains("headings.csv, left by an earlier export"))
        }
    }

    @Test func exportLeavesAFIFOAtASensorFileNameAloneWithoutBlockingOnIt() async throws {
        try await withTemporaryFolder { folder in
            let fifo = folder.appendingPathComponent("steps.csv")
            #expect(mkfifo(fifo.path, 0o644) == 0)
            let result = try await TrackBenchExecutable.run(["export", "loop-1000m-4.2mps-strong", "--output", folder.path])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["true.csv", "noisy.csv", "steps.csv"])
            let overwrite = try await TrackBenchExecutable.run([
                "export", "track-400m-jog-strong", "--scenarios", "Scenarios/dead-reckoning.json", "--output", folder.path,
            ])
            #expect(overwrite.status == 1)
            #expect(
                overwrite.standardError.contains("will not replace '\(fifo.path)': it is a FIFO (named pipe), not a regular file"),
                "\(overwrite.standardError)")
        }
    }

    @Test(arguments: ["export", "plot", "speed"])
    func theCommandsThatSimulateOneRunStateTheirSeedsDefault(command: String) async throws {
        let result = try await TrackBenchExecutable.run([command, "--help"])
        let line = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("  --seed <n>") }
        #expect(line?.contains("(default: 100)") == true, "\(result.standardOutput)")
    }

    @Test func aRunOnASuiteWithSensorsAddsTheDeadReckoningFilters() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run([
                "run", "--scenarios", "Scenarios/dead-reckoning.json", "--seed", "100", "--output", folder.path,
            ])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("48 scenarios x 16 filters"), "\(result.standardOutput)")
            let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
            #expect(report.contains("Endpoint cm/m") && report.contains("`pdr-per-step`"))
        }
    }

    @Test(arguments: [
        ["run", "--filter", "raw", "--filter", "pdr-paper", "--seed", "100", "--output", "OUT"],
        ["check", "--filter", "accuracy-gate+pdr-fusion", "--seed", "100"],
        ["sweep", "pdr-per-step", "walk-stride=0.5,0.6", "--seed", "100", "--output", "OUT"],
        ["export", "loop-1000m-4.2mps-strong", "--filter", "pdr-paper", "--output", "OUT"],
        ["plot", "loop-1000m-4.2mps-strong", "--filter", "pdr-paper", "--output", "OUT"],
        ["speed", "--filter", "pdr-paper", "--repeat", "1"],
    ])
    func aDeadReckoningFilterOnASuiteWithoutSensorsIsAUsageError(command: [String]) async throws {
        try await withTemporaryFolder { folder in
            let arguments = command.map { $0 == "OUT" ? folder.path : $0 } + ["--scenarios", "Scenarios/default.json"]
            let result = try await TrackBenchExecutable.run(arguments)
            #expect(result.status == 64, "\(result.standardOutput)")
            let filter = command[0] == "sweep" ? "pdr-per-step" : command[0] == "check" ? "accuracy-gate+pdr-fusion" : "pdr-paper"
            #expect(
                result.standardError.contains("filter '\(filter)'") && result.standardError.contains("'Scenarios/default.json' have none")
                    && result.standardError.contains("Scenarios/dead-reckoning.json"),
                "\(result.standardError)"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }
}
