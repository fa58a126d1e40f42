import Foundation

/// When a difference between two filters, tunings or runs is real: TrackBench's one definition.
///
/// Comparisons in TrackBench are paired: both sides ran on the same
/// scenarios under the same seeds, so each (scenario, seed) gives one
/// difference, second minus first. One procedure gives the test, the
/// estimate and the interval, so they cannot disagree:
///
/// - the **estimate** of the shift is the Hodges-Lehmann estimate, the median
///   of the Walsh averages (Hodges & Lehmann 1963);
/// - the **test** is Wilcoxon's signed-rank test (Wilcoxon 1945), two-sided,
///   its statistic the count of Walsh averages on each side of zero;
/// - the **interval** is the distribution-free one that inverts that test
///   (Hollander, Wolfe & Chicken § 3.3): two order statistics of the Walsh
///   averages. It excludes zero exactly when p ≤ `level`.
///
/// The test assumes no distribution (errors are skewed and scenarios differ
/// in scale). As criterion.rs does, a difference counts as real only when it
/// is both significant and larger than a threshold: `noiseThreshold` of the
/// larger mean in the report, `compare` and `sweep`, the metric's tolerance in
/// the regression gate, which also divides `level` by its number of tests.
package struct Significance: Sendable, Hashable {
    /// The two-sided level of a single comparison: p ≤ 0.05 is significant, and intervals are 95 %.
    package static let alpha = 0.05
    /// A difference smaller than this fraction of the larger mean is noise, however significant.
    package static let noiseThreshold = 0.01

    /// A confidence interval of the shift, in the values' unit.
    package struct Interval: Sendable, Hashable {
        /// The lower end.
        package var lower: Double
        /// The upper end.
        package var upper: Double

        /// Whether zero lies outside the interval.
        package var excludesZero: Bool { lower > 0 || upper < 0 }
    }

    /// How many pairs were compared.
    package var pairCount: Int
    /// How many differences were not zero.
    package var nonZeroCount: Int
    /// The two-sided level the test and interval use (`alpha` unless the caller corrects it).
    package var level: Double
    /// The Hodges-Lehmann estimate of second - first, in the values' unit; 0 without pairs.
    package var estimate: Double
    /// The interval of the shift at confidence 1 - `level`; nil with fewer than two pairs, or too few for any
    /// interval at that level (5 pairs cannot reach 95 %).
    package var interval: Interval?
    /// The two-sided p-value; nil with fewer than two pairs (one sample: no test).
    package var pValue: Double?
    /// The larger of the two sides' mean absolute value: what `noiseThreshold` is a fraction of.
    package var scale: Double
    /// The second side's mean minus the first's over the pairs, in the values' unit: the change in the mean, which
    /// the one decision (`PairedDecision`) tests; 0 without pairs.
    package var meanChange: Double

    /// Whether there was a test: at least two pairs.
    package var hasTest: Bool { pValue != nil }
    /// Whether p ≤ `level`, which is exactly when `interval` excludes zero.
    package var isSignificant: Bool { pValue.map { $0 <= level } ?? false }
    /// Whether the estimate exceeds `noiseThreshold` of `scale`.
    package var exceedsNoiseThreshold: Bool { abs(estimate) > Self.noiseThreshold * scale }
    /// Whether the difference is real: significant and above the noise threshold.
    package var isReal: Bool { isSignificant && exceedsNoiseThreshold }

    /// Compares paired values: `first[i]` and `second[i]` come from the same scenario and seed.
    ///
    /// Pairs where either value is NaN or infinite are left out of `pairCount`.
    /// - Parameters:
    ///   - level: The two-sided level of the test and interval; a gate making m tests passes `alpha / m`.
    /// - Precondition: The arrays have the same length.
    /// - Complexity: O(n log n) for n pairs.
    package init(first: [Double], second: [Double], level: Double = alpha) {
        precondition(first.count == second.count, "paired samples need the same length, got \(first.count) and \(second.count)")
        // A pair with a NaN or infinite value (a filter that diverged) has no rank; reports flag divergence elsewhere.
        var differences = PairedDifferences()
        for (a, b) in zip(first, second) where a.isFinite && b.isFinite {
            differences.add(a, b)
        }
        self.init(differences, level: level)
    }

    /// Compares pairs of finite values gathered one at a time, as `init(first:second:level:)` compares them listed.
    /// - Parameters:
    ///   - differences: The pairs' sums and differences.
    ///   - level: The two-sided level of the test and interval.
    /// - Complexity: O(m log m) for m distinct differences.
    package init(_ differences: PairedDifferences, level: Double = alpha) {
        self.level = level
        pairCount = differences.count
        nonZeroCount = differences.nonZeroCount
        let n = Double(differences.count)
        scale = differences.count == 0 ? 0 : max(abs(differences.firstSum / n), abs(differences.secondSum / n))
        meanChange = differences.count == 0 ? 0 : differences.secondSum / n - differences.firstSum / n
        guard differences.count > 0 else {
            estimate = 0
            return
        }
        let walsh = WalshAverages(differences.occurrences)
        estimate = walsh.median
        guard differences.count >= 2 else { return }
        let distribution = SignedRankDistribution(n: differences.count)
        // Averages on each side of zero, zeros counted on both: the statistic, and its mirror.
        let atMostZero = walsh.countAtMost(0)
        let atLeastZero = walsh.count - walsh.countBelow(0)
        pValue = min(1, 2 * distribution.cumulative(min(atMostZero, atLeastZero)))
        // The interval drops the k lowest and k highest averages, k the largest count whose tail stays within
        // level / 2: it excludes zero exactly when fewer than k + 1 averages lie on zero's side, i.e. p <= level.
        let k = distribution.criticalValue(tail: level / 2)
        if k >= 0 {
            interval = Interval(lower: walsh.average(rank: k + 1), upper: walsh.average(rank: walsh.count - k))
        }
    }

    /// Compares one metric of two filters' scores, paired by scenario and seed.
    ///
    /// Runs present on one side only, or where the metric does not apply to
    /// either side, are left out; `pairCount` says how many remained.
    /// Values are compared as summaries average them (`Metric.summaryValue(in:)`).
    package init(_ metric: Metric, first: [ScenarioScore], second: [ScenarioScore], level: Double = alpha) {
        self.init(
            pairing: first.lazy.map { ($0.run, metric.summaryValue(in: $0)) }, with: second.lazy.map { ($0.run, metric.summaryValue(in: $0)) },
            level: level
        )
    }

    /// Compares values paired by key: each of `second`'s, in order, with `first`'s value under the same key.
    ///
    /// A key `first` gives twice counts with its last value, and a nil value removes it, as a dictionary does;
    /// keys on one side only and nil values on the second side are left out.
    package init<Key: Hashable>(
        pairing first: some Sequence<(Key, Double?)>, with second: some Sequence<(Key, Double?)>, level: Double = alpha
    ) {
        var firstValues: [Key: Double] = [:]
        for (key, value) in first {
            firstValues[key] = value
        }
        var firstPaired: [Double] = []
        var secondPaired: [Double] = []
        for (key, value) in second {
            if let a = firstValues[key], let b = value {
                firstPaired.append(a)
                secondPaired.append(b)
            }
        }
        self.init(first: firstPaired, second: secondPaired, level: level)
    }
}
