import Testing
@testable import TrackBenchMetrics
@testable import TrackBenchReports

/// How `tune` ranks settings and finds the Pareto front from their means.
struct TuneObjectiveTests {
    private let objective = TuneObjective(
        metric: .errorPercent,
        constraints: [TuneObjective.Constraint(metric: .lagSeconds, bound: 2, isMaximum: true)],
        paretoMetrics: [.errorPercent, .lagSeconds]
    )

    private func means(error: Double, lag: Double) -> [Metric: Double] {
        [.errorPercent: error, .lagSeconds: lag]
    }

    @Test func settingsThatMeetTheConstraintsRankFirstThenByTheObjective() {
        let settings = [means(error: 1, lag: 3), means(error: 3, lag: 1), means(error: 2, lag: 1.5), means(error: .nan, lag: 1)]
        // The lowest error (position 0) misses lag <= 2: it ranks after every setting that meets it; NaN ranks last of those.
        #expect(objective.ranked(settings) == [2, 1, 3, 0])
    }

    @Test func equalMeansKeepTheirGridOrder() {
        #expect(objective.ranked([means(error: 1, lag: 1), means(error: 1, lag: 1)]) == [0, 1])
    }

    @Test func aHigherIsBetterObjectiveRanksTheLargestMeanFirst() {
        let kept = TuneObjective(metric: .keptPercent, paretoMetrics: [.errorPercent, .lagSeconds])
        #expect(kept.ranked([[.keptPercent: 90], [.keptPercent: 99]]) == [1, 0])
    }

    @Test func theParetoFrontHoldsTheSettingsNoOtherBeatsInBothMetrics() {
        let settings = [
            means(error: 1, lag: 3), means(error: 2, lag: 2), means(error: 3, lag: 1), means(error: 3, lag: 3), means(error: .nan, lag: 0),
        ]
        #expect(objective.paretoFront(settings) == [0, 1, 2])
    }
}
