import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchSupport
/// Filters ranked by mean absolute distance error over seeds and scenarios, with how sure the order is.
///
/// For each filter: its summary over every (scenario, seed), the 95 %
/// confidence interval of each headline metric's mean (one suite mean per
/// seed, Student's t), how many seeds it won, whether it can run live, and
/// whether it is really better than the filter ranked below it or tied with it
/// (`PairedDecision`, paired over the same scenarios and seeds: the one decision `check` also makes).
package struct FilterRanking: Sendable {
    /// One filter's place in the ranking.
    package struct Entry: Sendable {
        /// Means over every (scenario, seed).
        package var summary: FilterSummary
        /// Half-widths of the 95 % confidence intervals of the headline metrics' means, over seeds; empty with one seed.
        package var confidenceHalfWidths: [Metric: Double]
        /// Seeds on which this filter had the lowest suite mean absolute distance error.
        ///
        /// A seed tied between k filters counts 1/k for each, so the entries'
        /// values sum to the number of seeds.
        package var seedsWon: Double
        /// Online or offline, from the filter's specification; nil when the registry does not know a filter it names.
        package var timing: FilterTiming?
        /// The filter ranked next below judged against this one (the first side) on the distance error; nil for the last.
        package var versusNext: PairedDecision?
    }

    /// The filters, best first.
    package var entries: [Entry]
    /// How many seeds the scores cover.
    package var seedCount: Int

    /// Ranks the filters of `scores`.
    /// - Parameters:
    ///   - scores: Every score of a run.
    ///   - registry: The filters the scores' specifications name, which tell whether each can run live; a filter
    ///     whose specification names one it does not know gets no `timing`.
    ///   - timings: Timings the registry cannot tell, by specification: a filter process's, from its hello.
    package init(scores: [ScenarioScore], registry: FilterRegistry = .builtIn, timings: [String: FilterTiming] = [:]) {
        self.init(tally: RankingTally(scores), registry: registry, timings: timings)
    }

    /// Ranks the filters of the rows `tally` gathered, as `init(scores:registry:timings:)` ranks the rows themselves.
    /// - Parameter tally: Gathered with the default metrics: the headline metrics per seed, the distance error per row.
    package init(tally: RankingTally, registry: FilterRegistry = .builtIn, timings: [String: FilterTiming] = [:]) {
        let summaries = tally.summaries
        let seeds = tally.seeds
        seedCount = seeds.count
        let headlines = Metric.allCases.filter(\.isHeadline)
        // Each filter's per-seed means of every headline metric.
        let seedMeansByFilter = Dictionary(uniqueKeysWithValues: summaries.map { ($0.filter, tally.seedMeans(of: $0.filter)) })
        let errorMeans = seedMeansByFilter.mapValues { $0[.errorPercent] ?? [:] }
        let bestBySeed = seeds.map { seed in summaries.compactMap { errorMeans[$0.filter]?[seed] }.min() }
        // How many filters share each seed's lowest error: each of them gets 1/k of the seed.
        let winnersBySeed = zip(seeds, bestBySeed).map { seed, best in
            best == nil ? 0 : summaries.filter { errorMeans[$0.filter]?[seed] == best }.count
        }
        entries = summaries.enumerated().map { rank, summary in
            var halfWidths: [Metric: Double] = [:]
            for metric in headlines {
                let means = seedMeansByFilter[summary.filter]?[metric] ?? [:]
                halfWidths[metric] = Statistics.confidenceHalfWidth95(seeds.compactMap { means[$0] })
            }
            var won = 0.0
            for (position, seed) in seeds.enumerated()
            where bestBySeed[position] != nil && errorMeans[summary.filter]?[seed] == bestBySeed[position] {
                won += 1 / Double(winnersBySeed[position])
            }
            let timing = tally.specification(of: summary.filter).flatMap {
                timings[$0] ?? (try? registry.configuration(parsing: $0).timing)
            }
            let versusNext = rank + 1 < summaries.count ? tally.decision(of: summaries[rank + 1].filter, against: summary.filter) : nil
            return Entry(summary: summary, confidenceHalfWidths: halfWidths, seedsWon: won, timing: timing, versusNext: versusNext)
        }
    }

    /// The best-ranked filter that can run live; nil when no filter is known to.
    package var bestOnline: Entry? {
        entries.first { $0.timing == .online }
    }

    /// An entry's seeds won out of the run's, as the report and terminal show it: `6/10`, `0.5/10`, `2.33/10`.
    ///
    /// Whole numbers are written without decimals, shares of tied seeds to at most two decimals.
    package func seedsWonText(_ entry: Entry) -> String {
        NumberFormat.compact(NumberFormat.fixedValue(entry.seedsWon, decimals: 2)) + "/\(seedCount)"
    }
}
