import Foundation
import Testing
@testable import TrackBenchCLI

/// The help the executable prints, for the top level and for every declared command, is what the declarations make.
///
/// The commands come from `TrackBenchCommand.commands`, so a new command is covered without naming it here.
struct CommandHelpTests {
    /// The name of every declared command.
    static let commandNames = TrackBenchCommand.commands.map { $0.name }

    /// The declared command named `name`.
    private static func command(named name: String) throws -> any Command.Type {
        try #require(TrackBenchCommand.commands.first { $0.name == name })
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func topLevelHelpExitsZeroAndListsEveryCommand(arguments: [String]) async throws {
        let result = try await TrackBenchExecutable.run(arguments)
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(result.standardOutput.contains("USAGE: trackbench [<command>]"))
        #expect(result.standardOutput.contains("SUBCOMMANDS:"))
        for command in TrackBenchCommand.commands {
            let entry = command == RunCommand.self ? "run (default)" : command.name
            #expect(result.standardOutput.contains("\n  \(entry) "), "missing \(entry)")
            #expect(result.standardOutput.contains(command.overview), "missing the overview of \(command.name)")
        }
        #expect(result.standardOutput.contains("\n  help "), "missing help")
    }

    @Test(arguments: CommandHelpTests.commandNames)
    func commandHelpExitsZeroAndPrintsOverviewUsageAndOptions(command name: String) async throws {
        let command = try Self.command(named: name)
        for arguments in [["help", name], [name, "--help"], [name, "-h"]] {
            let result = try await TrackBenchExecutable.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.standardError.isEmpty, "\(arguments)")
            let help = result.standardOutput
            #expect(help == command.help(commandName: "trackbench") + "\n", "\(arguments) does not print the declared help")
            #expect(help.hasPrefix("OVERVIEW: "))
            #expect(help.contains("\nUSAGE: trackbench \(name)"))
            #expect(help.contains("\nOPTIONS:\n"))
            #expect(help.contains("-h, --help"))
            if command.options.contains(where: { $0.name == SuiteOptions.scenarios.name }) {
                #expect(help.contains("--scenarios <file>"))
            }
        }
    }

    @Test(arguments: CommandHelpTests.commandNames)
    func helpAndUsageShowEveryDeclaredArgumentAndOption(command name: String) throws {
        let command = try Self.command(named: name)
        let help = command.help(commandName: "trackbench")
        let usage = command.usage(commandName: "trackbench")
        #expect(help.contains("OVERVIEW: \(command.overview)\n"))
        #expect(help.contains("\nUSAGE: \(usage)\n"))
        #expect(command.arguments.isEmpty == !help.contains("\nARGUMENTS:\n"))
        for argument in command.arguments {
            #expect(usage.contains(" \(argument.spelling)"), "\(name): usage lacks \(argument.spelling)")
            #expect(help.contains(argument.help), "\(name): help lacks what \(argument.spelling) is")
        }
        for option in command.options {
            #expect(help.contains(option.helpLine), "\(name): help lacks the help of \(option.name)")
            if option.name != HelpOption.help.name {
                #expect(usage.contains(" \(option.usage)"), "\(name): usage lacks \(option.usage)")
            }
        }
        #expect(command.options.last?.name == HelpOption.help.name, "\(name) does not take --help")
    }

    @Test(arguments: CommandHelpTests.commandNames)
    func everyOptionOfACommandIsDeclaredOnceWithHelp(command name: String) throws {
        let command = try Self.command(named: name)
        let names = command.options.map(\.name)
        #expect(Set(names).count == names.count, "\(name) lists an option twice: \(names)")
        for option in command.options {
            #expect(option.name.hasPrefix("--") && !option.help.isEmpty, "\(name): \(option.name)")
            #expect(option.help.hasSuffix("."), "\(name): the help of \(option.name) is not a sentence")
        }
    }

    /// Commands that refuse a recording suite, with arguments that get them as far as loading the suite.
    static let scenarioFileCommands = [
        ["list"], ["export", "x", "--output", "{out}"], ["dem", "--output", "{out}"], ["speed"], ["sweep", "kalman", "q=1,2"],
    ]

    @Test(arguments: scenarioFileCommands)
    func aCommandThatRefusesRecordingSuitesSaysSoInItsScenariosHelp(arguments: [String]) async throws {
        let help = try await TrackBenchExecutable.run([arguments[0], "--help"])
        let line = try #require(help.standardOutput.split(separator: "\n").first { $0.hasPrefix("  --scenarios <file>") })
        #expect(line.contains("Scenario file defining the suite (Docs/scenarios.md); not a recording suite."), "\(line)")
        try await withTemporaryFolder { folder in
            let suite = TrackBenchExecutable.packageRoot.appendingPathComponent("Examples/Recordings/suite.json").path
            let given = arguments.map { $0 == "{out}" ? folder.appendingPathComponent("out").path : $0 }
            let result = try await TrackBenchExecutable.run(given + ["--scenarios", suite])
            #expect(result.status == 64)
            #expect(result.standardError.contains("is a recording suite; '\(arguments[0])' works on scenario files only"), "\(result.standardError)")
        }
    }

    @Test(arguments: ["run", "check", "plot", "merge"])
    func aCommandThatReplaysRecordingSuitesOffersThemInItsScenariosHelp(command: String) async throws {
        let help = try await TrackBenchExecutable.run([command, "--help"])
        #expect(help.standardOutput.contains("Scenario file, or recording suite (Docs/recordings.md), defining the suite."))
    }
}
