/// Filters ranked by mean absolute distance error over seeds and scenarios, with how sure the order is.
///
/// For each filter: its summary over every (scenario, seed), the 95 %
/// confidence interval of each headline metric's mean (one suite mean per
/// seed, Student's t), how many seeds it won, and whether it is really
/// better than the filter ranked below it (`Significance`, paired over the
/// same scenarios and seeds) or tied with it.
public struct FilterRanking: Sendable {
    /// One filter's place in the ranking.
    public struct Entry: Sendable {
        /// Means over every (scenario, seed).
        public var summary: FilterSummary
        /// Half-widths of the 95 % confidence intervals of the headline metrics' means, over seeds; empty with one seed.
        public var confidenceHalfWidths: [Metric: Double]
        /// Seeds on which this filter had the lowest suite mean absolute distance error (ties count for each).
        public var seedsWon: Int
        /// The paired comparison with the filter ranked next below; nil for the last.
        public var versusNext: Significance?
    }

    /// The filters, best first.
    public var entries: [Entry]
    /// How many seeds the scores cover.
    public var seedCount: Int

    /// Ranks the filters of `scores`.
    public init(scores: [ScenarioScore]) {
        let summaries = FilterSummary.ranking(of: scores)
        let seeds = scores.map(\.seed).uniqued()
        seedCount = seeds.count
        let byFilter = Dictionary(grouping: scores, by: \.filter)
        // Each filter's rows by seed, grouped once for every metric's means.
        let bySeedByFilter = byFilter.mapValues { Dictionary(grouping: $0, by: \.seed) }
        let errorMeans = Dictionary(uniqueKeysWithValues: summaries.map { summary in
            (summary.filter, Self.seedMeans(of: .errorPercent, bySeed: bySeedByFilter[summary.filter] ?? [:], seeds: seeds))
        })
        let bestBySeed = seeds.map { seed in summaries.compactMap { errorMeans[$0.filter]?[seed] }.min() }
        entries = summaries.enumerated().map { rank, summary in
            let own = byFilter[summary.filter] ?? []
            var halfWidths: [Metric: Double] = [:]
            for metric in Metric.allCases where metric.isHeadline {
                let means = Self.seedMeans(of: metric, bySeed: bySeedByFilter[summary.filter] ?? [:], seeds: seeds)
                halfWidths[metric] = Statistics.confidenceHalfWidth95(seeds.compactMap { means[$0] })
            }
            let won = zip(seeds, bestBySeed).filter { seed, best in errorMeans[summary.filter]?[seed] == best }.count
            let versusNext = rank + 1 < summaries.count
                ? Significance(.errorPercent, first: own, second: byFilter[summaries[rank + 1].filter] ?? [])
                : nil
            return Entry(summary: summary, confidenceHalfWidths: halfWidths, seedsWon: won, versusNext: versusNext)
        }
    }

    /// One filter's mean of `metric` over the suite, per seed; seeds where it never applies are absent.
    static func seedMeans(of metric: Metric, in scores: [ScenarioScore], seeds: [UInt64]) -> [UInt64: Double] {
        seedMeans(of: metric, bySeed: Dictionary(grouping: scores, by: \.seed), seeds: seeds)
    }

    /// One filter's mean of `metric` per seed, from its rows already grouped by seed (in row order).
    static func seedMeans(of metric: Metric, bySeed: [UInt64: [ScenarioScore]], seeds: [UInt64]) -> [UInt64: Double] {
        var means: [UInt64: Double] = [:]
        for seed in seeds {
            means[seed] = Statistics.mean((bySeed[seed] ?? []).compactMap(metric.summaryValue(in:)))
        }
        return means
    }
}
