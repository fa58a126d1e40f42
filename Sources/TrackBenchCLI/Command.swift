import TrackBench

/// A subcommand of `trackbench`: its help and how to run it.
protocol Command {
    /// The name typed on the command line.
    static var name: String { get }
    /// One sentence for the help overview.
    static var overview: String { get }
    /// Positional arguments: how they look in usage, and one line of help each.
    static var arguments: [(name: String, help: String)] { get }
    /// The options the command accepts, `--help` included.
    static var options: [OptionSpec] { get }
    /// Runs the command on parsed arguments.
    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode
}

extension Command {
    /// The help text, in the familiar OVERVIEW / USAGE / ARGUMENTS / OPTIONS shape.
    static var help: String {
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n" + table(arguments.map { ("<\($0.name)>", $0.help) })
        }
        text += "\nOPTIONS:\n" + table(options.map { option in
            let spelling = option.name == "--help" ? "-h, --help" : option.name
            return (option.valueName.map { "\(spelling) <\($0)>" } ?? spelling, option.help)
        })
        text += "\nSee 'trackbench help' for all commands.\n"
        return text
    }

    /// The usage line.
    static var usage: String {
        var words = ["trackbench", name]
        words += arguments.map { "<\($0.name)>" }
        for option in options where option.name != "--help" {
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

/// The options several commands share.
enum CommonOptions {
    static let help = OptionSpec(name: "--help", help: "Show help information.")
    static let scenarios = OptionSpec(
        name: "--scenarios",
        valueName: "file",
        help: "Scenario file (JSON) defining the suite. (default: \(CommandContext.defaultScenarioFile))"
    )
    static let seed = OptionSpec(
        name: "--seed",
        valueName: "n",
        help: "Seed of the random streams, 0 to 18446744073709551615. (default: \(Benchmark.defaultSeed))"
    )
}
