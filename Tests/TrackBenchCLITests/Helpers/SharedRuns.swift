import Foundation
import TrackBench

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
