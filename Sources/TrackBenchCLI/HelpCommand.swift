/// `help`: the overview of every command, or one command's help.
///
/// `TrackBenchCommand` answers `help` before any options are parsed, so that `help --help` shows the overview as
/// `--help` does; this declaration gives `help` the usage line and help text every other command has.
enum HelpCommand: Command {
    static let name = "help"
    static let overview = "Show help for a command."
    static let arguments = [Argument(name: "command", help: "The command to explain; without it, the overview of every command.")]
    static let options = [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        TrackBenchCommand.help(for: arguments.positionals, context: context)
    }
}
