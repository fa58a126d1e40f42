/// How an option is spelled and explained: what the parser, `--help` and the usage line need to know of it.
///
/// An `Option` or a `Flag` declares one, together with how its value is read; commands list the specifications of
/// the options they accept.
struct OptionSpec: Sendable {
    /// The spelling, with dashes: `--seed`.
    var name: String
    /// What the value looks like in help (`<n>`), or nil for a flag.
    var valueName: String?
    /// Whether the option may appear more than once.
    var isRepeatable = false
    /// Whether the command cannot run without it (shown without brackets in usage, "(required)" in help).
    var isRequired = false
    /// One line of help.
    var help: String
    /// The value used when the option is not given, as help shows it; nil when there is nothing to say.
    var defaultValue: String? = nil

    /// The option with its value, as usage lines and messages show it: `--seed <n>`, or `--exact` for a flag.
    var spelling: String {
        valueName.map { "\(name) <\($0)>" } ?? name
    }

    /// The option's word in the usage line: `[--seed <n>]`, `--output <dir>`, `[--filter <spec>] ...`.
    var usage: String {
        (isRequired ? spelling : "[\(spelling)]") + (isRepeatable ? " ..." : "")
    }

    /// The option's help line: the help, then its default and whether it is required.
    var helpLine: String {
        help + (defaultValue.map { " (default: \($0))" } ?? "") + (isRequired ? " (required)" : "")
    }
}
