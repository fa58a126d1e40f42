/// The Walsh averages (d_i + d_j) / 2, i ≤ j, of paired differences, counted and ranked without listing them.
///
/// The Hodges-Lehmann estimate of a shift is their median, its
/// distribution-free confidence interval two of their order statistics, and
/// Wilcoxon's signed-rank statistic counts the positive ones (Hollander,
/// Wolfe & Chicken, *Nonparametric Statistical Methods*, 3rd ed., § 3.2).
/// There are n(n + 1) / 2 of them (146,070 for 540 pairs); the sums
/// d_i + d_j of sorted differences form a sorted matrix, so counting those at
/// most a value takes one O(n) sweep, and the k-th smallest is found by
/// bisecting on the ordered bit patterns of doubles: at most 64 sweeps.
/// Equal differences are held once with their count, so a sweep is O(m) in
/// the m distinct ones: the counts are those of the full list.
struct WalshAverages: Sendable {
    /// The distinct differences, ascending.
    let sorted: [Double]
    /// cumulative[i]: how many differences are among sorted[0...i].
    private let cumulative: [Int]

    /// Takes the occurrences of finite differences, keyed by bit pattern (`PairedDifferences`).
    init(_ occurrences: [UInt64: Int]) {
        let distinct = occurrences.map { (value: Double(bitPattern: $0.key), count: $0.value) }
            .sorted { $0.value < $1.value || $0.value == $1.value && $0.value.bitPattern < $1.value.bitPattern }
        sorted = distinct.map(\.value)
        var running = 0
        cumulative = distinct.map { running += $0.count; return running }
    }

    /// How many differences there are.
    private var differenceCount: Int { cumulative.last ?? 0 }

    /// How many averages there are: n(n + 1) / 2.
    var count: Int { differenceCount * (differenceCount + 1) / 2 }

    /// How many averages are at most `average`.
    func countAtMost(_ average: Double) -> Int {
        countSumsAtMost(2 * average)
    }

    /// How many averages are below `average`.
    func countBelow(_ average: Double) -> Int {
        countSumsAtMost((2 * average).nextDown)
    }

    /// The k-th smallest average, k from 1 to `count`.
    func average(rank k: Int) -> Double {
        precondition(k >= 1 && k <= count, "rank \(k) outside 1...\(count)")
        // The smallest sum s with at least k sums <= s is the k-th smallest; sums are finite, so every key
        // between the smallest and the largest sum's is a finite double.
        var low = Self.orderedKey(2 * sorted[0])
        var high = Self.orderedKey(2 * sorted[sorted.count - 1])
        while low < high {
            let middle = low + (high - low) / 2
            if countSumsAtMost(Self.value(ofKey: middle)) >= k {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return Self.value(ofKey: low) / 2
    }

    /// The median of the averages: the Hodges-Lehmann estimate of the shift.
    var median: Double {
        let n = count
        return n % 2 == 1 ? average(rank: (n + 1) / 2) : (average(rank: n / 2) + average(rank: n / 2 + 1)) / 2
    }

    /// Pairs of differences, the first not after the second in ascending order, whose sum is at most `sum`: as i rises
    /// the largest distinct j with sorted[i] + sorted[j] ≤ `sum` can only fall. Of the c copies of sorted[i], pairs
    /// among themselves number c(c + 1) / 2, and each pairs with every difference after them up to j.
    private func countSumsAtMost(_ sum: Double) -> Int {
        var total = 0
        var j = sorted.count - 1
        for i in sorted.indices {
            while j >= i && sorted[i] + sorted[j] > sum { j -= 1 }
            guard j >= i else { break }
            let copies = cumulative[i] - (i > 0 ? cumulative[i - 1] : 0)
            total += copies * (copies + 1) / 2 + copies * (cumulative[j] - cumulative[i])
        }
        return total
    }

    /// A key whose unsigned order is the order of the doubles (finite ones and infinities).
    private static func orderedKey(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return bits & signBit != 0 ? ~bits : bits | signBit
    }

    private static func value(ofKey key: UInt64) -> Double {
        key & signBit != 0 ? Double(bitPattern: key & ~signBit) : Double(bitPattern: ~key)
    }

    private static let signBit: UInt64 = 1 << 63
}
