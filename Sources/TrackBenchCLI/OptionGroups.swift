import Foundation
@_spi(CLI) import TrackBench

/// `--scenarios`: which scenario file defines the suite. Shared by every command that loads a suite.
struct SuiteOptions {
    /// The scenario file used when `--scenarios` is not given, relative to the working directory.
    static let defaultScenarioFile = "Scenarios/default.json"

    static let scenarios = OptionSpec(
        name: "--scenarios",
        valueName: "file",
        help: "Scenario file (JSON) defining the suite. (default: \(defaultScenarioFile))"
    )
    static let options = [scenarios]

    /// The file as given, or nil for the default.
    var scenarioFile: String?

    init(_ arguments: ParsedArguments) {
        scenarioFile = arguments.value(Self.scenarios)
    }
}

/// `--seed`: the seed every scenario's random streams derive from. Shared by every command that simulates.
struct SeedOptions {
    static let seed = OptionSpec(
        name: "--seed",
        valueName: "n",
        help: "Seed of the random streams, 0 to \(UInt64.max). (default: \(Benchmark.defaultSeed))"
    )
    static let options = [seed]

    /// The seed to run with.
    var seed: UInt64

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.value(Self.seed) else {
            seed = Benchmark.defaultSeed
            return
        }
        guard let seed = UInt64(text) else {
            throw .invalidValue(option: Self.seed.name, value: text, expected: "a whole number from 0 to \(UInt64.max)")
        }
        self.seed = seed
    }
}

/// `--jobs`: how many scenarios run at once. Shared by every command that runs a whole suite.
struct JobsOptions {
    static let jobs = OptionSpec(
        name: "--jobs",
        valueName: "n",
        help: "Scenarios to run at once; results do not depend on it. (default: all cores)"
    )
    static let options = [jobs]

    /// At least 1.
    var jobs: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.value(Self.jobs) else {
            jobs = ProcessInfo.processInfo.activeProcessorCount
            return
        }
        guard let count = Int(text), count >= 1 else {
            throw .invalidValue(option: Self.jobs.name, value: text, expected: "a whole number >= 1")
        }
        jobs = count
    }
}

/// `--help`, accepted by every command.
enum HelpOption {
    static let help = OptionSpec(name: "--help", help: "Show help information.")
}
