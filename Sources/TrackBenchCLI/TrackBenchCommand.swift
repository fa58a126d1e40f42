import Foundation
import TrackBenchEngine
import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchSupport

/// The `trackbench` command line: dispatches to a subcommand and maps errors to exit codes.
///
/// The executable is a thin shell around `main(arguments:registry:console:commandName:)`,
/// so teams can ship their own executable with extra filters registered; it
/// speaks in its own name in help, usage and hints.
public enum TrackBenchCommand {
    static var commands: [any Command.Type] {
        [
            RunCommand.self, CheckCommand.self, SweepCommand.self, TuneCommand.self, CompareCommand.self, MergeCommand.self, ListCommand.self,
            ExportCommand.self, PlotCommand.self, DEMCommand.self, CalibrateCommand.self, FidelityCommand.self, SpeedCommand.self,
        ]
    }

    /// The running executable's file name, such as `trackbench` or `team-filter-benchmark`.
    public static var executableName: String {
        CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "trackbench"
    }

    /// Runs the command line and returns the exit code; never calls `exit`.
    ///
    /// The registry is built here, so a team's executable passes
    /// `registry: try FilterRegistry.builtIn.adding(MyFilter.self)` and a
    /// malformed or duplicate filter name ends the program with `Error: ...`
    /// and `ExitCode.failure` before any command runs, instead of a trap.
    ///
    /// `SIGPIPE` is ignored, so output into a closed pipe is an `EPIPE` the console handles rather than death
    /// by a signal. When standard output could not be written, a command that succeeded returns
    /// `ExitCode.failure` (its output was lost); other codes, such as a regression's, stand.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - registry: The filters `run` and `list` know; the built-in ones by default.
    ///   - console: Where output and errors go.
    ///   - commandName: The name help and hints use; the running executable's by default.
    public static func main(
        arguments: [String],
        registry: @autoclosure () throws(FilterRegistryError) -> FilterRegistry = .builtIn,
        console: Console = .system,
        commandName: String = executableName
    ) async -> ExitCode {
        signal(SIGPIPE, SIG_IGN)
        let code = await run(arguments: arguments, registry: registry, console: console, commandName: commandName)
        return code == .success && console.standardOutputFailed() ? .failure : code
    }

    /// Makes this process answer for the filter processes it starts, as an executable should before `main`:
    /// SIGINT and SIGTERM then kill every filter process group and remove the temporary files of outputs being
    /// written before the process exits with 128 plus the signal's number (130, 143), and on Linux the process
    /// adopts what a filter process leaves running outside its group (a `setsid` child), which the command kills
    /// and reports as a failure.
    ///
    /// Only an executable that starts no other child processes may call it: every adopted process that is not a
    /// filter process's is taken for one a filter left. `trackbench` calls it; so does a team's executable.
    public static func superviseChildProcesses() {
        ChildProcessGroups.adoptOrphans()
        TerminationSignals.install()
    }

    private static func run(
        arguments: [String],
        registry: () throws(FilterRegistryError) -> FilterRegistry,
        console: Console,
        commandName: String
    ) async -> ExitCode {
        let filters: FilterRegistry
        do {
            filters = try registry()
        } catch {
            return fail(error, usage: "", console: console)
        }
        let context = CommandContext(commandName: commandName, registry: filters, console: console)
        var remaining = arguments
        var command: any Command.Type = RunCommand.self
        if let first = remaining.first, !first.hasPrefix("-") {
            remaining.removeFirst()
            if first == "help" {
                return help(for: remaining, context: context)
            }
            guard let named = commands.first(where: { $0.name == first }) else {
                return fail(
                    UsageError.unknownCommand(first, suggestion: Suggestion.closest(to: first, among: commands.map { $0.name } + ["help"])),
                    usage: overview(context), console: context.console
                )
            }
            command = named
        } else if remaining == ["-h"] || remaining == ["--help"] {
            context.print(overview(context))
            return .success
        } else if remaining == ["--version"] {
            context.print(versionLine(commandName: commandName))
            return .success
        }
        do {
            let parsed = try ParsedArguments.parse(remaining, options: command.options, command: command.name)
            if parsed.isSet(HelpOption.help) {
                context.print(command.help(commandName: commandName))
                return .success
            }
            return try await command.run(parsed, context: context)
        } catch {
            let usage = "USAGE: \(command.usage(commandName: commandName))\nSee '\(commandName) help \(command.name)'."
            return fail(error, usage: usage, console: context.console)
        }
    }

    /// Prints `Error: ...` on standard error, then `usage` for a `UsageError`, and returns the matching exit code.
    ///
    /// Messages quote names and paths from users' files: control characters other than line breaks and tabs
    /// (a terminal escape in a path, say) are shown as U+FFFD, never sent to the terminal.
    private static func fail(_ error: any Error, usage: String, console: Console) -> ExitCode {
        let text = (error as? LocalizedError)?.errorDescription ?? "\(error)"
        let message = text.replacingControlCharacters(keeping: ["\n", "\t"])
        if error is UsageError {
            console.standardError("Error: \(message)\n\(usage)\n")
            return .usage
        }
        console.standardError("Error: \(message)\n")
        return .failure
    }

    /// Prints the overview, or the help of the one command `arguments` names (`help` itself included).
    /// - Returns: `ExitCode.usage`, after the error, for an unknown command or more than one argument.
    static func help(for arguments: [String], context: CommandContext) -> ExitCode {
        if arguments.count > 1 {
            let usage = "USAGE: \(HelpCommand.usage(commandName: context.commandName))"
            return fail(UsageError.unexpectedArgument(arguments[1], command: HelpCommand.name), usage: usage, console: context.console)
        }
        guard let name = arguments.first, name != "-h", name != HelpOption.help.name else {
            context.print(overview(context))
            return .success
        }
        if name == HelpCommand.name {
            context.print(HelpCommand.help(commandName: context.commandName))
            return .success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            return fail(
                UsageError.unknownCommand(name, suggestion: Suggestion.closest(to: name, among: commands.map { $0.name })),
                usage: overview(context), console: context.console
            )
        }
        context.print(command.help(commandName: context.commandName))
        return .success
    }

    /// What `--version` prints: the command's name and the TrackBench version its results record.
    ///
    /// An executable of a team's own, built on the library, names itself and the TrackBench it was built with.
    static func versionLine(commandName: String) -> String {
        let version = ResultsContext.currentVersion
        return commandName == "trackbench" ? "trackbench \(version)" : "\(commandName) (TrackBench \(version))"
    }

    /// The top-level help.
    static func overview(_ context: CommandContext) -> String {
        let name = context.commandName
        var text = """
        OVERVIEW: Benchmark GPS location filters on simulated phone tracks.

        Runs every registered filter on every scenario of a suite, scores each by
        total-distance error against the true path, and writes results.csv and report.md.

        USAGE: \(name) [<command>] [<options>]

        SUBCOMMANDS:

        """
        for command in commands {
            let suffix = command == RunCommand.self ? " (default)" : ""
            text += "  " + (command.name + suffix).padding(toLength: 16, withPad: " ", startingAt: 0) + command.overview + "\n"
        }
        text += "  " + HelpCommand.name.padding(toLength: 16, withPad: " ", startingAt: 0) + HelpCommand.overview + "\n"
        text += "\nOPTIONS:\n  -h, --help      Show help information.\n  --version       Show the version, the one results files record.\n"
        text += "\nWithout a command, the options of 'run' apply: '\(name) --seed 7' runs with seed 7.\n"
        text += "See '\(name) help <command>' for detailed help.\n"
        return text
    }
}
