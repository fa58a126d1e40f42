import Foundation
import TrackBenchFilters
import TrackBenchFormats
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchReports
import TrackBenchSupport

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
        (try suite(options, from: SuiteDocument.read(URL(fileURLWithPath: options.file))), options.file)
    }

    /// Decodes the scenario suite of `document`, the file the options name, already read.
    func suite(_ options: SuiteOptions, from document: SuiteDocument) throws(ScenarioFileError) -> ScenarioSuite {
        let file = options.file
        do {
            return try document.scenarioSuite()
        } catch .unreadable(let path, _) where options.scenarioFile == nil && !FileManager.default.fileExists(atPath: file) {
            throw .unreadable(
                file: path,
                reason: "no such file; pass \(SuiteOptions.scenarios.spec.spelling), or copy TrackBench's Scenarios folder here (Docs/embedding.md)"
            )
        }
    }

    /// Puts a run's `results.csv` (written as the run went) and its reports (`RunReport`) in place together in
    /// `folder`, then prints `summary`, the paths written, `note` and the ranking.
    /// - Parameters:
    ///   - csv: `results.csv`, written into its temporary file in `folder`.
    ///   - tally: What the reports need of the file's rows (`ResultsStream`).
    ///   - context: The file's context line.
    ///   - note: Why the files went where they did, when that is not the committed folder (`ResultsFolder.note`).
    ///   - timings: The timings of filter processes by specification, which the registry cannot tell.
    func writeResults(
        _ csv: StagedFile, tally: ReportTally, context: ResultsContext, to folder: URL, summary: String, note: String? = nil,
        timings: [String: FilterTiming] = [:]
    ) throws {
        let run = RunReport(context: context, tally: tally, registry: registry, timings: timings)
        let files = run.files.map { (text: $0.text, url: folder.appendingPathComponent($0.name)) }
        try AtomicFile.write(files, after: [csv])
        print(summary)
        print("Wrote \(Self.listed(([csv.url] + files.map(\.url)).map(\.relativePath))).")
        if let note { print(note) }
        print()
        print(TerminalRanking.render(run.ranking, hasSeeds: run.hasSeeds))
    }

    /// Items as a sentence lists them: `a`, `a and b`, `a, b and c`.
    static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Puts one shard's partial `results.csv` (written as the shard ran) in place and prints `summary`, how to merge
    /// the shards and `note`.
    /// - Parameters:
    ///   - scenarioFile: The scenario file the shards ran, for the `merge` command line.
    ///   - note: Why the file went where it did, when that is not the committed folder (`ResultsFolder.note`).
    func writePartialResults(_ csv: StagedFile, shard: Shard, scenarioFile: String, summary: String, note: String? = nil) throws {
        try AtomicFile.write([], after: [csv])
        print(summary)
        print("Wrote the partial \(csv.url.relativePath). When all \(shard.count) shards have run:")
        print(
            "  " + invocation(
                MergeCommand.self, "<each shard's results.csv>...", SuiteOptions.scenarios.name, scenarioFile, OutputOptions.folder.spec.spelling
            )
        )
        if let note { print(note) }
    }

    /// The scenario `id` of `suite`, read from `file`, for the commands that work on one scenario (`export`, `plot`).
    /// - Throws: `UsageError.unknownScenario` with the closest id as a suggestion.
    func scenario(withID id: String, in suite: ScenarioSuite, file: String) throws(UsageError) -> Scenario {
        guard let scenario = suite.scenario(withID: id) else {
            throw .unknownScenario(id, file: file, suggestion: Suggestion.closest(to: id, among: suite.scenarios.map(\.id)))
        }
        return scenario
    }

    /// The signal profile `name` of `suite`, read from `file`, named by `option` (`--compare`).
    /// - Throws: `UsageError.invalidValue` listing the suite's signals, with the closest as a suggestion.
    func signal(named name: String, option: String, in suite: ScenarioSuite, file: String) throws(UsageError) -> SignalProfile {
        let names = suite.signals.map(\.name)
        guard let profile = suite.signals.first(where: { $0.name == name }) else {
            throw .invalidValue(
                option: option, value: name,
                expected: "a signal of \(file): \(names.joined(separator: ", "))"
                    + (Suggestion.closest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? "")
            )
        }
        return profile
    }

    /// Refuses filters that use a pedometer and compass when the scenarios they would run on have none.
    /// - Parameters:
    ///   - filters: The filters about to run.
    ///   - hasSensors: Whether the scenarios have sensors.
    ///   - file: The suite's file, for the message.
    /// - Throws: `UsageError.needsSensors` naming the first such filter and the file.
    func requireSensors(for filters: [FilterConfiguration], hasSensors: Bool, file: String) throws(UsageError) {
        guard !hasSensors, let needy = filters.first(where: \.usesSensors) else { return }
        throw .needsSensors(filter: needy.label, file: file)
    }

    /// Parses filter specifications; each label must be unique.
    /// - Parameters:
    ///   - specifications: The texts given to `option`.
    ///   - option: The option's name, for errors.
    ///   - processes: How to run filter processes (`exec:COMMAND`); nil where a command cannot run them.
    /// - Throws: `UsageError` for a bad specification; `FilterProcessError` when a filter process does not start.
    func filters(_ specifications: [String], option: String, processes: ExecOptions? = nil) throws -> [FilterConfiguration] {
        var configurations: [FilterConfiguration] = []
        let start = processes.map { options in
            { (command: String, label: String?) throws -> FilterProcess in
                try FilterProcess(command: command, label: label, timeout: options.timeout)
            }
        }
        for specification in specifications {
            do {
                configurations.append(try registry.configuration(parsing: specification, startProcess: start))
            } catch let error as FilterProcessError {
                try? ExecOptions.finish(configurations)
                throw error
            } catch FilterSpecificationError.processNotAllowed(let specification) {
                try? ExecOptions.finish(configurations)
                throw UsageError.invalidFilter(
                    "filter '\(specification)' is a filter process, which runs only in \(Self.listed(ExecOptions.commandNames))"
                )
            } catch {
                try? ExecOptions.finish(configurations)
                throw UsageError.invalidFilter(error.localizedDescription)
            }
        }
        var seen: Set<String> = []
        for configuration in configurations where !seen.insert(configuration.label).inserted {
            try? ExecOptions.finish(configurations)
            throw UsageError.invalidValue(option: option, value: configuration.label, expected: "each filter once")
        }
        return configurations
    }
}
