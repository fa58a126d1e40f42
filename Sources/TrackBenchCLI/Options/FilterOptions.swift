/// `--filter`: the filters a command runs, in the order given. Shared by every command that runs filters; each
/// explains it with its own help line and default (`help(_:default:)`).
struct FilterOptions {
    static let filter = Option<String>(
        name: "--filter",
        valueName: "spec",
        isRepeatable: true,
        help: "Filter to run: NAME, NAME:KEY=VALUE[,KEY=VALUE], stages joined by '+', "
            + "or a filter process [LABEL=]exec:COMMAND (Docs/filter-protocol.md). Repeat for more.",
        default: suiteDefaults
    )

    /// What runs without `--filter` where the suite decides (`run`, `check`): `FilterRegistry.defaultConfigurations(withSensors:)`.
    static let suiteDefaults = "every filter that runs by default: all but the altitude filters, "
        + "and the dead-reckoning ones only on a suite with sensors; 'list' shows which"
    /// What runs without `--filter` where no sensors are fed (`speed`, `fidelity`): `FilterRegistry.defaultConfigurations`.
    static let sensorlessDefaults = "every filter but the altitude and dead-reckoning ones; 'list' shows which"

    /// The specifications given, in order; empty when the command's default applies.
    var specifications: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        specifications = try arguments.all(Self.filter)
    }

    /// Whether `--filter` chose the filters.
    var isGiven: Bool { !specifications.isEmpty }
}
