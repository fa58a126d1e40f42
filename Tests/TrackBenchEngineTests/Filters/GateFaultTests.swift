import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchEngine
import TrackBenchTestSupport

/// Gates remove the faults they exist for, and nothing else when there are none.
struct GateFaultTests {
    private func delivered(_ id: String) throws -> Path {
        try #require(Fixtures.hardSuite.scenario(withID: id)).simulate(seed: Benchmark.defaultSeed).noisyPath
    }

    private func isStale(_ fix: LocationFix) -> Bool { fix.deliveryTimeSeconds - fix.timestampSeconds > 10 }

    @Test func hardSuiteMixesStopsAndFaultySignals() {
        let suite = Fixtures.hardSuite
        #expect(suite.scenarios.count == 48)
        #expect(Set(suite.signals.map(\.name)) == ["city-canyon", "forest", "signal-loss"])
        #expect(suite.scenarios.filter { $0.stopSeconds > 0 }.allSatisfy { (10...60).contains($0.stopSeconds) })
        #expect(suite.signals.allSatisfy { $0.faults != .none })
    }

    @Test func staleGateRemovesExactlyTheStaleFixes() throws {
        let path = try delivered("loop-5000m-1.4mps-signal-loss")
        let staleCount = path.fixes.filter(isStale).count
        #expect(staleCount > 5)
        let gated = StaleGate(maxAgeSeconds: 10).estimatedPath(for: path)
        #expect(gated.fixes == path.fixes.filter { !isStale($0) })
    }

    @Test func accuracyGateRemovesInvalidAndVagueFixesOnly() throws {
        let path = try delivered("outAndBack-5000m-1.4mps-city-canyon")
        let invalidCount = path.fixes.filter { !$0.hasValidCoordinate }.count
        #expect(invalidCount > 5)
        let gated = AccuracyGate(maxAccuracyMeters: 50).estimatedPath(for: path)
        #expect(gated.fixes == path.fixes.filter { $0.hasValidCoordinate && $0.horizontalAccuracyMeters <= 50 })
    }

    @Test func adaptiveGateRemovesEveryInvalidFixYetKeepsLoggingInAForest() throws {
        let path = try delivered("loop-5000m-1.4mps-forest")
        let gated = AdaptiveGate(windowSize: 10, factor: 2, floorMeters: 10, relaxSeconds: 10).estimatedPath(for: path)
        #expect(gated.fixes.allSatisfy { $0.hasValidCoordinate })
        #expect(Double(gated.count) > 0.9 * Double(path.fixes.filter(\.hasValidCoordinate).count))
        // The published fixed 11 m threshold keeps almost nothing under the forest's 22 m mean accuracy.
        let strict = RunningAverageThresholdFilter(thresholdMeters: 11, windowSize: 20).estimatedPath(for: path)
        #expect(Double(strict.count) < 0.1 * Double(path.count))
    }

    @Test(arguments: ["stale-gate", "accuracy-gate", "adaptive-gate"])
    func gatesPassEveryFixOfACleanStrongSignal(gate: String) throws {
        let scenario = try #require(Fixtures.defaultSuite.scenario(withID: "loop-5000m-2.8mps-strong"))
        let path = scenario.simulate(seed: Benchmark.defaultSeed).noisyPath
        let filter = try FilterRegistry.builtIn.configuration(parsing: gate).makeFilter()
        #expect(filter.estimatedPath(for: path) == path)
    }
}
