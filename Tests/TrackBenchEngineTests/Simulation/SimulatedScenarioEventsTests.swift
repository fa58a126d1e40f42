import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchEngine
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct SimulatedScenarioEventsTests {
    @Test func mergesFixesCompassAndPedometerInTimeOrderAfterTheKnownStart() throws {
        let scenario = try #require(Fixtures.deadReckoningSuite.scenario(withID: "track-400m-jog-strong"))
        let simulated = scenario.simulate(seed: 100)
        let events = try #require(simulated.events)
        #expect(events.count == 1 + simulated.noisyPath.count + simulated.headings.count + simulated.steps.count)
        guard case let .fix(start) = events[0] else { Issue.record("the stream opens with \(events[0])"); return }
        #expect(start.coordinate == scenario.origin && start.horizontalAccuracyMeters == 0)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.timeSeconds <= $1.timeSeconds })
        #expect(simulated.receivedFixes == simulated.noisyPath.count + 1)
    }

    @Test func aScenarioWithoutSensorsHasNoEventsAndFiltersSeeItsPath() throws {
        let simulated = Fixtures.defaultSuite.scenarios[0].simulate(seed: 100)
        #expect(simulated.events == nil)
        let kalman = try FilterRegistry.builtIn.configuration(parsing: "kalman").makeFilter()
        #expect(simulated.estimatedPath(of: kalman) == kalman.estimatedPath(for: simulated.noisyPath))
    }

    @Test func filtersOfFixesOnlySeeExactlyTheFixesOfTheEvents() throws {
        let simulated = try #require(Fixtures.deadReckoningSuite.scenario(withID: "turns-200m-walk-strong")).simulate(seed: 100)
        let fixes = try #require(simulated.events).compactMap { event -> LocationFix? in
            if case let .fix(fix) = event { return fix }
            return nil
        }
        let kalman = try FilterRegistry.builtIn.configuration(parsing: "accuracy-gate+kalman").makeFilter()
        #expect(simulated.estimatedPath(of: kalman) == kalman.estimatedPath(for: Path(fixes)))
    }

    @Test func aTunnelDeliversNoFixes() throws {
        let scenario = try #require(Fixtures.dropoutSuite.scenario(withID: "loop-2000m-walk-tunnel120s-strong"))
        let tunnel = try #require(scenario.tunnelInterval)
        #expect(abs(scenario.distanceCoveredMeters(atTime: tunnel.lowerBound) - 2000.0 / 3) < 1e-6)
        let fixes = scenario.simulate(seed: 100).noisyPath.fixes
        #expect(!fixes.contains { tunnel.contains($0.deliveryTimeSeconds) })
        #expect(fixes.contains { $0.deliveryTimeSeconds > tunnel.upperBound })
    }
}
