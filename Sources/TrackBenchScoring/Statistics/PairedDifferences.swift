/// Paired values gathered one pair at a time for `Significance`: their sums, and each distinct difference with how
/// often it occurred.
///
/// The signed-rank test, the Hodges-Lehmann estimate and its interval depend on
/// the differences as a multiset, and the means on the sums in pair order, so
/// this holds what they need without a list of pairs. Values written with a
/// few decimals (as `results.csv` holds them) give few distinct differences,
/// so memory grows with those, not with the pairs; the regression gate keeps
/// one per filter, metric and group of a run of any size.
package struct PairedDifferences: Sendable {
    /// How many pairs were added.
    package private(set) var count = 0
    /// The sum of the first values, in the order they were added.
    package private(set) var firstSum = 0.0
    /// The sum of the second values, in the order they were added.
    package private(set) var secondSum = 0.0
    /// How often each difference (second - first, by bit pattern) occurred.
    private(set) var occurrences: [UInt64: Int] = [:]

    /// No pairs yet.
    package init() {}

    /// Adds a pair of finite values.
    package mutating func add(_ first: Double, _ second: Double) {
        count += 1
        firstSum += first
        secondSum += second
        occurrences[(second - first).bitPattern, default: 0] += 1
    }

    /// How many differences are not zero.
    var nonZeroCount: Int {
        occurrences.reduce(0) { $0 + (Double(bitPattern: $1.key) != 0 ? $1.value : 0) }
    }
}
