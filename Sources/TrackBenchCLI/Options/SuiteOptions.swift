import TrackBenchModel
/// `--scenarios`: which scenario file defines the suite. Shared by every command that loads a suite.
struct SuiteOptions {
    /// The scenario file used when `--scenarios` is not given, relative to the working directory.
    static let defaultScenarioFile = "Scenarios/default.json"

    static let scenarios = Option<String>(
        name: "--scenarios",
        valueName: "file",
        help: "Scenario file, or recording suite (Docs/recordings.md), defining the suite.",
        default: defaultScenarioFile
    )
    static let options = [scenarios.spec]
    /// `--scenarios` as the commands that simulate explain it (`list`, `export`, `dem`, `speed`, `sweep`): they
    /// refuse a recording suite (`CommandContext.scenarioSuite`).
    static let scenarioFileOptions = [
        scenarios.help("Scenario file defining the suite (Docs/scenarios.md); not a recording suite.", default: defaultScenarioFile).spec
    ]

    /// The file as given, or nil for the default.
    var scenarioFile: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        scenarioFile = try arguments.value(Self.scenarios)
    }

    /// The file to load: the one given, or the default.
    var file: String { scenarioFile ?? Self.defaultScenarioFile }
}
