import Foundation
import TrackBenchSupport

/// An option a command accepts.
struct OptionSpec: Sendable {
    /// The spelling, with dashes: `--seed`.
    var name: String
    /// What the value looks like in help (`<n>`), or nil for a flag.
    var valueName: String?
    /// Whether the option may appear more than once.
    var isRepeatable = false
    /// Whether the command cannot run without it (shown without brackets in usage).
    var isRequired = false
    /// One line of help.
    var help: String
}

/// A command line split into options and positional arguments, not yet interpreted.
struct ParsedArguments: Equatable, Sendable {
    /// Arguments that are not options, in order.
    var positionals: [String] = []
    /// Option values by option name, in order of appearance.
    var values: [String: [String]] = [:]
    /// Flags that were present.
    var flags: Set<String> = []

    /// The single value of an option, if given.
    func value(_ option: OptionSpec) -> String? { values[option.name]?.last }

    /// The one positional argument of a command that takes exactly one.
    /// - Parameters:
    ///   - description: What it is, for the error when it is missing ("a scenario id").
    ///   - command: The command's name, for errors.
    /// - Throws: `UsageError.missingArgument` without one, `.unexpectedArgument` naming a second.
    func onlyPositional(_ description: String, command: String) throws(UsageError) -> String {
        guard let first = positionals.first else {
            throw .missingArgument(description, command: command)
        }
        if positionals.count > 1 {
            throw .unexpectedArgument(positionals[1], command: command)
        }
        return first
    }

    /// Every value of a repeatable option, in order; empty if not given.
    func all(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }

    /// Whether a flag was given.
    func isSet(_ flag: OptionSpec) -> Bool { flags.contains(flag.name) }

    /// Whether an option was given at all, as a flag or with a value.
    func isGiven(_ option: OptionSpec) -> Bool { flags.contains(option.name) || values[option.name] != nil }

    /// The folder named by an option, if given; an empty name is a usage error, not the working directory.
    func folder(_ option: OptionSpec) throws(UsageError) -> URL? {
        guard let path = value(option) else { return nil }
        guard !path.isEmpty else {
            throw .invalidValue(option: option.name, value: path, expected: "a folder path")
        }
        return URL(fileURLWithPath: path)
    }

    /// Splits `arguments` against the options a command accepts.
    ///
    /// Accepts `--name value`, `--name=value`, repeated options where
    /// allowed, and `--` to end options. `-h` is `--help`.
    /// - Throws: `UsageError` for unknown options, missing values and repeats.
    static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0] == "-h" ? "--help" : String(parts[0])
            let inlineValue = parts.count == 2 ? String(parts[1]) : nil
            guard let spec = options.first(where: { $0.name == name }) else {
                let suggestion = Suggestion.closest(to: name, among: options.map(\.name))
                throw .unknownOption(name, command: command, suggestion: suggestion)
            }
            guard let valueName = spec.valueName else {
                if inlineValue != nil { throw .unexpectedValue(option: name) }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw .missingValue(option: name, expected: valueName)
            }
            if !spec.isRepeatable, parsed.values[name] != nil {
                throw .repeatedOption(name)
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }
}
