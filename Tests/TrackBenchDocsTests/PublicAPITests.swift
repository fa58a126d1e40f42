import Foundation
import Testing
import TrackBenchTestSupport

#if canImport(Darwin)
import Darwin
#endif

/// Pins the public surface of every module a team imports (`TrackBench`, the modules it re-exports, and `TrackBenchCLI`)
/// to `Docs/public-api.txt`, as the compiler sees it.
///
/// The list comes from the built modules of this test run (`swift symbolgraph-extract`, the tool behind
/// `swift package dump-symbol-graph`), not from the source text, so an access keyword an extension or a
/// default implementation inherits is counted as the compiler counts it. A change to the API a team embeds
/// shows up as a failing test and a diff to review. After a deliberate change, regenerate the list:
/// `TRACKBENCH_UPDATE_PUBLIC_API=1 swift test --filter PublicAPITests`.
struct PublicAPITests {
    static let listFile = Fixtures.packageRoot.appendingPathComponent("Docs/public-api.txt")

    @Test func publicSurfaceMatchesTheCommittedList() throws {
        let current = try Self.listing.get()
        if ProcessInfo.processInfo.environment["TRACKBENCH_UPDATE_PUBLIC_API"] == "1" {
            try current.write(to: Self.listFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.listFile, encoding: .utf8)
        let added = Set(current.split(separator: "\n")).subtracting(committed.split(separator: "\n"))
        let removed = Set(committed.split(separator: "\n")).subtracting(current.split(separator: "\n"))
        #expect(
            current == committed,
            """
            The public API changed. Added: \(added.sorted()). Removed: \(removed.sorted()).
            If deliberate, run TRACKBENCH_UPDATE_PUBLIC_API=1 swift test --filter PublicAPITests and document it.
            """
        )
    }

    @Test func internalsStayInternal() throws {
        let current = try Self.listing.get()
        let hidden = [
            "DriftProcess", "GaussianSampler", "NoiseModel", "FaultInjector", "SplitMix64", "KalmanFilter", "FilterPipeline",
            // `package`: shared by this package's targets, not a team's to build on.
            "ErrorStatistics", "PairedVerdicts", "TerrainTilePlan", "BaselineJUnit", "BaselineComparison", "ResultsCSV",
        ]
        for type in hidden {
            #expect(!current.contains("| \(type) |") && !current.contains("| \(type)."), "\(type) is public")
        }
    }

    @Test func theListShowsTheEmbeddingEntryPoints() throws {
        let current = try Self.listing.get()
        let entryPoints = [
            "RegisteredFilter", "FilterRegistry.adding(_:)", "LocationFix", "TrackBenchCommand.main(arguments:registry:console:commandName:)",
        ]
        for path in entryPoints {
            #expect(current.contains("| \(path) |"), "\(path) is missing from the public API")
        }
    }

    /// The header of `Docs/public-api.txt`, above one line per declaration.
    static let header = """
        # TrackBench's public API as the compiler sees it (swift symbolgraph-extract on the built modules), one line per
        # declaration: module | kind | path | declaration. Pinned by PublicAPITests; after a deliberate change:
        # TRACKBENCH_UPDATE_PUBLIC_API=1 swift test --filter PublicAPITests

        """

    /// The listing, made once for all the tests of this suite (extracting the modules takes a few seconds).
    static let listing = Result { try publicDeclarations() }

    /// One line per public declaration, `module | kind | path | declaration`, sorted, under `header`.
    ///
    /// A type's line adds the protocols it conforms to, except the ones every type has (`Copyable`, `Escapable`, ...).
    static func publicDeclarations() throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-public-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        try SymbolGraphExtractor(modulesFolder: try modulesFolder()).extract(modules: try teamModules(), into: output)
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".symbols.json") }
        // `TrackBenchSuite@TrackBenchModel.symbols.json` holds what TrackBenchSuite declares in extensions of TrackBenchModel's types.
        let modules = files.map { String($0.prefix { $0 != "@" && $0 != "." }) }
        let graphs: [SymbolGraph] = try files.map { file in
            try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: output.appendingPathComponent(file)))
        }
        let paths = SymbolGraph.paths(in: graphs)
        let lines = Set(zip(modules, graphs).flatMap { module, graph in graph.lines(module: module, paths: paths) })
        return header + lines.sorted().joined(separator: "\n") + "\n"
    }

    /// The modules a team's package can import: `TrackBench`, each module its `@_exported import` lines name, and `TrackBenchCLI`.
    static func teamModules() throws -> [String] {
        let umbrella = Fixtures.packageRoot.appendingPathComponent("Sources/TrackBench/TrackBench.swift")
        let exported = try String(contentsOf: umbrella, encoding: .utf8).split(separator: "\n").compactMap { line in
            line.hasPrefix("@_exported import ") ? String(line.dropFirst("@_exported import ".count)) : nil
        }
        guard !exported.isEmpty else { throw PublicAPIListingError(reason: "\(umbrella.path) has no `@_exported import` line to list") }
        return ["TrackBench", "TrackBenchCLI"] + exported
    }

    /// The `Modules` folder of the build this test runs from (debug or release, any platform), found from the test bundle's path.
    static func modulesFolder() throws -> URL {
        let bundle = try testBundlePath()
        var folder = URL(fileURLWithPath: bundle).standardizedFileURL
        while folder.pathComponents.count > 1 {
            folder.deleteLastPathComponent()
            let modules = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("TrackBenchCLI.swiftmodule").path) { return modules }
        }
        throw PublicAPIListingError(
            reason: "no Modules/TrackBenchCLI.swiftmodule above the test bundle \(bundle); build with `swift build --build-tests`"
        )
    }

    /// The file of the test bundle: on macOS the image this code was loaded from (`xctest` or SwiftPM's helper loads it),
    /// elsewhere the test executable itself (`.build/<triple>/<configuration>/TrackBenchPackageTests.xctest`).
    static func testBundlePath() throws -> String {
        #if canImport(Darwin)
        var image = Dl_info()
        guard dladdr(#dsohandle, &image) != 0, let name = image.dli_fname else {
            throw PublicAPIListingError(reason: "cannot find the path of the test bundle (dladdr failed)")
        }
        return String(cString: name)
        #else
        guard let executable = Bundle.main.executableURL else {
            throw PublicAPIListingError(reason: "cannot find the path of the test executable (Bundle.main has none)")
        }
        return executable.path
        #endif
    }
}
