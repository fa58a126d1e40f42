import Foundation
import TrackBenchSupport

/// Whether a paired change is real: TrackBench's one decision, used alike by `check`, `compare`, `sweep` and the report.
///
/// Both sides ran on the same scenarios under the same seeds, so each
/// (scenario, seed) gives one pair; the first side is the baseline (the
/// baseline file, A in `compare`, the better-ranked filter, the best value of
/// a sweep), the second the one judged against it. The decision:
///
/// - **The statistic** is the change in the mean, second minus first: what
///   the report ranks by, printed beside the two means it comes from.
/// - **Two tests.** Student's paired t-test over seeds (per seed, the mean of
///   the changes; at least `minimumSeeds` seeds), the seed being the unit of
///   replication; and Wilcoxon's signed-rank test on the pairs that changed,
///   unchanged pairs dropped (at least `minimumChangedPairs` of them, the
///   fewest whose smallest p-value can reach `level`).
/// - **The level rule.** The tests of one family are corrected by Holm's
///   step-down procedure at `level`. A family is one filter's every test
///   (metrics, groups, guarded scenarios): `check` forms it per filter,
///   `compare` takes each of its cells from `check`'s, and the report and
///   `sweep` form the same family for the two filters or values they
///   compare (`PairedFamily`), so all four call the same differences real.
/// - **The allowance** (the threshold): the change in the mean must exceed
///   the largest of `absoluteAllowance` in the metric's unit,
///   `relativeAllowance` of the first side's mean, and the resolution
///   `results.csv` writes the metric with.
///
/// Too few pairs for either test (three recordings) is `tooFewPairs`, with no
/// p-value; the decision is not "tied" then but unknown.
package struct PairedDecision: Sendable, Hashable {
    /// The family-wise false-alarm level: 0.001.
    package static let level = 0.001
    /// Fewest seeds for the t-test over seeds: with fewer, a t-test over seeds says little about skewed errors.
    package static let minimumSeeds = 5
    /// Fewest changed pairs for the signed-rank test: with n of them its smallest p-value is 2 / 2^n, which reaches
    /// `level` from n = 11.
    package static let minimumChangedPairs = 11
    /// The default relative allowance: 1 % of the first side's mean.
    package static let relativeAllowance = 0.01
    /// The default absolute allowance, in the metric's unit.
    package static let absoluteAllowance = 0.001

    /// The rule in words, as every output that decides with it names it.
    package static let ruleText = "the change in the mean, tested by Student's t over seeds (at least \(minimumSeeds)) "
        + "and Wilcoxon's signed rank on the changed pairs (zeros dropped, at least \(minimumChangedPairs)), "
        + "Holm at \(NumberFormat.compact(level)) within each family, "
        + "real beyond the allowance: the largest of \(NumberFormat.compact(absoluteAllowance)), "
        + "\(NumberFormat.compact(relativeAllowance * 100)) % of the first side's mean and the written resolution"

    /// What the decision found.
    package enum Verdict: String, Sendable, Equatable, CaseIterable {
        /// The second side is significantly worse by more than the allowance.
        case regression
        /// The second side is significantly better by more than the allowance.
        case improvement
        /// Significant, but the change is within the allowance, which decided.
        case withinTolerance = "within tolerance"
        /// Not significant.
        case withinNoise = "within noise"
        /// Every pair gave the same value.
        case identical
        /// Too few pairs for either test.
        case tooFewPairs = "too few pairs for a test"
    }

    /// The metric judged.
    package var metric: Metric
    /// How many pairs there were.
    package var pairCount: Int
    /// How many of them changed.
    package var changedCount: Int
    /// How many seeds they cover.
    package var seedCount: Int
    /// The first side's mean (absolute where closer to zero is better).
    package var firstMean: Double
    /// The second side's mean over the same pairs.
    package var secondMean: Double
    /// The t-test over seeds; nil with fewer than `minimumSeeds` seeds.
    package var seedTest: PairedTTest?
    /// The level Holm's procedure compared `seedTest` with.
    package var seedLevel: Double?
    /// Whether Holm's procedure rejected `seedTest`.
    package var seedRejected = false
    /// The signed-rank test on the changed pairs; nil with fewer than `minimumChangedPairs` of them.
    package var consistency: Significance?
    /// The level Holm's procedure compared `consistency` with.
    package var consistencyLevel: Double?
    /// Whether Holm's procedure rejected `consistency`.
    package var consistencyRejected = false
    /// The largest change that does not count, in the metric's unit.
    package var allowance: Double
    /// The verdict, once judged.
    package var verdict = Verdict.identical

    /// The change in the mean, second minus first, in the metric's unit: the statistic tested.
    package var change: Double { secondMean - firstMean }
    /// The change as a worsening: positive means the second side is worse, whichever way the metric points.
    package var worsening: Double { metric.worsening(ofShift: change) }
    /// Whether either test ran.
    package var hasTest: Bool { seedTest != nil || consistency?.pValue != nil }
    /// Whether either test was significant within its family.
    package var isSignificant: Bool { seedRejected || consistencyRejected }
    /// Whether the change is real: a regression or an improvement.
    package var isReal: Bool { verdict == .regression || verdict == .improvement }
    /// The p-values of the tests that ran, the test over seeds first; none where no pair changed.
    package var pValues: [Double] { changedCount == 0 ? [] : [seedTest?.pValue, consistency?.pValue].compactMap { $0 } }

    /// The evidence of pairs gathered in `differences`, with their changes' means per seed in `seedChanges`, before
    /// any level is set.
    /// - Parameters:
    ///   - allowance: The allowance; `allowance(for:firstMean:)` by default.
    package init(metric: Metric, differences: PairedDifferences, seedTest: PairedTTest?, seedCount: Int, allowance: Double? = nil) {
        self.metric = metric
        pairCount = differences.count
        let count = Double(max(1, differences.count))
        firstMean = differences.firstSum / count
        secondMean = differences.secondSum / count
        let changed = differences.droppingZeros
        changedCount = changed.count
        self.seedCount = seedCount
        self.seedTest = seedCount >= Self.minimumSeeds ? seedTest : nil
        consistency = changedCount >= Self.minimumChangedPairs ? Significance(changed) : nil
        self.allowance = allowance ?? Self.allowance(for: metric, firstMean: differences.firstSum / count)
    }

    /// Sets the levels and rejections Holm's procedure gave `pValues`, in that order, and the verdict.
    package mutating func applying(levels: ArraySlice<Double>, rejected: ArraySlice<Bool>) {
        var position = levels.startIndex
        if changedCount > 0 {
            if seedTest != nil {
                (seedLevel, seedRejected) = (levels[position], rejected[position])
                position += 1
            }
            if consistency?.pValue != nil {
                (consistencyLevel, consistencyRejected) = (levels[position], rejected[position])
            }
        }
        verdict = judged
    }

    /// The verdict the tests and the allowance give.
    private var judged: Verdict {
        if changedCount == 0 { return .identical }
        // Enough pairs but too few changed (on one or two seeds) is no evidence of a change: within noise.
        guard hasTest else { return pairCount < Self.minimumChangedPairs ? .tooFewPairs : .withinNoise }
        guard isSignificant else { return .withinNoise }
        // Differences of values written with few decimals carry binary noise (0.5 - 0.4 > 0.1): a hair over the
        // allowance is the allowance.
        let limit = allowance * (1 + 1e-9)
        if worsening > limit { return .regression }
        if -worsening > limit { return .improvement }
        return .withinTolerance
    }

    /// The allowance: the largest of the absolute allowance, the relative one times the first side's mean, and one
    /// unit of the last digit `results.csv` writes (0.1 s for `lag_s`), since a change below it is rounding.
    package static func allowance(
        for metric: Metric, firstMean: Double, absolute: Double = absoluteAllowance, relative: Double = relativeAllowance
    ) -> Double {
        max(absolute, relative * abs(firstMean), pow(10, -Double(metric.decimals)))
    }

    /// The test that decided: the rejected one with the smaller p-value relative to its level, else the one closest
    /// to its level; nil when none ran.
    private var decidingTest: (name: String, p: Double, level: Double, rejected: Bool)? {
        var candidates: [(name: String, p: Double, level: Double, rejected: Bool)] = []
        if let seedTest, let seedLevel {
            candidates.append(("t over \(seedCount) seeds", seedTest.pValue, seedLevel, seedRejected))
        }
        if let p = consistency?.pValue, let consistencyLevel {
            candidates.append(("signed rank, \(changedCount) changed", p, consistencyLevel, consistencyRejected))
        }
        let rejected = candidates.filter(\.rejected)
        return (rejected.isEmpty ? candidates : rejected).min { $0.p / $0.level < $1.p / $1.level }
    }

    /// The deciding test's p-value; nil when no test ran.
    package var pValue: Double? { decidingTest?.p }

    /// The test that decided, with its p-value and level, such as `t over 10 seeds: p = 1.2e-05 ≤ 5.0e-04`;
    /// `too few pairs for a test (n = 3)` when none could run, never a p-value of a test that cannot reach the level.
    package var testText: String {
        guard let shown = decidingTest else {
            if changedCount == 0 { return "no change" }
            return pairCount < Self.minimumChangedPairs
                ? "too few pairs for a test (n = \(pairCount))"
                : "too few changed pairs for a test (\(changedCount) of \(pairCount))"
        }
        return "\(shown.name): p \(Self.pText(shown.p)) \(shown.rejected ? "≤" : ">") \(Self.pText(shown.level).dropFirst(2))"
    }

    /// "= 0.042", or "= 3.1e-12" for values below 0.001, which Holm's levels need.
    package static func pText(_ p: Double) -> String {
        p >= 0.001 ? "= " + NumberFormat.fixed(p, decimals: 3) : "= " + String(format: "%.1e", p)
    }
}
