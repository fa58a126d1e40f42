import Foundation
@_spi(CLI) import TrackBench

/// What every command runs with: its own name, the filter registry and the console.
///
/// Commands share code through the context and the option groups, never
/// through each other.
struct CommandContext: Sendable {
    /// The executable's name, as the user typed it: `trackbench`, or a team's own tool.
    var commandName: String
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

    /// How to run one of this tool's commands, for messages: `trackbench check --update-baseline`.
    func invocation(_ command: any Command.Type, _ arguments: String...) -> String {
        ([commandName, command.name] + arguments).joined(separator: " ")
    }

    /// Loads the suite the options name, or the default suite.
    func suite(_ options: SuiteOptions) throws(ScenarioFileError) -> (suite: ScenarioSuite, file: String) {
        let file = options.scenarioFile ?? SuiteOptions.defaultScenarioFile
        do {
            return (try ScenarioSuite.load(from: URL(fileURLWithPath: file)), file)
        } catch .unreadable(let path, _) where options.scenarioFile == nil && !FileManager.default.fileExists(atPath: file) {
            throw .unreadable(
                file: path,
                reason: "no such file; run from the repository root or pass --scenarios <file>"
            )
        }
    }

    /// The folder `run` and `merge` write a suite's reports into unless told otherwise:
    /// `Results` for the default suite, `Results/<suite name>` for others, so they never overwrite each other.
    static func defaultResultsFolder(for suite: ScenarioSuite) -> String {
        suite.name == "default" ? "Results" : "Results/\(fileName(for: suite.name))"
    }

    /// Writes `results.csv` and `report.md` together into `folder`, the report made from the numbers the CSV holds.
    ///
    /// Making the report from the written (rounded) values means anyone can
    /// recompute it from the CSV, and a merged sharded run reports exactly what
    /// the unsharded run does.
    /// - Returns: The scores as written, and the two files' URLs.
    func writeResults(_ csv: String, to folder: URL) throws -> (scores: [ScenarioScore], csvURL: URL, reportURL: URL) {
        let written = try ResultsCSV.parse(csv, file: "this run")
        let report = MarkdownReport(context: written.context, scores: written.scores).render()
        let csvURL = folder.appendingPathComponent("results.csv")
        let reportURL = folder.appendingPathComponent("report.md")
        try AtomicFile.write([(csv, csvURL), (report, reportURL)])
        return (written.scores, csvURL, reportURL)
    }

    /// Parses filter specifications; each label must be unique.
    /// - Parameters:
    ///   - specifications: The texts given to `option`.
    ///   - option: The option's name, for errors.
    func filters(_ specifications: [String], option: String) throws(UsageError) -> [FilterConfiguration] {
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
