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
    /// The sum of the first values of the pairs that differ, in the order they were added.
    private var changedFirstSum = 0.0
    /// The sum of the second values of the pairs that differ, in the order they were added.
    private var changedSecondSum = 0.0

    /// No pairs yet.
    package init() {}

    /// Adds a pair of finite values.
    package mutating func add(_ first: Double, _ second: Double) {
        count += 1
        firstSum += first
        secondSum += second
        let difference = second - first
        occurrences[difference.bitPattern, default: 0] += 1
        if difference != 0 {
            changedFirstSum += first
            changedSecondSum += second
        }
    }

    /// The pairs that differ, as if only they had been added: the signed-rank test with zeros dropped (Wilcoxon's
    /// own treatment of zeros), which the regression gate uses so unchanged rows cannot hide a concentrated change.
    package var droppingZeros: PairedDifferences {
        var changed = PairedDifferences()
        changed.occurrences = occurrences.filter { Double(bitPattern: $0.key) != 0 }
        changed.count = changed.occurrences.values.reduce(0, +)
        changed.firstSum = changedFirstSum
        changed.secondSum = changedSecondSum
        changed.changedFirstSum = changedFirstSum
        changed.changedSecondSum = changedSecondSum
        return changed
    }

    /// How many differences are not zero.
    var nonZeroCount: Int {
        occurrences.reduce(0) { $0 + (Double(bitPattern: $1.key) != 0 ? $1.value : 0) }
    }
}
