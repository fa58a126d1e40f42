import TrackBenchModel

/// `--compare NAME` with `--scenarios FILE`: a signal profile to check against recordings instead of fitting one.
/// Shared by `calibrate` and `fidelity`.
struct CompareProfileOptions {
    static let compare = Option<String>(
        name: "--compare",
        valueName: "signal",
        help: "Compare this signal profile of the --scenarios file with the recording instead of fitting one "
            + "(for example a profile calibrated on another recording)."
    )
    /// `--scenarios` as these commands read it: only the file of the `--compare` profile.
    static let scenarios = SuiteOptions.scenarios.help("The scenario file holding the --compare profile.", default: SuiteOptions.defaultScenarioFile)
    static let options = [compare.spec, scenarios.spec]

    /// Loads the named profile; nil without `--compare`.
    /// - Throws: `UsageError` for `--scenarios` without `--compare` or a profile the file does not have; the loading
    ///   error of a scenario file that does not load.
    static func profile(_ arguments: ParsedArguments, context: CommandContext) throws -> SignalProfile? {
        guard let name = try arguments.value(compare) else {
            if arguments.isGiven(scenarios) {
                throw UsageError.invalidArgument(
                    name: scenarios.name,
                    message: "\(scenarios.name) only names the file of the \(compare.name) profile; add \(compare.spec.spelling)"
                )
            }
            return nil
        }
        let (suite, file) = try context.scenarioSuite(SuiteOptions(arguments), command: compare.name)
        return try context.signal(named: name, option: compare.name, in: suite, file: file)
    }
}
