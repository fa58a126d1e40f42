/// What a ranking of filters needs of a run's scores, gathered one score at a time in row order, so a run of any
/// number of seeds need not hold its rows.
///
/// For each filter: its `FilterSummary` (every metric's mean, summed in row
/// order), the mean of each of `seedMetrics` per seed, and, per row, only the
/// value of `pairedMetric` and which run (scenario and seed) it came from,
/// 16 bytes, for the paired tests between filters (`Significance`). Made
/// from the same rows in the same order, everything it gives has the same
/// bits as computing it from the rows themselves.
package struct RankingTally: Sendable {
    /// The metrics averaged per filter and seed: the confidence intervals over seeds are made from these.
    package let seedMetrics: [Metric]
    /// The metric whose values are kept per row, for paired tests between filters.
    package let pairedMetric: Metric
    /// Whether every row's metrics are kept (8 bytes each), for `decision(of:against:)`, which judges two filters with
    /// every metric as `check` does: the report and `sweep` keep them, `tune`'s held-out reruns need only 16 bytes a row.
    package let keepsRows: Bool
    /// One row of each scenario, for the groups it belongs to, when `keepsRows`.
    private var scenarioRows: [ScenarioScore] = []
    /// The seeds of the rows, in order of first appearance.
    package private(set) var seeds: [UInt64] = []
    private var seedIndices: [UInt64: Int] = [:]
    private var scenarioIndices: [String: Int] = [:]
    /// The filters of the rows, in order of first appearance.
    private var filters: [FilterTally] = []
    private var filterIndices: [String: Int] = [:]

    /// What is kept of one filter's rows.
    private struct FilterTally: Sendable {
        var summary: FilterSummary.Accumulator
        /// The specification of the filter's first row.
        let specification: String
        /// Sums and counts of each seed metric's values, at seed index x `seedMetrics.count` + metric index.
        var seedSums: [Double] = []
        var seedCounts: [Int] = []
        /// Each row's run (`runKey`), with `absentFlag` set where `pairedMetric` does not apply, and its value.
        var pairedRuns: [UInt64] = []
        var pairedValues: [Double] = []
        /// Every metric's summary value of each row, `Metric.allCases.count` a row (NaN where there is none), when the
        /// tally keeps them (`keepsRows`); the row's run is in `pairedRuns`.
        var metricValues: [Double] = []
    }

    /// Set in a paired run key when the row has no value of `pairedMetric`.
    private static let absentFlag: UInt64 = 1 << 63

    /// Creates an empty tally.
    /// - Parameters:
    ///   - seedMetrics: The metrics to average per seed; by default the headline metrics, as `FilterRanking` shows them.
    ///   - pairedMetric: The metric to keep per row; by default the distance error, which `FilterRanking` tests.
    ///   - keepsRows: Whether to keep every row, for `decision(of:against:)`.
    package init(seedMetrics: [Metric] = Metric.allCases.filter(\.isHeadline), pairedMetric: Metric = .errorPercent, keepsRows: Bool = true) {
        self.seedMetrics = seedMetrics
        self.pairedMetric = pairedMetric
        self.keepsRows = keepsRows
    }

    /// A tally of `scores`, added in order.
    package init(
        _ scores: [ScenarioScore], seedMetrics: [Metric] = Metric.allCases.filter(\.isHeadline), pairedMetric: Metric = .errorPercent,
        keepsRows: Bool = true
    ) {
        self.init(seedMetrics: seedMetrics, pairedMetric: pairedMetric, keepsRows: keepsRows)
        for score in scores { add(score) }
    }

    /// How many distinct scenarios the rows cover.
    package var scenarioCount: Int { scenarioIndices.count }

    /// Adds the next row.
    package mutating func add(_ score: ScenarioScore) {
        let seed = index(of: score.seed)
        let scenario: Int
        if let known = scenarioIndices[score.scenarioID] {
            scenario = known
        } else {
            scenario = scenarioIndices.count
            scenarioIndices[score.scenarioID] = scenario
            if keepsRows { scenarioRows.append(score) }
        }
        let filter = filterIndices[score.filter] ?? {
            filterIndices[score.filter] = filters.count
            filters.append(FilterTally(summary: FilterSummary.Accumulator(filter: score.filter), specification: score.filterSpecification))
            return filters.count - 1
        }()
        filters[filter].summary.add(score)
        let metricCount = seedMetrics.count
        while filters[filter].seedSums.count < (seed + 1) * metricCount {
            filters[filter].seedSums.append(0)
            filters[filter].seedCounts.append(0)
        }
        for (position, metric) in seedMetrics.enumerated() {
            guard let value = metric.summaryValue(in: score) else { continue }
            filters[filter].seedSums[seed * metricCount + position] += value
            filters[filter].seedCounts[seed * metricCount + position] += 1
        }
        // Seed indices stay far below 2^31: a run holds each seed's every scenario.
        let run = UInt64(seed) << 32 | UInt64(scenario)
        let value = pairedMetric.summaryValue(in: score)
        filters[filter].pairedRuns.append(value == nil ? run | Self.absentFlag : run)
        filters[filter].pairedValues.append(value ?? 0)
        if keepsRows { filters[filter].metricValues += PairedFamily.Pair.values(of: score) }
    }

    private mutating func index(of seed: UInt64) -> Int {
        if let index = seedIndices[seed] { return index }
        seedIndices[seed] = seeds.count
        seeds.append(seed)
        return seeds.count - 1
    }

    /// Each filter's summary, ranked best first (`FilterSummary.ranking(of:)`).
    package var summaries: [FilterSummary] {
        FilterSummary.ranked(filters.map(\.summary.summary))
    }

    /// The specification of `filter`'s first row; nil for a filter without rows.
    package func specification(of filter: String) -> String? {
        filterIndices[filter].map { filters[$0].specification }
    }

    /// `filter`'s mean of each seed metric over the suite, per seed; seeds where a metric never applies are absent.
    package func seedMeans(of filter: String) -> [Metric: [UInt64: Double]] {
        var means: [Metric: [UInt64: Double]] = [:]
        let tally = filterIndices[filter].map { filters[$0] }
        for (position, metric) in seedMetrics.enumerated() {
            var bySeed: [UInt64: Double] = [:]
            for (index, seed) in seeds.enumerated() {
                let slot = index * seedMetrics.count + position
                guard let tally, slot < tally.seedCounts.count, tally.seedCounts[slot] > 0 else { continue }
                bySeed[seed] = tally.seedSums[slot] / Double(tally.seedCounts[slot])
            }
            means[metric] = bySeed
        }
        return means
    }

    /// `pairedMetric` of `second` against `first`, paired by scenario and seed, as
    /// `Significance(_:first:second:level:)` compares their rows.
    package func significance(of second: String, against first: String, level: Double = Significance.alpha) -> Significance {
        Significance(pairing: pairs(of: first), with: pairs(of: second), level: level)
    }

    /// `pairedMetric` over the whole suite of `second` judged against `first` (the first side), paired by scenario and
    /// seed, by the one decision within the family `check` forms for `second` against a baseline of `first`
    /// (`PairedFamily`). Needs `keepsRows`.
    package func decision(of second: String, against first: String) -> PairedDecision? {
        precondition(keepsRows, "a paired decision needs the rows' metrics")
        guard let firstIndex = filterIndices[first], let secondIndex = filterIndices[second] else { return nil }
        let width = Metric.allCases.count
        let (a, b) = (filters[firstIndex], filters[secondIndex])
        var secondRows: [UInt64: Int] = [:]
        for (row, run) in b.pairedRuns.enumerated() {
            secondRows[run & ~Self.absentFlag] = row
        }
        let pairs = a.pairedRuns.enumerated().compactMap { row, flagged -> PairedFamily.Pair? in
            let run = flagged & ~Self.absentFlag
            guard let other = secondRows[run] else { return nil }
            return PairedFamily.Pair(
                scenario: scenarioRows[Int(run & 0xFFFF_FFFF)], seed: seeds[Int(run >> 32)],
                before: Array(a.metricValues[row * width..<(row + 1) * width]), after: Array(b.metricValues[other * width..<(other + 1) * width])
            )
        }
        return PairedFamily(pairs: pairs).decisions[pairedMetric]?[PairedFamily.wholeSuite]
    }

    /// `filter`'s rows as (run, value) pairs, in row order; none for a filter without rows.
    private func pairs(of filter: String) -> LazyMapSequence<Zip2Sequence<[UInt64], [Double]>, (UInt64, Double?)> {
        let tally = filterIndices[filter].map { filters[$0] }
        return zip(tally?.pairedRuns ?? [], tally?.pairedValues ?? []).lazy.map { run, value in
            run & Self.absentFlag == 0 ? (run, value) : (run & ~Self.absentFlag, nil)
        }
    }
}
