import Foundation
import Testing
import TrackBench

/// Help beyond each command's own, which `CommandHelpTests` checks for every declared command.
struct HelpTests {
    @Test func versionFlagPrintsTheVersionResultsRecordAndExitsZero() async throws {
        let expected = "trackbench \(ResultsContext.currentVersion)\n"
        let result = try await TrackBenchExecutable.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == expected)
    }

    @Test func versionAfterACommandIsAUsageErrorNamingIt() async throws {
        let result = try await TrackBenchExecutable.run(["run", "--version"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: unknown option '--version' for 'run'."))
    }

    @Test func helpCommandAndHelpFlagPrintTheSameText() async throws {
        async let viaCommand = TrackBenchExecutable.run(["help", "run"])
        async let viaFlag = TrackBenchExecutable.run(["run", "--help"])
        let (command, flag) = try await (viaCommand, viaFlag)
        #expect(command.standardOutput == flag.standardOutput)
        #expect(command.standardOutput.contains("--filter <spec>"))
        #expect(command.standardOutput.contains("--jobs <n>"))
    }

    @Test(arguments: ["--help", "-h"])
    func helpOfTheHelpCommandPrintsTheOverview(flag: String) async throws {
        async let asked = TrackBenchExecutable.run(["help", flag])
        async let overview = TrackBenchExecutable.run(["--help"])
        let (result, expected) = try await (asked, overview)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == expected.standardOutput)
        #expect(result.standardOutput.contains("\n  help            Show help for a command.\n"))
    }

    @Test func helpOfHelpPrintsItsUsage() async throws {
        let result = try await TrackBenchExecutable.run(["help", "help"])
        #expect(result.status == 0, "\(result.standardError)")
        let expected = "OVERVIEW: Show help for a command.\n\nUSAGE: trackbench help <command>\n"
        #expect(result.standardOutput.hasPrefix(expected), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("  <command>  The command to explain;"))
    }

    @Test(arguments: [["help", "run", "check"], ["help", "--help", "run"]])
    func helpGivenMoreThanOneArgumentIsAUsageError(arguments: [String]) async throws {
        let result = try await TrackBenchExecutable.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: 'help' does not take the argument '\(arguments[2])'.\nUSAGE: trackbench help"))
    }

    @Test func runHelpShowsFilterProcesses() async throws {
        let result = try await TrackBenchExecutable.run(["run", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("or a filter process [LABEL=]exec:COMMAND (Docs/filter-protocol.md)."))
    }

    @Test func exportHelpDescribesTheScenarioArgumentAndOutputOption() async throws {
        let result = try await TrackBenchExecutable.run(["export", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\nARGUMENTS:\n"))
        #expect(result.standardOutput.contains("<scenario>"))
        #expect(result.standardOutput.contains("--output <dir>"))
    }
}
