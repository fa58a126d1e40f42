import Foundation
import TrackBenchReports
import TrackBenchSupport

/// `export`: one scenario's true and noisy paths as CSV, its step and heading streams when it has sensors, and its
/// barometer readings when its phone has a barometer.
enum ExportCommand: Command {
    static let name = "export"
    static let overview = "Write one scenario's true and noisy paths as true.csv and noisy.csv, its sensors' steps.csv, headings.csv "
        + "and barometer.csv, and filters' estimates."
    static let arguments = [Argument(name: "scenario", help: "A scenario id, as printed by the 'list' command.")]
    static let output = OutputOptions.folder.required()
    static let filter = FilterOptions.filter.help("Also write this filter's estimates on the noisy path, as estimated-<label>.csv. Repeatable.")
    static let options = [output.spec, filter.spec] + SuiteOptions.scenarioFileOptions + [SeedOptions.singleSeed.spec] + DEMOptions.options
        + [HelpOption.help.spec]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let id = try arguments.onlyPositional("a scenario id", command: name)
        let folderURL = try arguments.required(output, command: name)
        let seed = try SeedOptions.single(arguments)
        let dem = try DEMOptions(arguments, context: context)
        let filters = try dem.apply(to: context.filters(FilterOptions(arguments).specifications, option: filter.name))
        let (suite, file) = try context.scenarioSuite(SuiteOptions(arguments), command: name)
        let scenario = try context.scenario(withID: id, in: suite, file: file)
        try context.requireSensors(for: filters, hasSensors: scenario.sensors != nil, file: file)
        var fileNames: [String: String] = [:]
        for configuration in filters {
            let fileName = "estimated-\(CommandContext.fileName(for: configuration.label)).csv"
            if let other = fileNames[fileName] {
                throw UsageError.invalidValue(
                    option: filter.name, value: configuration.label,
                    expected: "labels that make different file names; '\(other)' also writes \(fileName) (set one with label=NAME)"
                )
            }
            fileNames[fileName] = configuration.label
        }
        let simulated = scenario.simulate(seed: seed)
        let trueURL = folderURL.appendingPathComponent("true.csv")
        let noisyURL = folderURL.appendingPathComponent("noisy.csv")
        var files = [(PathCSV.render(simulated.truePath), trueURL), (PathCSV.render(simulated.noisyPath), noisyURL)]
        var messages = [
            "Wrote \(trueURL.relativePath) (\(simulated.truePath.count) fixes) and \(noisyURL.relativePath) (\(simulated.noisyPath.count) fixes) "
                + "for \(id), seed \(seed)."
        ]
        let stepsURL = folderURL.appendingPathComponent(SensorCSV.stepsFileName)
        let headingsURL = folderURL.appendingPathComponent(SensorCSV.headingsFileName)
        let barometerURL = folderURL.appendingPathComponent(SensorCSV.barometerFileName)
        if scenario.sensors != nil {
            files += [(SensorCSV.render(simulated.steps), stepsURL), (SensorCSV.render(simulated.headings), headingsURL)]
            messages.append(
                "Wrote \(stepsURL.relativePath) (\(simulated.steps.count) pedometer updates) and \(headingsURL.relativePath) "
                    + "(\(simulated.headings.count) compass samples)."
            )
            if let note = simulated.unusableReadingsNote { messages.append(note) }
        }
        if !simulated.barometer.isEmpty {
            files.append((SensorCSV.render(simulated.barometer), barometerURL))
            messages.append("Wrote \(barometerURL.relativePath) (\(simulated.barometer.count) barometer readings).")
        }
        for configuration in filters {
            let estimated = simulated.estimatedPath(of: configuration.makeFilter())
            let url = folderURL.appendingPathComponent("estimated-\(CommandContext.fileName(for: configuration.label)).csv")
            files.append((PathCSV.render(estimated), url))
            let diverged = PathCSV.nonFiniteRows(of: estimated)
            messages.append(
                "Wrote \(url.relativePath) (\(estimated.count) estimates of \(MarkdownText.safe(configuration.label))"
                    + (diverged > 0 ? "; the filter diverged: \(diverged) have no finite position, written as empty fields)." : ").")
            )
        }
        try AtomicFile.write(files)
        messages.forEach { context.print($0) }
        // An earlier export's sensor files would pass for this scenario's: remove those TrackBench wrote (known by their
        // header row) that this export did not replace. Files of other programs are left alone.
        let written = Set(files.map(\.1.path))
        let headers = [(stepsURL, SensorCSV.stepColumns), (headingsURL, SensorCSV.headingColumns), (barometerURL, SensorCSV.barometerColumns)]
        for (url, columns) in headers where !written.contains(url.path) && Self.firstLine(of: url) == columns.joined(separator: ",") {
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw OutputError.cannotWrite(path: url.path, reason: "cannot remove it: \(error.localizedDescription)")
            }
            context.print("Removed \(url.relativePath), left by an earlier export: this scenario's phone has no such sensor.")
        }
        dem.report(scenarioFile: file)
        return .success
    }

    /// The first line of a regular file, or nil when it is not one (a pipe would block) or cannot be read.
    private static func firstLine(of url: URL) -> String? {
        guard (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType == .typeRegular,
              let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 256)) ?? Data()
        return String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    }
}
