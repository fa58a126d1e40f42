import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
import TrackBenchTestSupport

/// What the dead-reckoning and dropout suites are judged by: the published estimator's error scale, the per-step
/// variant on curved routes, the fusion through a dropout.
struct DeadReckoningSuiteTests {
    private func filters(_ specifications: [String]) throws -> [FilterConfiguration] {
        try specifications.map { try FilterRegistry.builtIn.configuration(parsing: $0) }
    }

    /// The mean of `metric` per filter over the scenarios matching `ids`, under ten seeds.
    private func means(_ metric: Metric, _ filters: [String], suite: ScenarioSuite, where ids: (String) -> Bool) async throws -> [String: Double] {
        try await means(metric, filters, scenarios: suite.scenarios.filter { ids($0.id) })
    }

    /// The mean of `metric` per filter over `scenarios`, under ten seeds.
    private func means(_ metric: Metric, _ filters: [String], scenarios: [Scenario]) async throws -> [String: Double] {
        let scores = await Benchmark(scenarios: scenarios, filters: try self.filters(filters)).run()
        var sums: [String: (Double, Int)] = [:]
        for score in scores {
            let value = try #require(metric.value(in: score))
            sums[score.filter, default: (0, 0)].0 += value
            sums[score.filter, default: (0, 0)].1 += 1
        }
        return sums.mapValues { $0.0 / Double($0.1) }
    }

    /// The published estimator's mean endpoint error in cm/m over the scenarios matching `ids`.
    private func paperError(where ids: (String) -> Bool) async throws -> Double {
        try #require(try await means(.endpointErrorCentimetersPerMeter, ["pdr-paper"], suite: Fixtures.deadReckoningSuite, where: ids)["pdr-paper"])
    }

    @Test func thePublishedEstimatorErrsWithinOneAndAHalfTimesTheStudysScaleForEachActivity() async throws {
        // The study's routes (100 m straight, 200 m with turns, a 400 m track; its 250 m of mixed activity on each shape,
        // whose shape it does not give) against the scale issue 27 states for it: 6-15 cm/m walking, about 24 cm/m
        // power-walking, jogging and mixed (Docs/dead-reckoning.md, against the study).
        let routes = ["straight-100m-", "turns-200m-", "track-400m-"]
        let scales: [(gait: String, low: Double, high: Double)] = [("walk", 6, 15), ("power-walk", 24, 24), ("jog", 24, 24), ("mixed", 24, 24)]
        for scale in scales {
            let error = try await paperError { id in
                scale.gait == "mixed" ? id.contains("-250m-mixed-") : routes.contains { id.hasPrefix($0) } && id.hasSuffix("m-\(scale.gait)-strong")
            }
            #expect(error >= scale.low / 1.5 && error <= scale.high * 1.5, "\(scale.gait): \(error) cm/m")
        }
    }

    @Test func powerWalkingAndJoggingErrMoreThanWalkingOnAStraight() async throws {
        // Where the stride's error shows undiluted: a person's stride misses the fixed one by more at the faster paces.
        let walk = try await paperError { $0.hasPrefix("straight-") && $0.contains("-walk-") }
        let powerWalk = try await paperError { $0.hasPrefix("straight-") && $0.contains("-power-walk-") }
        let jog = try await paperError { $0.hasPrefix("straight-") && $0.contains("-jog-") }
        #expect(walk < powerWalk && walk < jog, "walk \(walk), power-walk \(powerWalk), jog \(jog) cm/m")
    }

    @Test func oneHeadingPerStepGainsOnRoutesWithTurnsFarMoreThanOnStraights() async throws {
        // One activity per run: a mixed run's phone turns are curves of the compass on every shape.
        func gain(_ shape: String) async throws -> Double {
            let errors = try await means(.endpointErrorCentimetersPerMeter, ["pdr-paper", "pdr-per-step"], suite: Fixtures.deadReckoningSuite) {
                $0.hasPrefix(shape) && !$0.contains("-mixed-")
            }
            return try #require(errors["pdr-paper"]) - #require(errors["pdr-per-step"])
        }
        let turns = try await gain("turns-")
        let straight = try await gain("straight-")
        #expect(turns > 0.3 && abs(straight) < turns / 2, "gain on turns \(turns), on straights \(straight) cm/m")
    }

    @Test func aLaggingCompassCostsOnTurnsAndNothingOnStraights() async throws {
        // One activity per run: a mixed run's phone turns make the compass turn on a straight too.
        let scenarios = Fixtures.deadReckoningSuite.scenarios.filter { !$0.id.hasPrefix("track-") && $0.gait != .mixed }
        let instant = try scenarios.map { scenario in
            var sensors = try #require(scenario.sensors)
            sensors.headingLagSeconds = 0
            return Scenario(
                pathType: scenario.pathType, distanceMeters: scenario.distanceMeters, gait: try #require(scenario.gait), sensors: sensors,
                signal: scenario.signal, origin: scenario.origin
            )
        }
        for shape in ["straight-", "turns-"] {
            let lagging = try await means(
                .endpointErrorCentimetersPerMeter, ["pdr-per-step"], scenarios: scenarios.filter { $0.id.hasPrefix(shape) })["pdr-per-step"]
            let without = try await means(
                .endpointErrorCentimetersPerMeter, ["pdr-per-step"], scenarios: instant.filter { $0.id.hasPrefix(shape) })["pdr-per-step"]
            let cost = try #require(lagging) - #require(without)
            #expect(shape == "straight-" ? cost == 0 : cost > 0.2, "\(shape) \(cost) cm/m")
        }
    }

    @Test func theFusionStaysFarCloserThanRawGPSThroughAMinuteWithoutIt() async throws {
        let errors = try await means(.dropoutError60sMeters, ["raw", "pdr-fusion"], suite: Fixtures.dropoutSuite) { $0.contains("-tunnel60s-") }
        #expect(try #require(errors["pdr-fusion"]) < #require(errors["raw"]) / 3)
    }

    @Test func resultsDoNotDependOnTheNumberOfJobs() async throws {
        let benchmark = Benchmark(
            scenarios: Array(Fixtures.dropoutSuite.scenarios.prefix(4)) + Array(Fixtures.deadReckoningSuite.scenarios.prefix(4)),
            filters: try filters(["raw", "pdr-paper", "pdr-per-step", "pdr-fusion"]), seeds: SeedRange(first: 100, last: 101)!
        )
        let serial = await benchmark.run(maximumConcurrency: 1)
        #expect(await benchmark.run(maximumConcurrency: 5) == serial)
    }
}
