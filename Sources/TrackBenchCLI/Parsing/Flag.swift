/// An option without a value, declared once: present or not.
struct Flag: Sendable {
    /// The spelling and help.
    let spec: OptionSpec

    /// Declares a flag.
    init(name: String, help: String, default defaultValue: String? = nil) {
        spec = OptionSpec(name: name, help: help, defaultValue: defaultValue)
    }

    /// The spelling, with dashes: `--exact`.
    var name: String { spec.name }
}
