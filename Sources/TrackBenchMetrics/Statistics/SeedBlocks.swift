/// Whether rows come seed by seed: each seed's rows together, no seed coming back once another began.
///
/// `run` writes every scenario's rows of one seed before the next seed's, so
/// a gate reading such a file can finish each seed's sums as the seed ends
/// (`PairedTally`); a file put in another order by hand still compares
/// right, keeping every seed's sums. Memory grows with the seeds, not the rows.
package struct SeedBlocks: Sendable {
    /// Whether the seeds so far came in blocks.
    package private(set) var areBlocks = true
    private var current: UInt64?
    private var ended: Set<UInt64> = []

    /// Nothing seen yet.
    package init() {}

    /// Notes the next row's seed.
    package mutating func add(_ seed: UInt64) {
        guard areBlocks, seed != current else { return }
        if let current { ended.insert(current) }
        if ended.contains(seed) {
            areBlocks = false
            ended = []
        }
        current = seed
    }

    /// Whether `seeds`, in row order, come in blocks.
    package static func areBlocks(_ seeds: some Sequence<UInt64>) -> Bool {
        var blocks = SeedBlocks()
        for seed in seeds { blocks.add(seed) }
        return blocks.areBlocks
    }
}
