import Testing
@testable import TrackBench

/// What the dead-reckoning and dropout suites are judged by: the published estimator's error scale, the per-step
/// variant on curved routes, the fusion through a dropout.
struct DeadReckoningSuiteTests {
    private func filters(_ specifications: [String]) throws -> [FilterConfiguration] {
        try specifications.map { try FilterRegistry.builtIn.configuration(parsing: $0) }
    }

    /// The mean of `metric` per filter over the scenarios matching `ids`, under ten seeds.
    private func means(_ metric: Metric, _ filters: [String], suite: ScenarioSuite, where ids: (String) -> Bool) async throws -> [String: Double] {
        let scores = await Benchmark(scenarios: suite.scenarios.filter { ids($0.id) }, filters: try self.filters(filters)).run()
        var sums: [String: (Double, Int)] = [:]
        for score in scores {
            let value = try #require(metric.value(in: score))
            sums[score.filter, default: (0, 0)].0 += value
            sums[score.filter, default: (0, 0)].1 += 1
        }
        return sums.mapValues { $0.0 / Double($0.1) }
    }

    @Test func thePublishedEstimatorLandsAtAFewToTensOfCentimetresPerMetre() async throws {
        let paperRoutes = ["straight-100m-", "turns-200m-", "track-400m-", "turns-250m-mixed"]
        for gait in ["walk", "power-walk", "jog"] {
            let error = try #require(try await means(.endpointErrorCentimetersPerMeter, ["pdr-paper"], suite: Fixtures.deadReckoningSuite) { id in
                paperRoutes.contains { id.hasPrefix($0) } && id.contains("-\(gait)-")
            }["pdr-paper"])
            #expect(error > 2 && error < 50, "\(gait): \(error) cm/m")
        }
    }

    @Test func oneHeadingPerStepDoesBetterOnRoutesWithTurns() async throws {
        let errors = try await means(.endpointErrorCentimetersPerMeter, ["pdr-paper", "pdr-per-step"], suite: Fixtures.deadReckoningSuite) { $0.hasPrefix("turns-") }
        #expect(try #require(errors["pdr-per-step"]) < #require(errors["pdr-paper"]))
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
