import Foundation
import TrackBenchSupport
import TrackBenchModel
import TrackBenchElevation
import TrackBenchSuite
import TrackBenchFilters
import TrackBenchScoring

/// `--scenarios`: which scenario file defines the suite. Shared by every command that loads a suite.
struct SuiteOptions {
    /// The scenario file used when `--scenarios` is not given, relative to the working directory.
    static let defaultScenarioFile = "Scenarios/default.json"

    static let scenarios = OptionSpec(
        name: "--scenarios",
        valueName: "file",
        help: "Scenario file, or recording suite (Docs/recordings.md), defining the suite. (default: \(defaultScenarioFile))"
    )
    static let options = [scenarios]

    /// The file as given, or nil for the default.
    var scenarioFile: String?

    init(_ arguments: ParsedArguments) {
        scenarioFile = arguments.value(Self.scenarios)
    }
}

/// `--seed` or `--seeds`: the seeds every scenario's random streams derive from. Shared by every command that simulates.
struct SeedOptions {
    static let seed = OptionSpec(
        name: "--seed",
        valueName: "n",
        help: "Run every scenario under this one seed, 0 to \(UInt64.max)."
    )
    static let seeds = OptionSpec(
        name: "--seeds",
        valueName: "first...last",
        help: "Run every scenario under each seed from first to last, e.g. 100...129. (default: \(Benchmark.defaultSeeds))"
    )
    static let options = [seed, seeds]
    /// `--seed` of the commands that simulate one run (`export`, `plot`, `speed`), which default to the first default seed.
    static let singleSeed = OptionSpec(
        name: seed.name,
        valueName: "n",
        help: "Simulate under this seed, 0 to \(UInt64.max). (default: \(Benchmark.defaultSeeds.first))"
    )

    /// The seeds to run with.
    var seeds: SeedRange

    init(_ arguments: ParsedArguments) throws(UsageError) {
        switch (arguments.value(Self.seed), arguments.value(Self.seeds)) {
        case (nil, nil):
            seeds = Benchmark.defaultSeeds
        case let (text?, nil):
            seeds = SeedRange(try Self.parseSeed(text))
        case let (nil, text?):
            guard let range = SeedRange(parsing: text) else {
                throw .invalidValue(
                    option: Self.seeds.name, value: text,
                    expected: "FIRST...LAST with FIRST <= LAST, at most \(SeedRange.limit) seeds (or one seed N)"
                )
            }
            seeds = range
        case (.some, .some):
            throw .conflictingOptions(Self.seed.name, Self.seeds.name)
        }
    }
}

extension SeedOptions {
    /// The one seed of a command that simulates a single run (`singleSeed`), or the default range's first seed.
    static func single(_ arguments: ParsedArguments) throws(UsageError) -> UInt64 {
        guard let text = arguments.value(singleSeed) else { return Benchmark.defaultSeeds.first }
        return try parseSeed(text)
    }

    private static func parseSeed(_ text: String) throws(UsageError) -> UInt64 {
        guard let value = UInt64(text) else {
            throw .invalidValue(option: seed.name, value: text, expected: "a whole number from 0 to \(UInt64.max)")
        }
        return value
    }
}

/// `--shard K/N`: run one of N balanced shares of the (seed, scenario) work, for a CI matrix. Shared by every command that scores.
struct ShardOptions {
    static let shard = OptionSpec(
        name: "--shard",
        valueName: "k/n",
        help: "Run only shard K of N (1 <= K <= N <= \(Shard.limit)): a balanced share of the (seed, scenario) work, for parallel CI jobs."
    )
    static let options = [shard]

    /// The shard to run; nil for the whole run.
    var shard: Shard?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.value(Self.shard) else { return }
        guard let shard = Shard(parsing: text) else {
            throw .invalidValue(option: Self.shard.name, value: text, expected: "K/N with 1 <= K <= N <= \(Shard.limit), such as 2/4")
        }
        self.shard = shard
    }
}

