/// Holm's step-down correction: which tests of a family are significant, with the family's false-alarm rate held.
///
/// Sort the family's m p-values ascending; compare the smallest with α / m,
/// the next with α / (m - 1), and so on, rejecting until the first that
/// exceeds its level; that one and every larger p-value stand (Holm 1979).
/// The probability of any false rejection in the family is at most α
/// whatever the dependence between the tests, as with Bonferroni's α / m for
/// every test, but each rejection lowers the bar for the rest, so it never
/// rejects less. Equal p-values keep their input order, so the result is
/// deterministic.
package struct HolmCorrection: Sendable, Hashable {
    /// For each p-value, in input order: the level it is compared with, α / (m - rank + 1) for its rank (from 1)
    /// among the family's p-values.
    package let levels: [Double]
    /// For each p-value, in input order: whether it is rejected (significant) by the step-down procedure.
    package let rejected: [Bool]

    /// Corrects the p-values of one family at family-wise level `alpha`.
    package init(pValues: [Double], alpha: Double) {
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] || pValues[$0] == pValues[$1] && $0 < $1 }
        var levels = [Double](repeating: alpha, count: pValues.count)
        var rejected = [Bool](repeating: false, count: pValues.count)
        var stepping = true
        for (rank, index) in order.enumerated() {
            levels[index] = alpha / Double(pValues.count - rank)
            stepping = stepping && pValues[index] <= levels[index]
            rejected[index] = stepping
        }
        self.levels = levels
        self.rejected = rejected
    }
}
