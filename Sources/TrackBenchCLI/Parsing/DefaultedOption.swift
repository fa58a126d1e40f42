/// An option declared with the value a command takes when the command line does not give it.
///
/// The default is declared once, beside the option: `ParsedArguments.value(_:)` returns it, and help shows it as
/// `shown` says (`--jobs`: the machine's core count, shown as "all cores"), so help cannot drift from the value
/// used. A default that depends on other options (`check --relative` with `--exact`) stays with the command.
struct DefaultedOption<Value: Sendable>: Sendable {
    /// The spelling, help and parser; its `spec` shows the default.
    private(set) var option: Option<Value>
    /// The value taken when the option is not given; computed when read.
    let defaultValue: @Sendable () -> Value

    /// The option with `defaultValue`, which help shows as `shown`.
    init(_ option: Option<Value>, defaultValue: @escaping @Sendable () -> Value, shown: String) {
        self.option = option.help(option.spec.help, default: shown)
        self.defaultValue = defaultValue
    }

    /// The spelling and help.
    var spec: OptionSpec { option.spec }

    /// The spelling, with dashes: `--seed`.
    var name: String { option.name }

    /// The same option and default as a command explains them: another help line.
    func help(_ help: String) -> DefaultedOption {
        var copy = self
        copy.option = option.help(help, default: option.spec.defaultValue)
        return copy
    }
}

extension Option where Value: Sendable {
    /// This option with the value a command takes when it is not given, shown in help as `shown`.
    /// - Parameter value: Computed each time it is read, so a default that depends on the machine stays true.
    func defaulting(to value: @escaping @autoclosure @Sendable () -> Value, shown: String) -> DefaultedOption<Value> {
        DefaultedOption(self, defaultValue: value, shown: shown)
    }
}

extension Option where Value: Sendable & CustomStringConvertible {
    /// This option with the value a command takes when it is not given, shown in help as the value prints.
    func defaulting(to value: Value) -> DefaultedOption<Value> {
        DefaultedOption(self, defaultValue: { value }, shown: value.description)
    }
}
