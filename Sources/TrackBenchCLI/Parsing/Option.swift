import Foundation
import TrackBenchFormats

/// An option that takes a value, declared once: its spelling and help, the type of its value, and how the value
/// is read and refused.
///
/// A command lists `spec` among its options and reads the value with `ParsedArguments.value(_:)`, which turns a
/// refusal into `UsageError.invalidValue` naming the option, the value and what was expected. A command that
/// explains a shared option in its own words uses `help(_:default:)`: the same option, another help line; one
/// that cannot run without it, `required()`.
struct Option<Value>: Sendable {
    /// The spelling and help.
    private(set) var spec: OptionSpec
    /// Reads one value as typed; throws what was expected instead.
    let parse: @Sendable (String) throws(InvalidValue) -> Value

    /// Declares an option whose value `parse` reads.
    init(
        name: String, valueName: String, isRepeatable: Bool = false, help: String, default defaultValue: String? = nil,
        parse: @escaping @Sendable (String) throws(InvalidValue) -> Value
    ) {
        spec = OptionSpec(name: name, valueName: valueName, isRepeatable: isRepeatable, help: help, defaultValue: defaultValue)
        self.parse = parse
    }

    /// Declares an option whose value `read` makes, nil meaning the text is not what was `expected`.
    /// - Parameter expected: What a valid value looks like, for the error: "a whole number >= 1".
    init(
        name: String, valueName: String, isRepeatable: Bool = false, help: String, default defaultValue: String? = nil,
        expected: String, read: @escaping @Sendable (String) -> Value?
    ) {
        self.init(name: name, valueName: valueName, isRepeatable: isRepeatable, help: help, default: defaultValue) { text throws(InvalidValue) in
            guard let value = read(text) else { throw InvalidValue(expected: expected) }
            return value
        }
    }

    /// The spelling, with dashes: `--seed`.
    var name: String { spec.name }

    /// The same option as a command explains it: the same name, value and parser, another help line.
    /// - Parameters:
    ///   - help: One line of help.
    ///   - defaultValue: The default, as help shows it; nil for none.
    func help(_ help: String, default defaultValue: String? = nil) -> Option {
        var copy = self
        copy.spec.help = help
        copy.spec.defaultValue = defaultValue
        return copy
    }

    /// The same option for a command that cannot run without it: shown without brackets in usage.
    func required() -> Option {
        var copy = self
        copy.spec.isRequired = true
        return copy
    }

    /// Reads `text` as this option's value.
    /// - Throws: `UsageError.invalidValue` naming the option, the value and what was expected.
    func read(_ text: String) throws(UsageError) -> Value {
        do {
            return try parse(text)
        } catch {
            throw .invalidValue(option: name, value: text, expected: error.expected)
        }
    }
}

extension Option where Value == String {
    /// Declares an option whose value is used as given: a file name, a filter specification.
    init(name: String, valueName: String, isRepeatable: Bool = false, help: String, default defaultValue: String? = nil) {
        self.init(name: name, valueName: valueName, isRepeatable: isRepeatable, help: help, default: defaultValue) { $0 }
    }
}

extension Option where Value == URL {
    /// Declares an option that names a folder; an empty name is refused rather than taken for the working directory.
    static func folder(name: String, valueName: String = "dir", help: String) -> Option {
        Option(name: name, valueName: valueName, help: help, expected: "a folder path") { path in
            path.isEmpty ? nil : URL(fileURLWithPath: path)
        }
    }
}
