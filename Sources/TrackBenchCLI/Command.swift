/// A subcommand: its declarations, from which its help and usage line are made, and how to run it.
protocol Command {
    /// The name typed on the command line.
    static var name: String { get }
    /// One sentence for the help overview.
    static var overview: String { get }
    /// Positional arguments, in order.
    static var arguments: [Argument] { get }
    /// The options the command accepts, `--help` included: its own and the shared groups', in the order help lists them.
    static var options: [OptionSpec] { get }
    /// Runs the command on parsed arguments.
    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode
}

extension Command {
    /// The help text, in the familiar OVERVIEW / USAGE / ARGUMENTS / OPTIONS shape.
    /// - Parameter commandName: The executable's name, as the user typed it.
    static func help(commandName: String) -> String {
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage(commandName: commandName))\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n" + table(arguments.map { ($0.spelling, $0.help) })
        }
        text += "\nOPTIONS:\n" + table(options.map { option in
            let spelling = option.name == HelpOption.help.name ? "-h, --help" : option.spelling
            return (spelling, option.helpLine)
        })
        text += "\nSee '\(commandName) help' for all commands.\n"
        return text
    }

    /// The usage line: the command, its arguments, then its options but `--help`.
    static func usage(commandName: String) -> String {
        let words = [commandName, name] + arguments.map(\.spelling) + options.filter { $0.name != HelpOption.help.name }.map(\.usage)
        return words.joined(separator: " ")
    }

    private static func table(_ rows: [(String, String)]) -> String {
        let width = min(28, rows.map(\.0.count).max() ?? 0)
        return rows.map { left, right in
            let padding = left.count <= width ? String(repeating: " ", count: width - left.count) : "\n" + String(repeating: " ", count: width + 2)
            return "  \(left)\(padding)  \(right)\n"
        }.joined()
    }
}
