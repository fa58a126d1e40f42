import Foundation
import TrackBenchFormats
import TrackBenchSupport

/// A command line split into options and positional arguments, checked against the options a command accepts.
///
/// Values are kept as typed; a command reads them through their declarations (`value(_:)` with an `Option`,
/// `isSet(_:)` with a `Flag`), which parse them and name the option in every error.
struct ParsedArguments: Equatable, Sendable {
    /// Arguments that are not options, in order.
    var positionals: [String] = []
    /// Option values by option name, in order of appearance.
    var values: [String: [String]] = [:]
    /// Flags that were present.
    var flags: Set<String> = []

    /// The value given to `option`, read by its parser (a repeated option's last); nil when it was not given.
    /// - Throws: `UsageError.invalidValue` naming the option, the value and what was expected.
    func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = text(option) else { return nil }
        return try option.read(text)
    }

    /// The value given to `option`, read by its parser, or its declared default when it was not given.
    /// - Throws: `UsageError.invalidValue` naming the option, the value and what was expected.
    func value<Value>(_ option: DefaultedOption<Value>) throws(UsageError) -> Value {
        try value(option.option) ?? option.defaultValue()
    }

    /// The value given to `option`, read by its parser, or `defaultValue` when it was not given: for a default that
    /// depends on other options; one that does not is declared with the option (`DefaultedOption`).
    /// - Throws: `UsageError.invalidValue` naming the option, the value and what was expected.
    func value<Value>(_ option: Option<Value>, default defaultValue: @autoclosure () -> Value) throws(UsageError) -> Value {
        try value(option) ?? defaultValue()
    }

    /// The value of an option the command cannot run without.
    /// - Parameters:
    ///   - command: The command's name, for the error.
    ///   - purpose: Words after the option in the error, such as ", the folder for the tiles".
    /// - Throws: `UsageError.missingArgument` naming the option when it was not given; `.invalidValue` for a bad value.
    func required<Value>(_ option: Option<Value>, command: String, purpose: String = "") throws(UsageError) -> Value {
        guard let value = try value(option) else {
            throw .missingArgument(option.spec.spelling + purpose, command: command)
        }
        return value
    }

    /// Every value of a repeatable option, read in order; empty if not given.
    /// - Throws: `UsageError.invalidValue` for the first value the parser refuses.
    func all<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var read: [Value] = []
        for text in values[option.name] ?? [] { read.append(try option.read(text)) }
        return read
    }

    /// The value given to `option` as typed (a repeated option's last), to repeat it in a suggested command line.
    func text<Value>(_ option: Option<Value>) -> String? { values[option.name]?.last }

    /// The value given to an option with a default as typed, to repeat it in a suggested command line; nil when not given.
    func text<Value>(_ option: DefaultedOption<Value>) -> String? { text(option.option) }

    /// Every value given to a repeatable option as typed, in order, to repeat them in a suggested command line.
    func texts<Value>(_ option: Option<Value>) -> [String] { values[option.name] ?? [] }

    /// Whether a flag was given.
    func isSet(_ flag: Flag) -> Bool { flags.contains(flag.name) }

    /// Whether an option was given at all, as a flag or with a value.
    func isGiven(_ option: OptionSpec) -> Bool { flags.contains(option.name) || values[option.name] != nil }

    /// Whether an option was given, whatever its value.
    func isGiven<Value>(_ option: Option<Value>) -> Bool { isGiven(option.spec) }

    /// Whether an option with a default was given, whatever its value.
    func isGiven<Value>(_ option: DefaultedOption<Value>) -> Bool { isGiven(option.spec) }

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

    /// Refuses positional arguments, for a command that takes none.
    /// - Throws: `UsageError.unexpectedArgument` naming the first.
    func noPositionals(command: String) throws(UsageError) {
        if let extra = positionals.first { throw .unexpectedArgument(extra, command: command) }
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
            let name = parts[0] == "-h" ? HelpOption.help.name : String(parts[0])
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
