import Foundation
import TrackBench

/// What every command runs with: the filter registry and the console.
struct CommandContext: Sendable {
    /// The scenario file used when `--scenarios` is not given, relative to the working directory.
    static let defaultScenarioFile = "Scenarios/default.json"

    /// The filters the command may name.
    var registry: FilterRegistry
    /// Where messages go.
    var console: Console

    /// A label or name as a file name: characters other than ASCII letters, digits, '.', '_' and '-' become '_'.
    static func fileName(for label: String) -> String {
        String(label.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") ? $0 : "_" })
    }

    /// Prints a line to standard output.
    func print(_ line: String = "") {
        console.standardOutput(line + "\n")
    }

    /// Loads the suite named by `--scenarios`, or the default suite.
    func suite(from arguments: ParsedArguments) throws(ScenarioFileError) -> (suite: ScenarioSuite, file: String) {
        let given = arguments.value(CommonOptions.scenarios.name)
        let file = given ?? Self.defaultScenarioFile
        do {
            return (try ScenarioSuite.load(from: URL(fileURLWithPath: file)), file)
        } catch .unreadable(let path, _) where given == nil && !FileManager.default.fileExists(atPath: file) {
            throw .unreadable(
                file: path,
                reason: "no such file; run from the repository root or pass --scenarios <file>"
            )
        }
    }

    /// The seed given by `--seed`, or the default.
    func seed(from arguments: ParsedArguments) throws(UsageError) -> UInt64 {
        guard let text = arguments.value(CommonOptions.seed.name) else { return Benchmark.defaultSeed }
        guard let seed = UInt64(text) else {
            throw .invalidValue(option: CommonOptions.seed.name, value: text, expected: "a whole number from 0 to \(UInt64.max)")
        }
        return seed
    }

    /// The filters named by `--filter`, or every registered filter.
    func filters(from arguments: ParsedArguments, option: String) throws(UsageError) -> [FilterConfiguration] {
        guard let specifications = arguments.values[option] else { return registry.defaultConfigurations }
        var configurations: [FilterConfiguration] = []
        for specification in specifications {
            do {
                configurations.append(try registry.configuration(parsing: specification))
            } catch {
                throw .invalidFilter(error.localizedDescription)
            }
        }
        var seen: Set<String> = []
        for configuration in configurations where !seen.insert(configuration.label).inserted {
            throw .invalidValue(option: option, value: configuration.label, expected: "each filter once")
        }
        return configurations
    }
}
