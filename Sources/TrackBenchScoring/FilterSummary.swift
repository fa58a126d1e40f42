/// One filter's results over a set of scenarios: a row of the ranking.
public struct FilterSummary: Sendable, Hashable {
    /// The filter's label.
    public var filter: String
    /// How many scenarios the summary covers.
    public var scenarioCount: Int
    /// Mean of the signed errors, in percent: positive = paths come out too long.
    public var meanErrorPercent: Double
    /// The largest absolute error, in percent.
    public var worstAbsoluteErrorPercent: Double
    /// The scenario with the largest absolute error.
    public var worstScenarioID: String
    /// Scenarios where the filter's distance beat the noisy path's.
    public var improvedCount: Int
    /// Each metric's mean over the scenarios where it applies (absolute values
    /// for signed ones: distance error and lag); missing where it never applies.
    public var means: [Metric: Double]

    /// Mean of the absolute total-distance errors, in percent: the ranking's key.
    public var meanAbsoluteErrorPercent: Double { means[.errorPercent] ?? .infinity }

    /// Summarises each filter's scores, ranked best first.
    ///
    /// Filters are ranked by mean absolute error, ties broken by label, so
    /// the order is stable; a filter whose mean is NaN (it diverged) ranks last.
    /// - Parameter scores: Scores of any number of filters and scenarios.
    /// - Returns: One summary per filter that has at least one score.
    public static func ranking(of scores: [ScenarioScore]) -> [FilterSummary] {
        // Labels are unique, so the sort is total and the dictionary's order does not show.
        func rankingKey(_ summary: FilterSummary) -> Double {
            summary.meanAbsoluteErrorPercent.isNaN ? .infinity : summary.meanAbsoluteErrorPercent
        }
        return Dictionary(grouping: scores, by: \.filter).map { summary(of: $1, filter: $0) }.sorted {
            (rankingKey($0), $0.filter) < (rankingKey($1), $1.filter)
        }
    }

    /// One pass over the scores (a score is copied out of the array once, not once per metric), summing in row order
    /// as a mean of each metric's values would.
    private static func summary(of scores: [ScenarioScore], filter: String) -> FilterSummary {
        var means = MetricMeans(Metric.allCases)
        var errorSum = 0.0
        var worst = scores[0]
        var improvedCount = 0
        for score in scores {
            means.add(score)
            errorSum += score.errorPercent
            // As `max(by:)` picks: the first of equal largest absolute errors.
            if abs(worst.errorPercent) < abs(score.errorPercent) { worst = score }
            if score.improved { improvedCount += 1 }
        }
        return FilterSummary(
            filter: filter,
            scenarioCount: scores.count,
            meanErrorPercent: errorSum / Double(scores.count),
            worstAbsoluteErrorPercent: abs(worst.errorPercent),
            worstScenarioID: worst.scenarioID,
            improvedCount: improvedCount,
            means: means.means
        )
    }
}
