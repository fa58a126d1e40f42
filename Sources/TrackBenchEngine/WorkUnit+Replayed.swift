import TrackBenchModel
import TrackBenchMetrics
import TrackBenchFilters

extension WorkUnit {
    /// Runs every filter over the fixes of `replay` and scores the estimates against its truth.
    /// - Returns: One score per filter, in filter order.
    static func scores(of replay: RecordingReplay, filters: [FilterConfiguration]) -> [ScenarioScore] {
        let noisyDistance = replay.fixes.totalDistanceMeters
        let speed = replay.durationSeconds > 0 ? replay.trueDistanceMeters / replay.durationSeconds : 0
        return filters.map { configuration in
            let estimated = configuration.makeFilter(scenario: replay.id).estimatedPath(for: replay.fixes)
            var score = ScenarioScore(
                scenarioID: replay.id,
                seed: RecordingReplay.seed,
                pathType: RecordingReplay.pathType,
                nominalDistanceMeters: (replay.trueDistanceMeters * 10).rounded() / 10,
                speedMetersPerSecond: (speed * 10).rounded() / 10,
                signal: replay.tags["device"] ?? RecordingReplay.defaultSignal,
                filter: configuration.label,
                filterSpecification: configuration.specification,
                fixes: replay.fixes.count,
                estimatedFixes: estimated.count,
                trueDistanceMeters: replay.trueDistanceMeters,
                noisyDistanceMeters: noisyDistance,
                estimatedDistanceMeters: estimated.hasSameCoordinates(as: replay.fixes) ? noisyDistance : estimated.totalDistanceMeters,
                metrics: EstimateMetrics(
                    measuring: estimated, deliveredFixes: replay.fixes.count, runSeconds: replay.durationSeconds, frame: replay.frame,
                    truth: replay.truth
                )
            )
            score.truth = replay.alignment
            score.tags = replay.tags
            return score
        }
    }
}