/// `--jobs`: how many scenarios run at once. Shared by every command that runs a whole suite.
/// `--progress` and `--no-progress`: whether a long run shows a progress line on standard error.
struct ProgressOptions {
    static let progress = OptionSpec(
        name: "--progress",
        help: "Show a progress line on standard error even when it is not a terminal. (default: only on a terminal, after 1 s)"
    )
    static let noProgress = OptionSpec(name: "--no-progress", help: "Never show the progress line.")
    static let options = [progress, noProgress]

    /// Whether to show the line: forced either way by an option, else when standard error is a terminal.
    var isShown: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.isSet(Self.progress) && arguments.isSet(Self.noProgress) {
            throw .conflictingOptions(Self.progress.name, Self.noProgress.name)
        }
        isShown = arguments.isSet(Self.progress) || (!arguments.isSet(Self.noProgress) && isatty(STDERR_FILENO) == 1)
    }
}

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

/// `--exec-timeout`: how long a filter process (`exec:COMMAND`) may stay silent. Shared by the commands that run
/// filter processes: `run`, `check`, `plot` and `speed`.
struct ExecOptions {
    static let timeout = OptionSpec(
        name: "--exec-timeout",
        valueName: "seconds",
        help: "How long a filter process (exec:COMMAND, Docs/filter-protocol.md) may stay silent before the run stops. (default: \(FilterParameter.format(FilterProcess.defaultTimeout)))"
    )
    static let options = [timeout]

    /// More than 0.
    var timeout: Double

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.value(Self.timeout) else {
            timeout = FilterProcess.defaultTimeout
            return
        }
        guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
            throw .invalidValue(option: Self.timeout.name, value: text, expected: "seconds, more than 0 and at most 86400")
        }
        timeout = seconds
    }

    /// The timings the filter processes among `filters` declared in their hellos, by specification, for the ranking.
    static func timings(of filters: [FilterConfiguration]) -> [String: FilterTiming] {
        Dictionary(filters.filter { $0.process != nil }.map { ($0.specification, $0.timing) }, uniquingKeysWith: { first, _ in first })
    }

    /// Stops with the first failure of a filter process among `filters`, after ending every process.
    /// - Throws: The `FilterProcessError` of the first filter whose process failed.
    static func finish(_ filters: [FilterConfiguration]) throws(FilterProcessError) {
        let processes = filters.compactMap(\.process)
        processes.forEach { $0.shutdown() }
        if let failure = processes.lazy.compactMap(\.failure).first { throw failure }
    }
}

/// `--dem`: the folder of SRTM tiles the terrain-lookup filter reads. Shared by every command that runs filters.
struct DEMOptions {
    static let dem = OptionSpec(
        name: "--dem",
        valueName: "dir",
        help: "Folder of SRTM .hgt tiles for terrain-lookup (Docs/altitude.md); 'trackbench dem' writes a suite's."
    )
    static let options = [dem]

    /// The opened tiles, or nil without `--dem`.
    let model: ElevationModel?
    /// Where the notes and warnings about the tiles go.
    private let context: CommandContext

