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

    private static func summary(of scores: [ScenarioScore], filter: String) -> FilterSummary {
        let count = Double(scores.count)
        let worst = scores.max { abs($0.errorPercent) < abs($1.errorPercent) }!
        var means: [Metric: Double] = [:]
        for metric in Metric.allCases {
            let values = scores.compactMap(metric.summaryValue(in:))
            if !values.isEmpty {
                means[metric] = values.reduce(0, +) / Double(values.count)
            }
        }
        return FilterSummary(
            filter: filter,
            scenarioCount: scores.count,
            meanErrorPercent: scores.reduce(0) { $0 + $1.errorPercent } / count,
            worstAbsoluteErrorPercent: abs(worst.errorPercent),
            worstScenarioID: worst.scenarioID,
            improvedCount: scores.filter(\.improved).count,
            means: means
        )
    }
}
