import Foundation

/// Runs every filter on every scenario and scores the results.
///
/// Scenarios run in parallel, but each draws from its own random stream and
/// results are put back in scenario order, so the output is the same for any
/// number of threads.
public struct Benchmark: Sendable {
    /// The scenarios to run, in report order.
    public var scenarios: [Scenario]
    /// The filters to run on each, in report order.
    public var filters: [FilterConfiguration]
    /// The run's seed; every scenario's random stream derives from it.
    public var seed: UInt64

    /// The default seed, 100, the one Phillips 2019 used for every scenario (Docs/sources.md).
    public static let defaultSeed: UInt64 = 100

    /// Creates a benchmark.
    public init(scenarios: [Scenario], filters: [FilterConfiguration], seed: UInt64 = defaultSeed) {
        self.scenarios = scenarios
        self.filters = filters
        self.seed = seed
    }

    /// Simulates one scenario and scores every filter on it.
    /// - Returns: One score per filter, in filter order.
    public func scores(for scenario: Scenario) -> [ScenarioScore] {
        let simulated = scenario.simulate(seed: seed)
        let trueDistance = simulated.truePath.totalDistanceMeters
        let noisyDistance = simulated.noisyPath.totalDistanceMeters
        return filters.map { configuration in
            let estimated = configuration.makeFilter().estimatedPath(for: simulated.noisyPath)
            return ScenarioScore(
                scenarioID: scenario.id,
                pathType: scenario.pathType.rawValue,
                nominalDistanceMeters: scenario.distanceMeters,
                speedMetersPerSecond: scenario.speedMetersPerSecond,
                stopSeconds: scenario.stopSeconds,
                signal: scenario.signal.name,
                filter: configuration.label,
                filterSpecification: configuration.specification,
                fixes: simulated.noisyPath.count,
                estimatedFixes: estimated.count,
                trueDistanceMeters: trueDistance,
                noisyDistanceMeters: noisyDistance,
                estimatedDistanceMeters: estimated.totalDistanceMeters,
                metrics: EstimateMetrics(measuring: estimated, against: scenario, deliveredFixes: simulated.noisyPath.count)
            )
        }
    }

    /// Runs the whole benchmark.
    /// - Parameter maximumConcurrency: How many scenarios may run at once; all
    ///   cores by default. Results do not depend on it.
    /// - Returns: Scores ordered by scenario, then filter.
    public func run(maximumConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount) async -> [ScenarioScore] {
        let limit = max(1, maximumConcurrency)
        var byScenario = [[ScenarioScore]](repeating: [], count: scenarios.count)
        await withTaskGroup(of: (Int, [ScenarioScore]).self) { group in
            var next = 0
            func startNext() {
                let index = next
                let scenario = scenarios[index]
                group.addTask { (index, scores(for: scenario)) }
                next += 1
            }
            while next < min(limit, scenarios.count) { startNext() }
            for await (index, scores) in group {
                byScenario[index] = scores
                if next < scenarios.count { startNext() }
            }
        }
        return byScenario.flatMap { $0 }
    }
}
