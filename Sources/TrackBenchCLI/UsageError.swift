import Foundation

/// A command line that cannot be run as written; exits with `ExitCode.usage`.
package enum UsageError: Error, LocalizedError, Equatable {
    /// No such command.
    case unknownCommand(String, suggestion: String?)
    /// No such option for this command.
    case unknownOption(String, command: String, suggestion: String?)
    /// An option that takes a value was given none.
    case missingValue(option: String, expected: String)
    /// A flag was given a value with `=`.
    case unexpectedValue(option: String)
    /// An option that may appear once appeared again.
    case repeatedOption(String)
    /// A value could not be used.
    case invalidValue(option: String, value: String, expected: String)
    /// A required argument or option is missing.
    case missingArgument(String, command: String)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String, command: String)
    /// A positional argument could not be used; the message says why and what was expected.
    case invalidArgument(name: String, message: String)
    /// A filter specification was rejected.
    case invalidFilter(String)
    /// A filter needs a terrain model and `--dem` was not given.
    case needsElevationModel(filter: String)
    /// A filter that uses a pedometer and compass was asked to run on a suite (or scenario) without them.
    case needsSensors(filter: String, file: String)
    /// Two options that exclude each other were both given.
    case conflictingOptions(String, String)
    /// A scenario id does not exist in the suite.
    case unknownScenario(String, file: String, suggestion: String?)
    /// A recording id that is not in the recording suite.
    case unknownRecording(String, file: String, suggestion: String?)
    /// `--seed` or `--seeds` was given for a recording suite, which is replayed once as recorded.
    case seedsForRecordings(suite: String)
    /// A command that simulates was given a recording suite.
    case recordingSuiteNotSupported(file: String, command: String)
    /// An output option (`value` given to `option`) would write over `input`, one of the command's inputs (`role`: "the baseline, --baseline").
    case outputOverwritesInput(option: String, value: String, input: String, role: String)
    /// An option left at its default whose default does not fit; `least` is the least value that does, `why` says why.
    case defaultTooSmall(option: String, defaultValue: String, least: String, why: String)

    package var errorDescription: String? {
        switch self {
        case let .unknownCommand(name, suggestion):
            return "unknown command '\(name)'.\(didYouMean(suggestion)) "
                + "Commands: \((TrackBenchCommand.commands.map { $0.name } + ["help"]).joined(separator: ", "))."
        case let .unknownOption(option, command, suggestion):
            return "unknown option '\(option)' for '\(command)'.\(didYouMean(suggestion))"
        case let .missingValue(option, expected):
            return "option '\(option)' needs a value: \(expected)."
        case let .unexpectedValue(option):
            return "option '\(option)' takes no value."
        case let .repeatedOption(option):
            return "option '\(option)' may be given only once."
        case let .invalidValue(option, value, expected):
            return "option '\(option)' got '\(value)', expected \(expected)."
        case let .missingArgument(argument, command):
            return "'\(command)' needs \(argument)."
        case let .unexpectedArgument(argument, command):
            return "'\(command)' does not take the argument '\(argument)'."
        case let .invalidArgument(name, message):
            return "argument '\(name)': \(message)."
        case let .needsElevationModel(filter):
            return "filter '\(filter)' needs \(DEMOptions.dem.name) DIR, a folder of SRTM .hgt tiles; write a suite's terrain as tiles with "
                + "'trackbench \(DEMCommand.name) \(SuiteOptions.scenarios.name) FILE \(DEMCommand.output.name) DIR'"
        case let .needsSensors(filter, file):
            return "filter '\(filter)' dead-reckons from a pedometer and compass, and the scenarios of '\(file)' have none, so it would score "
                + "only its start; run it on a suite with 'gaits' and a 'sensors' profile, such as Scenarios/dead-reckoning.json."
        case let .invalidFilter(message):
            return message
        case let .conflictingOptions(first, second):
            return "options '\(first)' and '\(second)' cannot be used together; give one."
        case let .unknownScenario(id, file, suggestion):
            return "no scenario '\(id)' in '\(file)'.\(didYouMean(suggestion)) The 'list' command shows the ids."
        case let .unknownRecording(id, file, suggestion):
            return "no recording '\(id)' in '\(file)'.\(didYouMean(suggestion)) The ids are the 'id' keys of its recordings."
        case let .seedsForRecordings(suite):
            return "'\(suite)' is a recording suite: its recordings are replayed once as recorded, "
                + "so \(SeedOptions.seed.name) and \(SeedOptions.seeds.name) do not apply; leave them out."
        case let .recordingSuiteNotSupported(file, command):
            return "'\(file)' is a recording suite; '\(command)' works on scenario files only (use 'run' or 'check' to replay recordings)."
        case let .outputOverwritesInput(option, value, input, role):
            return "option '\(option)' got '\(value)', which would write over '\(input)', an input of this command (\(role)); "
                + "give \(option) another path."
        case let .defaultTooSmall(option, defaultValue, least, why):
            return "the default \(defaultValue) is too small: \(why); give \(option) of at least \(least)."
        }
    }

    private func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " Did you mean '\($0)'?" } ?? ""
    }
}
