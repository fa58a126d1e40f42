import Foundation

/// When a difference between two filters (or tunings) is real: TrackBench's one definition.
///
/// Comparisons in TrackBench are paired: both sides ran on the same
/// scenarios under the same seeds, so each (scenario, seed) gives one
/// difference. The test is Wilcoxon's signed-rank test (Wilcoxon 1945) on
/// those differences: it uses the pairing, assumes no distribution (errors
/// are skewed and scenarios differ in scale), and is exact for small samples.
/// Google Benchmark's `compare.py` uses the unpaired Mann-Whitney U for the
/// same purpose; paired data lets the signed-rank test see smaller
/// differences. As criterion.rs does, a difference counts as real only when
/// it is both significant (two-sided p below `alpha`) and larger than a noise
/// threshold (`noiseThreshold` of the larger mean), so a tiny but consistent
/// difference is not called a win.
public struct Significance: Sendable, Hashable {
    /// The two-sided p-value below which a difference is significant.
    public static let alpha = 0.05
    /// A difference smaller than this fraction of the larger mean is noise, however significant.
    public static let noiseThreshold = 0.01

    /// How many differences were not zero (zeros carry no sign and are dropped).
    public var nonZeroCount: Int
    /// How many pairs were compared.
    public var pairCount: Int
    /// The two-sided p-value; 1 when every difference is zero.
    public var pValue: Double
    /// The mean difference (second - first), in the values' unit.
    public var meanDifference: Double
    /// Half-width of the 95 % confidence interval of `meanDifference` (Student's t over the pairs); nil for fewer than two pairs.
    public var meanDifferenceHalfWidth: Double?
    /// Whether the difference is real: significant and above the noise threshold.
    public var isReal: Bool

    /// Compares paired values: `first[i]` and `second[i]` come from the same scenario and seed.
    ///
    /// Pairs where either value is NaN or infinite are left out of `pairCount`.
    /// - Precondition: The arrays have the same length.
    public init(first: [Double], second: [Double]) {
        precondition(first.count == second.count, "paired samples need the same length, got \(first.count) and \(second.count)")
        // A pair with a NaN or infinite value (a filter that diverged) has no rank; reports flag divergence elsewhere.
        let finite = zip(first, second).filter { $0.isFinite && $1.isFinite }
        let first = finite.map(\.0)
        let second = finite.map(\.1)
        let differences = zip(first, second).map { $1 - $0 }
        pairCount = differences.count
        meanDifference = Statistics.mean(differences) ?? 0
        meanDifferenceHalfWidth = Statistics.confidenceHalfWidth95(differences)
        let scale = max(abs(Statistics.mean(first) ?? 0), abs(Statistics.mean(second) ?? 0))
        let nonZero = differences.filter { $0 != 0 }
        nonZeroCount = nonZero.count
        pValue = Self.signedRankPValue(nonZero)
        isReal = pValue < Self.alpha && abs(meanDifference) > Self.noiseThreshold * scale
    }

    /// Compares one metric of two filters' scores, paired by scenario and seed.
    ///
    /// Runs present on one side only, or where the metric does not apply to
    /// either side, are left out; `pairCount` says how many remained.
    /// Values are compared as summaries average them (`Metric.summaryValue(in:)`).
    public init(_ metric: Metric, first: [ScenarioScore], second: [ScenarioScore]) {
        var firstValues: [ScenarioScore.Run: Double] = [:]
        for score in first {
            firstValues[score.run] = metric.summaryValue(in: score)
        }
        var pairs: [(Double, Double)] = []
        for score in second {
            if let a = firstValues[score.run], let b = metric.summaryValue(in: score) {
                pairs.append((a, b))
            }
        }
        self.init(first: pairs.map(\.0), second: pairs.map(\.1))
    }

    /// The two-sided p-value of Wilcoxon's signed-rank statistic for non-zero differences.
    ///
    /// Ties in |difference| get their average rank. Up to 40 differences the
    /// null distribution is counted exactly over all 2^n sign patterns (by
    /// dynamic programming on doubled ranks); beyond, the normal
    /// approximation with tie and continuity corrections.
    static func signedRankPValue(_ differences: [Double]) -> Double {
        let n = differences.count
        guard n > 0 else { return 1 }
        let order = differences.indices.sorted { abs(differences[$0]) < abs(differences[$1]) }
        // Doubled ranks stay whole numbers when ties share a half rank.
        var doubledRanks = [Int](repeating: 0, count: n)
        var tieCorrection = 0.0
        var start = 0
        while start < n {
            var end = start
            while end + 1 < n && abs(differences[order[end + 1]]) == abs(differences[order[start]]) { end += 1 }
            let doubledRank = start + end + 2  // 2 x the average of ranks start+1 ... end+1
            for position in start...end { doubledRanks[order[position]] = doubledRank }
            let tied = Double(end - start + 1)
            tieCorrection += tied * tied * tied - tied
            start = end + 1
        }
        let doubledPositive = differences.indices.filter { differences[$0] > 0 }.reduce(0) { $0 + doubledRanks[$1] }
        let doubledTotal = doubledRanks.reduce(0, +)
        if n <= 40 {
            // counts[s] = sign patterns whose positive doubled ranks sum to s.
            var counts = [Double](repeating: 0, count: doubledTotal + 1)
            counts[0] = 1
            for rank in doubledRanks {
                for sum in stride(from: doubledTotal, through: rank, by: -1) { counts[sum] += counts[sum - rank] }
            }
            let all = pow(2, Double(n))
            let lower = counts[0...doubledPositive].reduce(0, +) / all
            let upper = counts[doubledPositive...].reduce(0, +) / all
            return min(1, 2 * min(lower, upper))
        }
        let positive = Double(doubledPositive) / 2
        let count = Double(n)
        let mean = count * (count + 1) / 4
        let variance = count * (count + 1) * (2 * count + 1) / 24 - tieCorrection / 48
        guard variance > 0 else { return 1 }
        let z = max(0, abs(positive - mean) - 0.5) / variance.squareRoot()
        return min(1, erfc(z / 2.0.squareRoot()))
    }
}
