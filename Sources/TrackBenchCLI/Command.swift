
/// A subcommand: its help and how to run it.
protocol Command {
    /// The name typed on the command line.
    static var name: String { get }
    /// One sentence for the help overview.
    static var overview: String { get }
    /// Positional arguments: how they look in usage, and one line of help each.
    static var arguments: [(name: String, help: String)] { get }
    /// The options the command accepts, `--help` included: its own and the shared groups'.
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
            text += "\nARGUMENTS:\n" + table(arguments.map { ("<\($0.name)>", $0.help) })
        }
        text += "\nOPTIONS:\n" + table(options.map { option in
            let spelling = option.name == HelpOption.help.name ? "-h, --help" : option.name
            return (option.valueName.map { "\(spelling) <\($0)>" } ?? spelling, option.help)
        })
        text += "\nSee '\(commandName) help' for all commands.\n"
        return text
    }

    /// The usage line.
    static func usage(commandName: String) -> String {
        var words = [commandName, name]
        words += arguments.map { "<\($0.name)>" }
        for option in options where option.name != HelpOption.help.name {
            let spelling = option.valueName.map { "\(option.name) <\($0)>" } ?? option.name
            words.append((option.isRequired ? spelling : "[\(spelling)]") + (option.isRepeatable ? " ..." : ""))
        }
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
