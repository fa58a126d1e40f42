import TrackBenchModel
import TrackBenchMetrics
import TrackBenchSimulation
import TrackBenchFilters

extension WorkUnit {
    /// Simulates `scenario` under `seed` and scores every filter on it.
    ///
    /// Each filter's estimates are measured as they come out, a batch at a
    /// time (`SimulatedScenario.run(_:events:buffer:consume:)`), so what a
    /// scenario holds is its delivered fixes, the truth at their times and
    /// 16 bytes an estimate for the filter being scored.
    /// - Returns: One score per filter, in filter order.
    static func scores(of scenario: Scenario, seed: UInt64, filters: [FilterConfiguration]) -> [ScenarioScore] {
        // The metrics compare with the exact track, not samples of it: only the true path's length is kept.
        let simulated = scenario.simulate(seed: seed, keepingTruePath: false)
        let noisyDistance = simulated.noisyPath.totalDistanceMeters
        let truth = TruthCache(scenario: scenario, deliveredFixes: simulated.noisyPath.fixes)
        // Nil without sensors: the filters then run over the fixes, as fast as ever.
        let events = simulated.events
        let receivedFixes = simulated.receivedFixes
        // One buffer for every filter's estimates: each batch is measured and dropped before the next.
        var buffer: [LocationFix] = []
        return filters.map { configuration in
            var measurement = MetricsAccumulator(scenario: scenario, truth: truth)
            var length = EstimatedPathLength(noisyPath: simulated.noisyPath, noisyMeters: noisyDistance)
            simulated.run(configuration.makeFilter(scenario: scenario.id, seed: seed), events: events, buffer: &buffer) { estimates in
                measurement.add(estimates)
                length.add(estimates)
            }
            var score = ScenarioScore(
                scenarioID: scenario.id,
                seed: seed,
                pathType: scenario.pathType.rawValue,
                nominalDistanceMeters: scenario.distanceMeters,
                speedMetersPerSecond: scenario.speedMetersPerSecond,
                stopSeconds: scenario.stopSeconds,
                signal: scenario.signal.name,
                filter: configuration.label,
                filterSpecification: configuration.specification,
                fixes: receivedFixes,
                estimatedFixes: measurement.estimateCount,
                trueDistanceMeters: simulated.trueDistanceMeters,
                noisyDistanceMeters: noisyDistance,
                estimatedDistanceMeters: length.meters,
                metrics: measurement.metrics(deliveredFixes: receivedFixes)
            )
            score.gait = scenario.gait?.rawValue
            if let terrain = scenario.terrain {
                score.terrain = terrain.name
                score.trueGainMeters = truth.elevationProfile.gainMeters
            }
            return score
        }
    }
}
