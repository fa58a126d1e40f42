/// How `tune` spends its runs: the whole grid on every training seed when that fits the budget, otherwise
/// successive halving over seeds.
///
/// Successive halving (Jamieson & Talwalkar 2016; Li et al., Hyperband, 2018) runs every setting on the first few
/// training seeds, keeps the better half (never fewer than `keep`), and runs the survivors on as many seeds again,
/// until they have run on every training seed, where the last round ranks them. Survivors keep the scores of the
/// seeds they already ran, so a round runs only its new seeds. The first round's seed count is the largest that
/// keeps the whole schedule within the budget; when even one seed does not, each round keeps a third, a quarter...
/// of the settings instead of half (`reduction`), the smallest share that fits. A run is one setting on one
/// scenario under one seed.
struct TuneSchedule: Sendable, Equatable {
    /// One round: how many settings run, on which training seeds (offsets from the first training seed).
    struct Round: Sendable, Equatable {
        /// How many settings run: every setting in the first round, the best of the previous round's after.
        var settingCount: Int
        /// The training seeds this round adds, as offsets from the first; earlier seeds' scores are kept.
        var seeds: Range<Int>
    }

    /// The grids of at most this many settings run whole by default: the budget is what such a grid costs.
    static let gridLimit = 64

    /// The rounds in order; one round running every setting on every seed for the grid.
    let rounds: [Round]
    /// Each round keeps 1 / `reduction` of the previous round's settings: 2 keeps half.
    let reduction: Int
    /// Whether this is the whole grid.
    var isGrid: Bool { rounds.count == 1 }

    /// Runs of settings, summed over the rounds.
    func runCount(scenarioCount: Int) -> Int {
        rounds.reduce(0) { $0 + $1.settingCount * $1.seeds.count * scenarioCount }
    }

    /// The schedule for `settingCount` settings on `seedCount` training seeds of `scenarioCount` scenarios.
    /// - Parameters:
    ///   - budget: The most runs; nil for what a grid of `gridLimit` settings costs.
    ///   - keep: How many settings the halving stops at (the settings rerun on held-out seeds), at least 1.
    /// - Throws: `UsageError.invalidValue` naming `--budget` when even one seed per setting does not fit, with the least
    ///   budget that does.
    init(settingCount: Int, seedCount: Int, scenarioCount: Int, budget given: Int?, keep: Int) throws(UsageError) {
        let budget = given ?? Self.gridLimit * seedCount * scenarioCount
        let keep = max(1, keep)
        if settingCount * seedCount * scenarioCount <= budget {
            rounds = [Round(settingCount: settingCount, seeds: 0..<seedCount)]
            reduction = 2
            return
        }
        func cost(_ rounds: [Round]) -> Int { rounds.reduce(0) { $0 + $1.settingCount * $1.seeds.count * scenarioCount } }
        // A share that does not fit with one seed in the first round fits with no more: skip it without trying
        // every seed count, so even 100,000 settings over 10,000 seeds are planned at once.
        for reduction in 2...max(2, settingCount) {
            let leanest = Self.halving(settingCount: settingCount, seedCount: seedCount, firstSeeds: 1, keep: keep, reduction: reduction)
            guard cost(leanest) <= budget else { continue }
            for firstSeeds in stride(from: seedCount - 1, through: 1, by: -1) {
                let rounds = Self.halving(
                    settingCount: settingCount, seedCount: seedCount, firstSeeds: firstSeeds, keep: keep, reduction: reduction
                )
                if cost(rounds) <= budget {
                    self.rounds = rounds
                    self.reduction = reduction
                    return
                }
            }
        }
        let least = cost(
            Self.halving(settingCount: settingCount, seedCount: seedCount, firstSeeds: 1, keep: keep, reduction: max(2, settingCount))
        )
        let why = "successive halving of \(settingCount) settings over \(scenarioCount) scenarios needs \(least) runs "
            + "with one seed per setting in its first round"
        // A budget nobody gave is named as the default it is, with the option that raises it.
        guard given != nil else {
            throw .defaultTooSmall(
                option: "\(TuneCommand.budget.name) N", defaultValue: "budget (\(budget) runs: a grid of \(Self.gridLimit) settings)",
                least: "\(least), or fewer values", why: why
            )
        }
        throw .invalidValue(
            option: TuneCommand.budget.name, value: "\(budget)",
            expected: "at least \(least) runs: \(why); give fewer values or a larger budget"
        )
    }

    /// Successive halving starting from `firstSeeds` seeds: keep 1 / `reduction` of the settings (never fewer than
    /// `keep`) and double the seeds (never beyond `seedCount`) until the survivors have run on every seed.
    static func halving(settingCount: Int, seedCount: Int, firstSeeds: Int, keep: Int, reduction: Int = 2) -> [Round] {
        var rounds = [Round(settingCount: settingCount, seeds: 0..<firstSeeds)]
        var settings = settingCount
        var seeds = firstSeeds
        while seeds < seedCount {
            settings = max(min(keep, settings), (settings + reduction - 1) / reduction)
            let next = min(seedCount, seeds * 2)
            rounds.append(Round(settingCount: settings, seeds: seeds..<next))
            seeds = next
        }
        return rounds
    }
}
