
/// The (scenario, filter, seed) keys of a results file's rows so far, held per scenario as runs of consecutive seeds
/// that share one set of filters.
///
/// A results file TrackBench writes lists each scenario's seeds in order,
/// every one with the same filters, so each scenario needs a segment or two
/// whatever the number of seeds: a reader can refuse a key given twice (and
/// the gate tell a row of the run from one the baseline lacks) without
/// holding a key per row. A file in another order still reads exactly: its
/// segments are split where seeds or filters differ.
package struct ResultsKeyLedger: Sendable {
    /// Seeds `lower...upper` of one scenario, each with the filters of `filters` (an index into `filterSets`).
    struct Segment: Sendable {
        var lower: UInt64
        var upper: UInt64
        var filters: Int
    }

    /// Per scenario, its segments, ordered by seed and not overlapping.
    private var segments: [String: [Segment]] = [:]
    /// Every set of filters a segment has; each listed once.
    private var filterSets: [Set<String>] = [[]]
    private var filterSetIndices: [Set<String>: Int] = [[]: 0]
    /// The set a set becomes with one more filter, worked out once.
    private var successors: [Int: [String: Int]] = [:]

    /// No keys yet.
    package init() {}

    /// How many segments hold the keys: what the ledger's memory grows with.
    var segmentCount: Int { segments.values.reduce(0) { $0 + $1.count } }

    /// Whether `key` was inserted.
    package func contains(_ key: ScenarioScore.Key) -> Bool {
        guard let list = segments[key.scenarioID], let index = Self.segment(holding: key.seed, in: list) else { return false }
        return filterSets[list[index].filters].contains(key.filter)
    }

    /// Inserts `key`; false if it was there already.
    package mutating func insert(_ key: ScenarioScore.Key) -> Bool {
        var list = segments.removeValue(forKey: key.scenarioID) ?? []
        defer { segments[key.scenarioID] = list }
        let seed = key.seed
        if let index = Self.segment(holding: seed, in: list) {
            let old = list[index]
            guard !filterSets[old.filters].contains(key.filter) else { return false }
            let single = Segment(lower: seed, upper: seed, filters: successor(of: old.filters, adding: key.filter))
            var replacement: [Segment] = []
            if old.lower < seed { replacement.append(Segment(lower: old.lower, upper: seed - 1, filters: old.filters)) }
            replacement.append(single)
            if seed < old.upper { replacement.append(Segment(lower: seed + 1, upper: old.upper, filters: old.filters)) }
            list.replaceSubrange(index...index, with: replacement)
            Self.join(&list, around: index + (old.lower < seed ? 1 : 0))
        } else {
            let index = list.firstIndex { $0.lower > seed } ?? list.count
            list.insert(Segment(lower: seed, upper: seed, filters: successor(of: 0, adding: key.filter)), at: index)
            Self.join(&list, around: index)
        }
        return true
    }

    /// The set `set` becomes with `filter` added.
    private mutating func successor(of set: Int, adding filter: String) -> Int {
        if let known = successors[set]?[filter] { return known }
        let grown = filterSets[set].union([filter])
        let index = filterSetIndices[grown] ?? filterSets.count
        if index == filterSets.count {
            filterSets.append(grown)
            filterSetIndices[grown] = index
        }
        successors[set, default: [:]][filter] = index
        return index
    }

    /// Merges the segment at `index` with its neighbours where seeds follow on and filters are the same.
    private static func join(_ list: inout [Segment], around index: Int) {
        var index = index
        if index > 0, list[index - 1].filters == list[index].filters, list[index - 1].upper < UInt64.max,
           list[index - 1].upper + 1 == list[index].lower {
            list[index - 1].upper = list[index].upper
            list.remove(at: index)
            index -= 1
        }
        if index + 1 < list.count, list[index].filters == list[index + 1].filters, list[index].upper + 1 == list[index + 1].lower {
            list[index].upper = list[index + 1].upper
            list.remove(at: index + 1)
        }
    }

    /// The segment holding `seed`, by bisection.
    private static func segment(holding seed: UInt64, in list: [Segment]) -> Int? {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].upper < seed { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low].lower <= seed ? low : nil
    }
}
