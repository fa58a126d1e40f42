import TrackBenchMetrics

/// One group's change in the mean per seed, gathered as pairs come, for the paired t-test over seeds (`PairedDecision`).
///
/// When the rows come seed by seed (as `run` writes them), each seed's mean
/// of run minus baseline is folded into running moments as soon as the next
/// seed's row arrives, so memory does not grow with the seeds. Otherwise (a
/// file put in another order by hand) every seed's sums are kept until the
/// end: right either way, and both give the same test to rounding.
struct SeedMeans: Sendable {
    private let inBlocks: Bool
    /// The seed whose pairs are being summed, in blocks.
    private var seed: UInt64?
    private var sum = 0.0
    private var count = 0
    /// The means of the seeds that ended, in blocks.
    private var ended = RunningMoments()
    /// Every seed's sums, in order of first appearance, when the rows are not in blocks.
    private var bySeed: [UInt64: (sum: Double, count: Int)] = [:]
    private var order: [UInt64] = []

    /// No pairs yet.
    /// - Parameter inBlocks: Whether every seed's pairs come together; false keeps every seed's sums.
    init(inBlocks: Bool) {
        self.inBlocks = inBlocks
    }

    /// Adds one pair's change (run minus baseline) under its seed.
    mutating func add(_ change: Double, seed: UInt64) {
        guard inBlocks else {
            if bySeed[seed] == nil { order.append(seed) }
            bySeed[seed, default: (0, 0)].sum += change
            bySeed[seed, default: (0, 0)].count += 1
            return
        }
        if seed != self.seed {
            if count > 0 { ended.add(sum / Double(count)) }
            (self.seed, sum, count) = (seed, 0, 0)
        }
        sum += change
        count += 1
    }

    /// How many seeds the pairs cover.
    var seedCount: Int { inBlocks ? ended.count + (count > 0 ? 1 : 0) : order.count }

    /// Student's paired t-test of the seeds' means; nil for fewer than two seeds.
    var test: PairedTTest? {
        guard inBlocks else {
            return PairedTTest(differences: order.map { seed in bySeed[seed].map { $0.sum / Double($0.count) } ?? 0 })
        }
        var means = ended
        if count > 0 { means.add(sum / Double(count)) }
        return PairedTTest(means)
    }
}
