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
    package var means: [Metric: Double]

    /// Mean of the absolute total-distance errors, in percent: the ranking's key.
    public var meanAbsoluteErrorPercent: Double { means[.errorPercent] ?? .infinity }

    /// Summarises each filter's scores, ranked best first.
    ///
    /// Filters are ranked by mean absolute error, ties broken by label, so
    /// the order is stable; a filter whose mean is NaN (it diverged) ranks last.
    /// - Parameter scores: Scores of any number of filters and scenarios.
    /// - Returns: One summary per filter that has at least one score.
    public static func ranking(of scores: [ScenarioScore]) -> [FilterSummary] {
        var accumulators: [String: Accumulator] = [:]
        for score in scores {
            accumulators[score.filter, default: Accumulator(filter: score.filter)].add(score)
        }
        return ranked(accumulators.values.map(\.summary))
    }

    /// Summaries ranked best first, as `ranking(of:)` ranks them.
    static func ranked(_ summaries: [FilterSummary]) -> [FilterSummary] {
        // Labels are unique, so the sort is total and the order the summaries come in does not show.
        func rankingKey(_ summary: FilterSummary) -> Double {
            summary.meanAbsoluteErrorPercent.isNaN ? .infinity : summary.meanAbsoluteErrorPercent
        }
        return summaries.sorted { (rankingKey($0), $0.filter) < (rankingKey($1), $1.filter) }
    }

    /// One filter's summary made one score at a time, in row order: each mean sums its values in that order, as a
    /// mean of each metric's values would, so the numbers are the same bits however the scores are held.
    package struct Accumulator: Sendable {
        /// The filter's label.
        package let filter: String
        private var means = MetricMeans(Metric.allCases)
        private var count = 0
        private var errorSum = 0.0
        private var worstErrorPercent = 0.0
        private var worstScenarioID = ""
        private var improvedCount = 0

        package init(filter: String) {
            self.filter = filter
        }

        /// Adds one of the filter's scores.
        package mutating func add(_ score: ScenarioScore) {
            means.add(score)
            let error = score.errorPercent
            errorSum += error
            // As `max(by:)` picks: the first of equal largest absolute errors.
            if count == 0 || abs(worstErrorPercent) < abs(error) {
                worstErrorPercent = error
                worstScenarioID = score.scenarioID
            }
            if score.improved { improvedCount += 1 }
            count += 1
        }

        /// The summary of the scores added; at least one must have been.
        package var summary: FilterSummary {
            FilterSummary(
                filter: filter,
                scenarioCount: count,
                meanErrorPercent: errorSum / Double(count),
                worstAbsoluteErrorPercent: abs(worstErrorPercent),
                worstScenarioID: worstScenarioID,
                improvedCount: improvedCount,
                means: means.means
            )
        }
    }
}
