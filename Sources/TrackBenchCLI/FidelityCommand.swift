import Foundation
import TrackBenchCalibration
import TrackBenchEngine
import TrackBenchFormats
import TrackBenchReports
import TrackBenchSupport

/// `fidelity`: does the synthetic benchmark rank filters as real recordings do?
enum FidelityCommand: Command {
    static let name = "fidelity"
    static let overview = "Calibrate from each recording of a recording suite, simulate on its route, and compare the filters' ranking on both."
    static let suiteArgument = Argument(
        name: "recording-suite",
        help: "A recording suite file; recordings without a timed truth are listed as skipped, and a suite where no recording "
            + "gives a rank correlation is an error (exit 1)."
    )
    static let arguments = [suiteArgument]
    /// Recordings have no pedometer or compass, so the dead-reckoning filters never run by default.
    static let filter = FilterOptions.filter.help("Filter to compare, as 'run' takes it. Repeat for more.", default: FilterOptions.sensorlessDefaults)
    /// `--output`: unlike the other commands' folder, a file: the report.
    static let output = Option<String>(
        name: "--output",
        valueName: "file",
        help: "Also write the report to this Markdown file.",
        default: "print only"
    )
    static let seed = SeedOptions.seed.help("Simulate each recording's route under this one seed, 0 to \(UInt64.max).")
    static let seeds = SeedOptions.seeds.help(
        "Simulate each recording's route under each seed from first to last, e.g. 100...129.", default: "\(Benchmark.defaultSeeds)"
    )
    static let options = [filter.spec, output.spec, DateOption.date.spec] + CompareProfileOptions.options + [seed.spec, seeds.spec]
        + DEMOptions.options
        + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let suiteFile = try arguments.onlyPositional("a recording suite file", command: name)
        if let path = try arguments.value(output) {
            try OutputGuard.check(file: path, option: output.name, against: [("the recording suite", suiteFile)])
        }
        let specifications = try FilterOptions(arguments).specifications
        let dem = try DEMOptions(arguments, context: context)
        let filters = try dem.apply(
            to: specifications.isEmpty ? context.registry.defaultConfigurations : try context.filters(specifications, option: filter.name)
        )
        let seeds = try SeedOptions(arguments).seeds
        let profile = try CompareProfileOptions.profile(arguments, context: context)
        let document = SuiteDocument.read(URL(fileURLWithPath: suiteFile))
        guard document.isRecordingSuite else {
            throw UsageError.invalidArgument(
                name: suiteArgument.name,
                message: "'\(suiteFile)' is not a recording suite (a JSON file with 'recordings'); "
                    + "fidelity compares real recordings with their simulation"
            )
        }
        let suite = try document.recordingSuite()
        let day = try arguments.value(DateOption.date)
        var entries: [FidelityReport.Entry] = []
        for var entry in suite.entries {
            // A recording's own "date" key wins over --date.
            entry.day = entry.day ?? day
            let replay = try RecordingReplay(entry)
            do {
                entries.append((entry.id, .success(try RecordingFidelity(replay: replay, filters: filters, seeds: seeds, profile: profile))))
            } catch {
                entries.append((entry.id, .failure(error)))
            }
        }
        if let reasons = FidelityReport.reasonsNothingWasCompared(entries) {
            throw CommandError.fidelityComparedNothing(suite: suiteFile, reasons: reasons)
        }
        let report = FidelityReport.render(entries, suite: suite.name, seeds: seeds, comparedProfile: profile?.name)
        if let path = try arguments.value(output) {
            let fileURL = URL(fileURLWithPath: path)
            try AtomicFile.write([(report, fileURL)])
            context.console.standardError("Wrote \(fileURL.relativePath).\n")
        }
        context.console.standardOutput(report)
        dem.report(scenarioFile: suiteFile)
        return .success
    }
}
