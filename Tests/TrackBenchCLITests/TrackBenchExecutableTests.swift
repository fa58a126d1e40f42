import Foundation
import Testing
import TrackBench

// End-to-end tests: each runs the real `trackbench` executable built next to
// the test bundle, from the package root, writing only into temporary folders.

// MARK: - Help

/// Help beyond each command's own, which `CommandHelpTests` checks for every declared command.
struct HelpTests {
    @Test func versionFlagPrintsTheVersionResultsRecordAndExitsZero() async throws {
        let expected = "trackbench \(ResultsContext.currentVersion)\n"
        let result = try await TrackBenchExecutable.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == expected)
    }

    @Test func versionAfterACommandIsAUsageErrorNamingIt() async throws {
        let result = try await TrackBenchExecutable.run(["run", "--version"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: unknown option '--version' for 'run'."))
    }

    @Test func helpCommandAndHelpFlagPrintTheSameText() async throws {
        async let viaCommand = TrackBenchExecutable.run(["help", "run"])
        async let viaFlag = TrackBenchExecutable.run(["run", "--help"])
        let (command, flag) = try await (viaCommand, viaFlag)
        #expect(command.standardOutput == flag.standardOutput)
        #expect(command.standardOutput.contains("--filter <spec>"))
        #expect(command.standardOutput.contains("--jobs <n>"))
    }

    @Test func exportHelpDescribesTheScenarioArgumentAndOutputOption() async throws {
        let result = try await TrackBenchExecutable.run(["export", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\nARGUMENTS:\n"))
        #expect(result.standardOutput.contains("<scenario>"))
        #expect(result.standardOutput.contains("--output <dir>"))
    }
}

// MARK: - run

struct RunCommandTests {
    /// The filters a run of the default suite runs: every built-in one but those that need sensors and the altitude ones.
    private var filterNames: [String] { FilterRegistry.builtIn.defaultConfigurations.map(\.label) }

    @Test func runWritesResultsCSVWithOneRowPerScenarioAndFilter() async throws {
        let run = try await SharedRuns.defaultRun.value
        #expect(run.result.status == 0)
        #expect(run.result.standardError.isEmpty)
        let csv = try #require(run.resultsCSV, "results.csv was not written")
        #expect(csv.hasPrefix("# trackbench-results schema=3 suite=default suite_fnv1a64="))
        #expect(csv.split(separator: "\n")[1].hasPrefix("scenario,filter,seed,fixes,true_distance_m,noisy_distance_m,estimated_distance_m,error_pct"))
        #expect(csv.hasSuffix("\n"))

        let table = try CSVTable(csv)
        let suite = try DefaultSuite.load()
        #expect(suite.scenarios.count == 54)
        #expect(table.rows.count == 54 * filterNames.count)
        // Rows are ordered by scenario, then filter, for every scenario of the suite.
        let expectedPairs = suite.scenarios.flatMap { scenario in filterNames.map { [scenario.id, $0] } }
        let pairs = try zip(table.column("scenario"), table.column("filter")).map { [$0, $1] }
        #expect(pairs == expectedPairs)
    }

    @Test func runWritesReportWithRankingAndPrintsSummary() async throws {
        let run = try await SharedRuns.defaultRun.value
        #expect(run.result.status == 0)
        let report = try #require(run.reportMarkdown, "report.md was not written")
        #expect(report.contains("## Ranking"))
        for name in filterNames {
            #expect(report.contains(name))
        }
        let output = run.result.standardOutput
        #expect(output.contains("Ran 54 scenarios x \(filterNames.count) filters (suite 'default', seed 100)"))
        #expect(output.contains("results.csv"))
        #expect(output.contains("Rank  Filter"))
    }

    @Test func resultsDoNotDependOnTheNumberOfJobs() async throws {
        async let oneJob = TrackBenchExecutable.runCollectingResults(["run", "--seed", "100", "--jobs", "1"])
        let twoJobs = try await SharedRuns.defaultRun.value
        let first = try await oneJob
        #expect(first.result.status == 0)
        #expect(twoJobs.result.status == 0)
        let firstCSV = try #require(first.resultsCSV)
        let secondCSV = try #require(twoJobs.resultsCSV)
        #expect(Data(firstCSV.utf8) == Data(secondCSV.utf8))
        #expect(first.reportMarkdown == twoJobs.reportMarkdown)
    }

    @Test func anotherSeedGivesDifferentResultsForTheSameScenarios() async throws {
        async let reseeded = TrackBenchExecutable.runCollectingResults(["run", "--seed", "101", "--filter", "raw"])
        let defaultRun = try await SharedRuns.defaultRun.value
        let other = try await reseeded
        #expect(other.result.status == 0)
        #expect(other.result.standardOutput.contains("seed 101"))
        let defaultCSV = try #require(defaultRun.resultsCSV)
        let otherCSV = try #require(other.resultsCSV)
        let defaultRaw = try CSVTable(defaultCSV).filtered(column: "filter", equals: "raw")
        let otherRaw = try CSVTable(otherCSV)
        #expect(otherRaw.header == defaultRaw.header)
        #expect(otherRaw.rows.count == 54)
        #expect(try otherRaw.column("scenario") == defaultRaw.column("scenario"))
        // Every scenario's noise is drawn anew, so no noisy length survives to the millimetre.
        for (other, original) in zip(try otherRaw.column("noisy_distance_m"), try defaultRaw.column("noisy_distance_m")) {
            #expect(other != original)
        }
        #expect(otherRaw.rows != defaultRaw.rows)
    }

    @Test func filterOptionsRunExactlyTheNamedFiltersInOrder() async throws {
        async let selected = TrackBenchExecutable.runCollectingResults(["run", "--seed", "100", "--filter", "kalman:q=2.5", "--filter", "raw"])
        let defaultRun = try await SharedRuns.defaultRun.value
        let run = try await selected
        #expect(run.result.status == 0)
        #expect(run.result.standardOutput.contains("Ran 54 scenarios x 2 filters"))
        let table = try CSVTable(try #require(run.resultsCSV))
        #expect(table.rows.count == 54 * 2)
        let filters = try table.column("filter")
        #expect(Set(filters) == ["kalman:q=2.5", "raw"])
        #expect(filters == Array(repeating: ["kalman:q=2.5", "raw"], count: 54).flatMap { $0 })
        #expect(try table.column("filter_spec") == filters)
        // Choosing filters changes nothing in the rows of a filter that runs either way.
        let defaultTable = try CSVTable(try #require(defaultRun.resultsCSV))
        #expect(try table.filtered(column: "filter", equals: "raw").rows == defaultTable.filtered(column: "filter", equals: "raw").rows)
    }
}

// MARK: - Usage errors

/// A command line that is wrong, and what its error message must say.
struct UsageErrorCase: Sendable, CustomTestStringConvertible {
    /// The arguments; `{out}` stands for a fresh output folder that must stay unwritten.
    var arguments: [String]
    /// Fragments the `Error:` line must contain.
    var messageFragments: [String]
    /// A fragment of the usage text that follows the error.
    var usageFragment: String

    var testDescription: String { arguments.joined(separator: " ") }
}

struct UsageErrorTests {
    static let cases: [UsageErrorCase] = [
        UsageErrorCase(
            arguments: ["run", "--sed", "5", "--output", "{out}"],
            messageFragments: ["unknown option '--sed' for 'run'", "Did you mean '--seed'?"],
            usageFragment: "See 'trackbench help run'."
        ),
        UsageErrorCase(
            arguments: ["--jobz", "2", "--output", "{out}"],
            messageFragments: ["unknown option '--jobz' for 'run'", "Did you mean '--jobs'?"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["exprot", "--output", "{out}"],
            messageFragments: ["unknown command 'exprot'", "Did you mean 'export'?"],
            usageFragment: "USAGE: trackbench [<command>]"
        ),
        UsageErrorCase(
            arguments: ["help", "lst"],
            messageFragments: ["unknown command 'lst'", "Did you mean 'list'?"],
            usageFragment: "SUBCOMMANDS:"
        ),
        UsageErrorCase(
            arguments: ["run", "--seed", "abc", "--output", "{out}"],
            messageFragments: ["option '--seed' got 'abc'", "a whole number from 0 to 18446744073709551615"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--jobs", "0", "--output", "{out}"],
            messageFragments: ["option '--jobs' got '0'", "a whole number >= 1"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--filter", "kalmn", "--output", "{out}"],
            messageFragments: ["unknown filter 'kalmn'", "Did you mean 'kalman'?"],
            usageFragment: "See 'trackbench help run'."
        ),
        UsageErrorCase(
            arguments: ["run", "--filter", "kalman:z=1", "--output", "{out}"],
            messageFragments: ["filter 'kalman' has no parameter 'z'", "it takes: q"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--seed", "1", "--seed", "2", "--output", "{out}"],
            messageFragments: ["option '--seed' may be given only once"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--output"],
            messageFragments: ["option '--output' needs a value: dir"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--output="],
            messageFragments: ["option '--output' got '', expected a folder path"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["export", "outAndBack-1000m-2.8mps-strong"],
            messageFragments: ["'export' needs --output <dir>"],
            usageFragment: "See 'trackbench help export'."
        ),
        UsageErrorCase(
            arguments: ["export", "outAndBack-1000m-2.8mps-strnog", "--output", "{out}"],
            messageFragments: [
                "no scenario 'outAndBack-1000m-2.8mps-strnog' in 'Scenarios/default.json'",
                "Did you mean 'outAndBack-1000m-2.8mps-strong'?",
            ],
            usageFragment: "USAGE: trackbench export"
        ),
    ]

    @Test(arguments: cases)
    func badUsageExitsWithUsageCodeAndNamesTheProblem(_ usage: UsageErrorCase) async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("out")
            let arguments = usage.arguments.map { $0 == "{out}" ? output.path : $0 }
            let result = try await TrackBenchExecutable.run(arguments)
            #expect(result.status == 64)
            #expect(result.standardOutput.isEmpty)
            let errorLine = try #require(result.standardError.split(separator: "\n").first.map(String.init))
            #expect(errorLine.hasPrefix("Error: "))
            for fragment in usage.messageFragments {
                #expect(errorLine.contains(fragment), "\(errorLine) lacks \(fragment)")
            }
            #expect(result.standardError.contains(usage.usageFragment))
            #expect(!FileManager.default.fileExists(atPath: output.path), "a failed command wrote output")
        }
    }
}

// MARK: - Bad scenario files

/// A broken copy of the default scenario file, and the key its error must name.
enum BadScenarioFile: String, CaseIterable, Sendable {
    case invalidJSONSyntax
    case missingKey
    case unknownKey
    case negativeDistance
    case nonexistentFile

    /// The file's bytes, or nil for a file that must not exist.
    func contents() throws -> Data? {
        let original = try Data(contentsOf: DefaultSuite.url)
        switch self {
        case .invalidJSONSyntax:
            var text = String(decoding: original, as: UTF8.self)
            let range = try #require(text.range(of: "\"name\": \"default\","))
            text.replaceSubrange(range, with: "\"name\": \"default\",,")
            return Data(text.utf8)
        case .missingKey:
            return try modified(original) { json in
                var signals = json["signals"] as! [[String: Any]]
                signals[0].removeValue(forKey: "jitterMeters")
                json["signals"] = signals
            }
        case .unknownKey:
            return try modified(original) { json in
                var signals = json["signals"] as! [[String: Any]]
                signals[2]["jiterMeters"] = 0.2
                json["signals"] = signals
            }
        case .negativeDistance:
            return try modified(original) { json in
                json["distancesMeters"] = [1000, -5000, 10000]
            }
        case .nonexistentFile:
            return nil
        }
    }

    /// Fragments the error must contain besides the file name.
    var messageFragments: [String] {
        switch self {
        case .invalidJSONSyntax: ["is not valid JSON"]
        case .missingKey: ["key 'signals[0].jitterMeters'", "missing"]
        case .unknownKey: ["key 'signals[2].jiterMeters'", "unknown key", "did you mean 'jitterMeters'?"]
        case .negativeDistance: ["key 'distancesMeters'", "from 10 to 1000000 m", "-5000"]
        case .nonexistentFile: ["cannot read scenario file", "no such file"]
        }
    }

    private func modified(_ data: Data, _ change: (inout [String: Any]) -> Void) throws -> Data {
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        change(&json)
        return try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
    }
}

struct ScenarioFileErrorTests {
    @Test(arguments: BadScenarioFile.allCases)
    func badScenarioFileExitsWithFailureNamingFileAndKey(_ bad: BadScenarioFile) async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("\(bad.rawValue).json")
            if let contents = try bad.contents() {
                try contents.write(to: file)
            }
            let output = folder.appendingPathComponent("out")
            let result = try await TrackBenchExecutable.run(["run", "--seed", "100", "--scenarios", file.path, "--output", output.path])
            #expect(result.status == 1)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("Error: "))
            #expect(result.standardError.contains("'\(file.path)'"), "the error does not name the file")
            for fragment in bad.messageFragments {
                #expect(result.standardError.contains(fragment), "\(result.standardError) lacks \(fragment)")
            }
            #expect(!result.standardError.contains("USAGE:"), "a bad file is not a usage error")
            let results = output.appendingPathComponent("results.csv")
            #expect(!FileManager.default.fileExists(atPath: results.path), "results.csv written for a bad suite")
        }
    }

    @Test func listReportsABadScenarioFileLikeRun() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("broken.json")
            try #require(try BadScenarioFile.missingKey.contents()).write(to: file)
            let result = try await TrackBenchExecutable.run(["list", "--scenarios", file.path])
            #expect(result.status == 1)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.contains("scenario file '\(file.path)'"))
            #expect(result.standardError.contains("signals[0].jitterMeters"))
        }
    }
}

// MARK: - list

struct ListCommandTests {
    @Test func listPrintsEveryScenarioIdOfTheDefaultSuite() async throws {
        let result = try await TrackBenchExecutable.run(["list"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "SCENARIOS (54 in Scenarios/default.json, suite 'default'):")
        let ids = lines.dropFirst().prefix { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(ids.count == 54)
        #expect(Set(ids).count == 54)
        #expect(ids.contains("loop-5000m-2.8mps-weak"))
        #expect(ids.contains("outAndBack-1000m-2.8mps-strong"))
        #expect(ids == (try DefaultSuite.load()).scenarios.map(\.id))
    }

    @Test func listPrintsTheRegisteredFiltersWithTheirParameters() async throws {
        let result = try await TrackBenchExecutable.run(["list"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  terrain-lookup ") && $0.hasSuffix(" Runs only when named.") })
        #expect(lines.contains { $0.hasPrefix("  pdr-fusion ") && $0.hasSuffix(" Runs by default on suites with sensors.") })
        #expect(lines.contains { $0.hasPrefix("  kalman ") && !$0.contains(" Runs ") })
        let header = try #require(lines.firstIndex { $0.hasPrefix("FILTERS (") })
        #expect(lines[header].hasPrefix("FILTERS (\(FilterRegistry.builtIn.filterTypes.count);"))
        // Offline filters are marked, and the list ends with what the mark means.
        #expect(lines.contains { $0.hasPrefix("  rts-smoother †  ") })
        #expect(lines.last == "† offline: needs the whole track, so it cannot run live in an app.")
        // Each filter is a line indented by two spaces, followed by its parameters indented by six.
        var parameters: [(filter: String, lines: [String])] = []
        for line in lines[(header + 1)..<(lines.count - 1)] {
            if line.hasPrefix("      "), !parameters.isEmpty {
                parameters[parameters.count - 1].lines.append(line.trimmingCharacters(in: .whitespaces))
            } else {
                #expect(line.hasPrefix("  ") && !line.hasPrefix("   "), "unexpected line \(line)")
                parameters.append((String(line.dropFirst(2).prefix { $0 != " " }), []))
            }
        }
        let names = parameters.map(\.filter)
        #expect(names.contains("raw"))
        #expect(names.contains("kalman"))
        #expect(names == FilterRegistry.builtIn.filterTypes.map { $0.name })
        let kalman = try #require(parameters.first { $0.filter == "kalman" })
        #expect(kalman.lines.count == 1)
        #expect(kalman.lines.first?.hasPrefix("q=3 m/s ") == true)
        let raw = try #require(parameters.first { $0.filter == "raw" })
        #expect(raw.lines.isEmpty, "raw takes no parameters")
    }
}

// MARK: - export

struct ExportCommandTests {
    static let scenarioID = "outAndBack-1000m-2.8mps-strong"
    static let pathHeader = "timestamp_s,latitude,longitude,altitude_m,horizontal_accuracy_m,vertical_accuracy_m,course_deg,speed_mps,delivery_time_s"

    @Test func exportWritesTrueAndNoisyPathsWithTheDocumentedHeader() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("paths")
            let result = try await TrackBenchExecutable.run(["export", Self.scenarioID, "--output", output.path])
            #expect(result.status == 0)
            #expect(result.standardError.isEmpty)
            #expect(result.standardOutput.contains("for \(Self.scenarioID), seed 100"))
            for name in ["true.csv", "noisy.csv"] {
                let text = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
                let table = try CSVTable(text)
                #expect(table.header.joined(separator: ",") == Self.pathHeader, "\(name)")
                #expect(table.rows.count > 100, "\(name)")
                #expect(table.rows.allSatisfy { row in row.count == 9 && row.allSatisfy { Double($0) != nil } }, "\(name)")
            }
        }
    }

    @Test func exportWritesEachFiltersEstimatesMatchingTheRun() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("paths")
            async let export = TrackBenchExecutable.run(
                ["export", Self.scenarioID, "--output", output.path, "--filter", "kalman", "--filter", "accuracy-gate+cv-kalman"]
            )
            let run = try await SharedRuns.defaultRun.value
            #expect(try await export.status == 0)
            let results = try CSVTable(try #require(run.resultsCSV))
            for (label, file) in [("kalman", "estimated-kalman.csv"), ("cv-kalman", "estimated-accuracy-gate_cv-kalman.csv")] {
                let row = try #require(try results.row(where: ["scenario": Self.scenarioID, "filter": label]))
                let estimated = try CSVTable(String(contentsOf: output.appendingPathComponent(file), encoding: .utf8))
                #expect(estimated.rows.count == Int(try results.value("estimated_fixes", in: row)))
                let distance = try #require(Double(try results.value("estimated_distance_m", in: row)))
                // A clean strong signal: the accuracy gate passes everything, so the pipeline equals cv-kalman.
                #expect(abs(try Self.totalDistanceMeters(of: estimated) - distance) <= 0.001, "\(file)")
            }
        }
    }

    @Test func exportedPathsReproduceTheDistancesAndFixCountOfTheRun() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("paths")
            async let export = TrackBenchExecutable.run(["export", Self.scenarioID, "--output", output.path])
            let run = try await SharedRuns.defaultRun.value
            #expect(try await export.status == 0)

            let results = try CSVTable(try #require(run.resultsCSV))
            let row = try #require(try results.row(where: ["scenario": Self.scenarioID, "filter": "raw"]))
            let fixes = try #require(Int(try results.value("fixes", in: row)))
            let trueDistance = try #require(Double(try results.value("true_distance_m", in: row)))
            let noisyDistance = try #require(Double(try results.value("noisy_distance_m", in: row)))

            let truePath = try CSVTable(String(contentsOf: output.appendingPathComponent("true.csv"), encoding: .utf8))
            let noisyPath = try CSVTable(String(contentsOf: output.appendingPathComponent("noisy.csv"), encoding: .utf8))
            #expect(noisyPath.rows.count == fixes)
            #expect(abs(try Self.totalDistanceMeters(of: truePath) - trueDistance) <= 0.001)
            #expect(abs(try Self.totalDistanceMeters(of: noisyPath) - noisyDistance) <= 0.001)
        }
    }

    @Test func exportWithAnotherSeedWritesAnotherNoisyPath() async throws {
        try await withTemporaryFolder { folder in
            let first = folder.appendingPathComponent("seed100")
            let second = folder.appendingPathComponent("seed7")
            async let defaultSeed = TrackBenchExecutable.run(["export", Self.scenarioID, "--output", first.path])
            async let otherSeed = TrackBenchExecutable.run(["export", Self.scenarioID, "--output", second.path, "--seed", "7"])
            let (a, b) = try await (defaultSeed, otherSeed)
            #expect(a.status == 0 && b.status == 0)
            #expect(b.standardOutput.contains("seed 7"))
            let noisyA = try Data(contentsOf: first.appendingPathComponent("noisy.csv"))
            let noisyB = try Data(contentsOf: second.appendingPathComponent("noisy.csv"))
            #expect(noisyA != noisyB)
        }
    }

    /// The summed haversine length of a path CSV, recomputed from its latitude and longitude columns.
    private static func totalDistanceMeters(of path: CSVTable) throws -> Double {
        let latitudes = try path.column("latitude").map { try #require(Double($0)) }
        let longitudes = try path.column("longitude").map { try #require(Double($0)) }
        let coordinates = zip(latitudes, longitudes).map { Coordinate(latitude: $0, longitude: $1) }
        return zip(coordinates, coordinates.dropFirst()).reduce(0) { total, step in
            total + GreatCircle.distanceMeters(from: step.0, to: step.1)
        }
    }
}

// MARK: - Helpers

/// What one run of the executable printed and returned.
struct CommandResult: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// A `run` and the files it wrote, read into memory before its output folder was removed.
struct RunOutput: Sendable {
    var result: CommandResult
    var resultsCSV: String?
    var reportMarkdown: String?
}

/// Runs that several tests read; each runs once, on first use, whatever the test order.
enum SharedRuns {
    /// `trackbench run --jobs 2 --output <tmp>`: the default suite, filters and seed, on two threads.
    static let defaultRun = Task { try await TrackBenchExecutable.runCollectingResults(["run", "--seed", "100", "--jobs", "2"]) }
}

/// The default scenario file of the package.
enum DefaultSuite {
    static var url: URL { TrackBenchExecutable.packageRoot.appendingPathComponent("Scenarios/default.json") }

    static func load() throws -> ScenarioSuite {
        try ScenarioSuite.load(from: url)
    }
}

enum TrackBenchExecutable {
    /// The package root: this file is `<root>/Tests/TrackBenchCLITests/TrackBenchExecutableTests.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Folders where SwiftPM may have put the products: next to the test bundle.
    static var productFolders: [URL] {
        var folders = [Bundle.main.bundleURL]
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        if let executable = Bundle.main.executableURL {
            folders.append(executable.deletingLastPathComponent())
        }
        return folders
    }

    /// A built executable of this package, `trackbench` by default.
    static func url(named name: String = "trackbench") throws -> URL {
        let candidates = productFolders.map { $0.appendingPathComponent(name) }
        let found = candidates.first { candidate in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: candidate.path)
        }
        return try #require(found, "no \(name) executable in \(productFolders.map(\.path))")
    }

    /// Runs `trackbench` (or another executable of the package) with `arguments` from `workingDirectory`, the
    /// package root by default, and captures everything it prints; `environment` adds variables to the test's own.
    ///
    /// Output goes to temporary files rather than pipes, so a chatty process never blocks on a full pipe.
    static func run(
        _ arguments: [String],
        executable name: String = "trackbench",
        environment: [String: String] = [:],
        in workingDirectory: URL = packageRoot
    ) async throws -> CommandResult {
        try await launch(try url(named: name), arguments, environment: environment, in: workingDirectory)
    }

    /// Runs a command line as TrackBench printed it, verbatim, through `/bin/sh -c` from the package root, with
    /// the package's executables first on the PATH: what a user pasting it into a shell gets.
    static func runPrinted(_ commandLine: String, executable name: String = "trackbench") async throws -> CommandResult {
        let folder = try url(named: name).deletingLastPathComponent().path
        let path = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try await launch(URL(fileURLWithPath: "/bin/sh"), ["-c", commandLine], environment: ["PATH": path], in: packageRoot)
    }

    /// Starts `process` and waits for it to end, without blocking a thread; its termination status.
    static func runToEnd(_ process: Process) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }

    private static func launch(
        _ executable: URL, _ arguments: [String], environment: [String: String], in workingDirectory: URL
    ) async throws -> CommandResult {
        try await withTemporaryFolder { capture in
            let outputURL = capture.appendingPathComponent("stdout")
            let errorURL = capture.appendingPathComponent("stderr")
            try Data().write(to: outputURL)
            try Data().write(to: errorURL)
            let outputHandle = try FileHandle(forWritingTo: outputURL)
            let errorHandle = try FileHandle(forWritingTo: errorURL)

            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = workingDirectory
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = outputHandle
            process.standardError = errorHandle
            let status = try await runToEnd(process)
            try outputHandle.close()
            try errorHandle.close()
            return CommandResult(
                status: status,
                standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
                standardError: try String(contentsOf: errorURL, encoding: .utf8)
            )
        }
    }

    /// Runs `trackbench <arguments> --output <tmp>` and reads back results.csv and report.md.
    static func runCollectingResults(_ arguments: [String]) async throws -> RunOutput {
        try await withTemporaryFolder { folder in
            let result = try await run(arguments + ["--output", folder.path])
            func read(_ name: String) -> String? {
                try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
            return RunOutput(result: result, resultsCSV: read("results.csv"), reportMarkdown: read("report.md"))
        }
    }
}

/// Runs `body` with a fresh, empty temporary folder that is removed afterwards.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("TrackBenchCLITests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// A CSV file without quoted fields, as results.csv and the path files are for the default suite.
struct CSVTable {
    /// A results file's first line, `# trackbench-results ...`; nil for files without one.
    var context: String?
    var header: [String]
    var rows: [[String]]

    init(_ text: String) throws {
        #expect(!text.contains("\""), "quoted fields are not expected here")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "the file must end with a newline")
        if lines.last == "" { lines.removeLast() }
        if lines.first?.hasPrefix("# trackbench-results ") == true {
            context = lines.removeFirst()
        }
        let first = try #require(lines.first, "the file is empty")
        header = first.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let width = header.count
        #expect(rows.allSatisfy { $0.count == width }, "every row has as many fields as the header")
    }

    func index(of column: String) throws -> Int {
        try #require(header.firstIndex(of: column), "no column \(column)")
    }

    func column(_ name: String) throws -> [String] {
        let index = try index(of: name)
        return rows.map { $0[index] }
    }

    func value(_ column: String, in row: [String]) throws -> String {
        row[try index(of: column)]
    }

    /// The table with only the rows whose `column` is `value`.
    func filtered(column: String, equals value: String) throws -> CSVTable {
        let index = try index(of: column)
        var table = self
        table.rows = rows.filter { $0[index] == value }
        return table
    }

    /// The table as CSV text again.
    var rendered: String {
        (context.map { $0 + "\n" } ?? "") + ([header] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    /// The first row whose columns have the given values.
    func row(where values: [String: String]) throws -> [String]? {
        let indices = try values.map { (try index(of: $0.key), $0.value) }
        return rows.first { row in indices.allSatisfy { row[$0.0] == $0.1 } }
    }
}