    /// Opens the folder, if given, once: tile sizes are checked here, before any filter runs.
    /// - Throws: `ElevationTileError` naming the folder or tile (exit 1).
    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        model = try arguments.value(Self.dem).map { try ElevationModel.open(folder: URL(fileURLWithPath: $0)) }
        self.context = context
    }

    /// `filters` given the terrain model; a note on standard error when `--dem` was given but no filter uses it.
    /// - Throws: `UsageError.needsElevationModel` when a filter needs one and `--dem` was not given.
    func apply(to filters: [FilterConfiguration]) throws(UsageError) -> [FilterConfiguration] {
        if model == nil, let needy = filters.first(where: \.needsElevationModel) {
            throw .needsElevationModel(filter: needy.label)
        }
        if let model, !filters.contains(where: \.needsElevationModel) {
            context.console.standardError(
                "note: no filter looks terrain up, so the tiles in '\(model.folder)' (\(Self.dem.name)) are not used; add --filter terrain-lookup or a pipeline with it.\n"
            )
        }
        return filters.map { $0.using(model) }
    }

    /// The tiles' post spacings for the results' context line when one of `filters` looks terrain up; nil otherwise.
    func arcSeconds(for filters: [FilterConfiguration]) -> [Int]? {
        filters.contains(where: \.needsElevationModel) ? model?.arcSeconds : nil
    }

    /// What the lookups found, for the command's output; nil without `--dem` or when nothing was looked up.
    var summary: String? {
        guard let totals = model?.tally.totals, totals.lookups > 0 else { return nil }
        return "Terrain lookups in '\(model!.folder)': \(totals.lookups) fixes, \(totals.fallbacks) kept their GPS altitude "
            + "(outside the tiles, all posts void, or an invalid coordinate), \(totals.voids) interpolated around void posts."
    }

    /// Whether more than half of the lookups kept their GPS altitude: terrain-lookup then scored mostly raw GPS.
    var mostlyFellBack: Bool {
        guard let totals = model?.tally.totals else { return false }
        return totals.fallbacks * 2 > totals.lookups
    }

    /// Why the tiles look wrong and how to write the right ones, for a warning or an error; nil unless `mostlyFellBack`.
    /// - Parameter scenarioFile: The suite's file, for the `dem` command line (a recording suite gets other advice).
    func fallbackProblem(scenarioFile: String) -> String? {
        guard mostlyFellBack, let model else { return nil }
        let totals = model.tally.totals
        let percent = NumberFormat.fixed(100 * Double(totals.fallbacks) / Double(totals.lookups), decimals: 1)
        let advice = RecordingSuite.isRecordingSuite(URL(fileURLWithPath: scenarioFile))
            ? "Does it hold the SRTM tiles of the recordings' area?"
            : "Are these the suite's tiles? Write them with '\(context.invocation(DEMCommand.self, SuiteOptions.scenarios.name, scenarioFile, DEMCommand.output.name, "<dir>"))'."
        return "\(totals.fallbacks) of \(totals.lookups) terrain lookups (\(percent) %) in '\(model.folder)' kept their GPS altitude "
            + "(no tile, all posts void, or an invalid coordinate), so terrain-lookup was scored mostly on raw GPS altitude. " + advice
    }

    /// Prints the lookups' counts, and a warning on standard error when most of them fell back.
    /// - Parameter scenarioFile: The suite's file, for the `dem` command line in the warning.
    func report(scenarioFile: String) {
        guard let summary else { return }
        context.print(summary)
        if let problem = fallbackProblem(scenarioFile: scenarioFile) {
            context.console.standardError("warning: \(problem)\n")
        }
    }
}

/// `--help`, accepted by every command.
enum HelpOption {
    static let help = OptionSpec(name: "--help", help: "Show help information.")
}

/// `--compare NAME` with `--scenarios FILE`: a signal profile to check against recordings instead of fitting one.
/// Shared by `calibrate` and `fidelity`.
struct CompareProfileOptions {
    static let compare = OptionSpec(
        name: "--compare",
        valueName: "signal",
        help: "Compare this signal profile of the --scenarios file with the recording instead of fitting one (for example a profile calibrated on another recording)."
    )
    static let scenarios = OptionSpec(
        name: "--scenarios",
        valueName: "file",
        help: "The scenario file holding the --compare profile. (default: \(SuiteOptions.defaultScenarioFile))"
    )
    static let options = [compare, scenarios]

    /// Loads the named profile; nil without `--compare`.
    static func profile(_ arguments: ParsedArguments, context: CommandContext) throws -> SignalProfile? {
        guard let name = arguments.value(compare) else {
            if arguments.value(scenarios) != nil {
                throw UsageError.invalidArgument(name: scenarios.name, message: "--scenarios only names the file of the --compare profile; add --compare <signal>")
            }
            return nil
        }
        let (suite, file) = try context.scenarioSuite(SuiteOptions(arguments), command: "--compare")
        guard let profile = suite.signals.first(where: { $0.name == name }) else {
            throw UsageError.invalidValue(
                option: compare.name, value: name,
                expected: "a signal of \(file): \(suite.signals.map(\.name).joined(separator: ", "))"
                    + (Suggestion.closest(to: name, among: suite.signals.map(\.name)).map { " (did you mean '\($0)'?)" } ?? "")
            )
        }
        return profile
    }
}
