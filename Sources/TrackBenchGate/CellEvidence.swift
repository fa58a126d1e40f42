import TrackBenchMetrics

/// What one filter's metric in one group shows, baseline against run, before any correction for the number of tests.
///
/// Two tests look at the pairs (one per scenario and seed, run minus baseline):
///
/// - **The change in the mean, over seeds.** For each seed, the mean over the
///   group's scenarios of the paired changes; seeds are the independent
///   draws of the noise, so these are the units of replication, and Student's
///   paired t-test asks whether their mean is zero (`PairedTTest`). It needs
///   `minimumSeeds` seeds. It sees a change that lifts the mean without
///   moving most rows: a large worsening on some scenarios or some seeds.
/// - **Consistency, over the pairs that changed.** Wilcoxon's signed-rank test
///   on the changed pairs, with unchanged pairs dropped (Wilcoxon's own
///   treatment of zeros): a results file is deterministic, so an unchanged
///   pair is a scenario the change did not touch, and counting it on both
///   sides would hide a change confined to a corner of the group. It runs
///   only when enough pairs changed for its smallest p-value to reach the
///   family's level at all (`minimumChangedPairs`).
///
/// Both are worked out from running sums (`PairedTally`), so a run of any
/// number of seeds need not hold its rows.
struct CellEvidence: Sendable {
    /// Fewest seeds for the test over seeds: with fewer, a t-test over seeds says little about skewed errors.
    static let minimumSeeds = 5
    /// Fewest changed pairs for the signed-rank test: with n changed pairs its smallest p-value is 2 / 2^n,
    /// which reaches the family's level, 0.001, from n = 11.
    static let minimumChangedPairs = 11

    /// How many pairs there were.
    let pairCount: Int
    /// How many pairs changed.
    let changedCount: Int
    /// How many seeds the pairs cover.
    let seedCount: Int
    /// The baseline's mean over the pairs.
    let baselineMean: Double
    /// The run's mean over the same pairs.
    let currentMean: Double
    /// The test of the change in the mean over seeds; nil with fewer than `minimumSeeds` seeds.
    let seedTest: PairedTTest?
    /// The signed-rank test on the changed pairs; nil with fewer than `minimumChangedPairs` of them.
    let consistency: Significance?

    /// Weighs the pairs gathered in one cell of a `PairedTally`: their differences and their means per seed.
    init(differences: PairedDifferences, seedMeans: SeedMeans) {
        pairCount = differences.count
        let count = Double(max(1, differences.count))
        baselineMean = differences.firstSum / count
        currentMean = differences.secondSum / count
        let changed = differences.droppingZeros
        changedCount = changed.count
        seedCount = seedMeans.seedCount
        seedTest = seedCount >= Self.minimumSeeds ? seedMeans.test : nil
        consistency = changedCount >= Self.minimumChangedPairs ? Significance(changed) : nil
    }

    /// Whether no pair changed.
    var isIdentical: Bool { changedCount == 0 }

    /// The p-values of the tests that ran: the test over seeds first.
    var pValues: [Double] { [seedTest?.pValue, consistency?.pValue].compactMap { $0 } }
}
