import Foundation

/// The null distribution of Wilcoxon's signed-rank statistic for n pairs: P(W ≤ w) when every sign is a coin toss.
///
/// W counts the positive Walsh averages (or, equally, sums the ranks of the
/// positive differences), from 0 to n(n + 1) / 2. Up to `exactLimit` pairs
/// the distribution is counted exactly over all 2^n sign patterns (once, for
/// every n at the same time); beyond, it is the normal approximation with a
/// continuity correction of 0.5. Ties are not corrected for: the test and the
/// interval of `Significance` both use this one distribution, which is what
/// keeps them in agreement.
struct SignedRankDistribution: Sendable {
    /// The number of pairs.
    let n: Int

    /// Largest n counted exactly: 2^50 patterns are still exact in a Double's 53-bit mantissa ratios.
    static let exactLimit = 50

    /// The largest value W takes: n(n + 1) / 2.
    var maximum: Int { n * (n + 1) / 2 }

    /// P(W ≤ w); 0 below 0 and 1 from `maximum` on.
    func cumulative(_ w: Int) -> Double {
        guard w >= 0 else { return 0 }
        guard w < maximum else { return 1 }
        if n <= Self.exactLimit { return Self.exactCumulative[n][w] }
        let mean = Double(maximum) / 2
        let deviation = (Double(n) * Double(n + 1) * Double(2 * n + 1) / 24).squareRoot()
        let z = (Double(w) + 0.5 - mean) / deviation
        return min(1, 0.5 * erfc(-z / 2.0.squareRoot()))
    }

    /// The largest w with P(W ≤ w) ≤ `tail`, or -1 when even W = 0 is more likely than that.
    func criticalValue(tail: Double) -> Int {
        guard cumulative(0) <= tail else { return -1 }
        var low = 0
        var high = maximum
        while low < high {
            let middle = (low + high + 1) / 2
            if cumulative(middle) <= tail { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// exactCumulative[n][w] = P(W ≤ w) for n pairs, counted by adding rank n's sign to n - 1's patterns.
    private static let exactCumulative: [[Double]] = {
        var counts: [Double] = [1]
        var table: [[Double]] = [[1]]
        for rank in 1...exactLimit {
            var next = counts + [Double](repeating: 0, count: rank)
            for sum in rank..<next.count { next[sum] += counts[sum - rank] }
            counts = next
            let patterns = pow(2, Double(rank))
            var running = 0.0
            table.append(counts.map { running += $0; return running / patterns })
        }
        return table
    }()
}
