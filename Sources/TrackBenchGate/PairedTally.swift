import TrackBenchMetrics
import TrackBenchSupport

/// What the paired verdicts and their report need of a gate run's pairs, gathered one pair at a time in baseline
/// order, so a run of any number of seeds need not hold its rows.
///
/// Per filter, metric and group (the whole suite, and each group of every
/// way the suite may split into groups): the pairs' sums and
/// distinct differences (`PairedDifferences`), the change in the mean per
/// seed (`SeedMeans`), and the rows that got worst, at most `worstRowLimit`
/// of them; per filter, metric and scenario, what the per-scenario guard
/// needs (`ScenarioTally`). Memory grows with filters, metrics, groups,
/// scenarios and distinct differences, not with seeds, when the rows come
/// seed by seed (`seedsInBlocks`). Which groupings apply is known only once
/// every pair is in; each is gathered until then.
package struct PairedTally: Sendable {
    /// One filter's metric within one group.
    struct Cell: Sendable {
        /// The pairs whose values are finite on both sides.
        var differences = PairedDifferences()
        /// Their change in the mean, per seed.
        var seedMeans: SeedMeans
        /// The position of the first of those pairs, which orders the groups as they first appeared.
        var firstFinite: Int?
        /// Those pairs that got worst, most first.
        var worst: WorstRows
    }

    /// A cell's place: filter, metric (its position in `Metric.allCases`), grouping (empty for the whole suite) and group.
    struct CellKey: Hashable, Sendable {
        var filter: String
        var metric: Int
        var grouping: String
        var group: String
    }

    /// The filters paired, in baseline order.
    package private(set) var filters: [String] = []
    /// How many pairs were added.
    package private(set) var count = 0
    /// The most worsened rows kept per cell; nil keeps them all.
    let worstRowLimit: Int?
    /// Whether the pairs come seed by seed, so each seed's mean is folded as it ends.
    let seedsInBlocks: Bool
    private var cells: [Cell] = []
    /// Each cell's place, by index.
    private var keys: [CellKey] = []
    private var cellIndices: [CellKey: Int] = [:]
    /// Per filter, metric and grouping, its groups' cells in order of creation.
    private var groupCells: [CellKey: [Int]] = [:]
    /// Per grouping name, the groups seen over every pair.
    private var groupsSeen: [String: Set<String>] = [:]
    private var hasSimulated = false
    private var hasGait = false
    /// Recording tag keys, in order of first appearance.
    private var tagKeys: [String] = []
    /// Per filter and metric (grouping and group empty), its scenarios' tallies in order of first appearance.
    private var scenarioTallies: [CellKey: [ScenarioTally]] = [:]
    private var scenarioIndices: [CellKey: Int] = [:]

    private static let metrics = Metric.allCases
    private static let fixedGroupings = ["signal", "gait", "speed", "distance", "path"]

    /// No pairs yet.
    /// - Parameters:
    ///   - worstRowLimit: How many of the most worsened rows to keep per cell; nil for all (`--verbose`).
    ///   - seedsInBlocks: Whether the pairs will come seed by seed (`SeedBlocks`); false keeps every seed's sums.
    package init(worstRowLimit: Int? = nil, seedsInBlocks: Bool = false) {
        self.worstRowLimit = worstRowLimit
        self.seedsInBlocks = seedsInBlocks
    }

    /// Adds the next pair, in baseline order.
    package mutating func add(baseline: ScenarioScore, current: ScenarioScore) {
        if !filters.contains(baseline.filter) { filters.append(baseline.filter) }
        hasSimulated = hasSimulated || !baseline.isReplay
        hasGait = hasGait || baseline.gait != nil
        for key in baseline.tags.keys.sorted() where !tagKeys.contains(key) {
            startTag(key)
        }
        var groups = Self.fixedGroupings.map { ($0, Self.group(of: baseline, by: $0)) }
        groups += tagKeys.map { ($0, "\($0) \(baseline.tags[$0] ?? "(none)")") }
        for (grouping, group) in groups {
            groupsSeen[grouping, default: []].insert(group)
        }
        for (position, metric) in Self.metrics.enumerated() {
            // Pairs with a value on one side only, or NaN or infinite on either, are not judged here.
            guard let before = metric.summaryValue(in: baseline), let after = metric.summaryValue(in: current),
                  before.isFinite, after.isFinite else { continue }
            let row = WorstRows.Row(key: baseline.key, before: before, after: after, worsening: metric.worsening(from: before, to: after))
            let whole = CellKey(filter: baseline.filter, metric: position, grouping: "", group: PairedVerdicts.wholeSuite)
            add(whole, row)
            for (grouping, group) in groups {
                add(CellKey(filter: baseline.filter, metric: position, grouping: grouping, group: group), row)
            }
            addScenario(whole, row)
        }
        count += 1
    }

    private mutating func add(_ key: CellKey, _ row: WorstRows.Row) {
        let index = cellIndex(key)
        if cells[index].firstFinite == nil { cells[index].firstFinite = count }
        cells[index].differences.add(row.before, row.after)
        cells[index].seedMeans.add(row.after - row.before, seed: row.key.seed)
        cells[index].worst.add(row)
    }

    /// Adds a pair to its scenario's tally under its filter and metric (`whole`).
    private mutating func addScenario(_ whole: CellKey, _ row: WorstRows.Row) {
        var key = whole
        key.grouping = row.key.scenarioID
        if let index = scenarioIndices[key] {
            scenarioTallies[whole]?[index].add(row)
            return
        }
        var tally = ScenarioTally(scenarioID: row.key.scenarioID, worstRowLimit: worstRowLimit)
        tally.add(row)
        scenarioIndices[key] = scenarioTallies[whole, default: []].count
        scenarioTallies[whole, default: []].append(tally)
    }

    private mutating func cellIndex(_ key: CellKey) -> Int {
        if let index = cellIndices[key] { return index }
        cells.append(Cell(seedMeans: SeedMeans(inBlocks: seedsInBlocks), worst: WorstRows(limit: worstRowLimit)))
        keys.append(key)
        cellIndices[key] = cells.count - 1
        var list = key
        list.group = ""
        groupCells[list, default: []].append(cells.count - 1)
        return cells.count - 1
    }

    /// A tag key first seen now: every earlier pair lacked it, so its "(none)" group starts as each filter and metric's
    /// whole suite so far.
    private mutating func startTag(_ key: String) {
        tagKeys.append(key)
        if count > 0 { groupsSeen[key, default: []].insert("\(key) (none)") }
        for (cellKey, index) in cellIndices where cellKey.grouping.isEmpty {
            let copy = cells[index]
            let none = cellIndex(CellKey(filter: cellKey.filter, metric: cellKey.metric, grouping: key, group: "\(key) (none)"))
            cells[none] = copy
        }
    }

    private static func group(of score: ScenarioScore, by grouping: String) -> String {
        PairedFamily.group(of: score, by: grouping)
    }

    /// The ways the pairs split into groups: the report's breakdowns (gait rather than speed when any row has one) when
    /// any row is simulated, then recording tags by name; each only when it has more than one group.
    var groupings: [String] {
        var names: [String] = []
        if hasSimulated { names = ["signal", hasGait ? "gait" : "speed", "distance", "path"] }
        names += tagKeys.sorted()
        return names.filter { (groupsSeen[$0]?.count ?? 0) > 1 }
    }

    /// Every cell with finite pairs, as `PairedVerdicts` tests them: by filter, metric, the whole suite then each
    /// grouping's groups in order of first appearance.
    var testedCells: [(filter: String, metric: Metric, group: String, cell: Cell)] {
        var result: [(filter: String, metric: Metric, group: String, cell: Cell)] = []
        let groupings = groupings
        for filter in filters {
            for (position, metric) in Self.metrics.enumerated() {
                let whole = CellKey(filter: filter, metric: position, grouping: "", group: PairedVerdicts.wholeSuite)
                guard let index = cellIndices[whole], cells[index].firstFinite != nil else { continue }
                result.append((filter, metric, PairedVerdicts.wholeSuite, cells[index]))
                for grouping in groupings {
                    let list = CellKey(filter: filter, metric: position, grouping: grouping, group: "")
                    let found = (groupCells[list] ?? []).compactMap { index in cells[index].firstFinite.map { (index, $0) } }
                    for (index, _) in found.sorted(by: { $0.1 < $1.1 }) {
                        result.append((filter, metric, keys[index].group, cells[index]))
                    }
                }
            }
        }
        return result
    }

    /// One filter's metric per scenario, in order of first appearance among its pairs of finite values.
    func scenarios(filter: String, metric: Metric) -> [ScenarioTally] {
        guard let position = Self.metrics.firstIndex(of: metric) else { return [] }
        return scenarioTallies[CellKey(filter: filter, metric: position, grouping: "", group: PairedVerdicts.wholeSuite)] ?? []
    }

    /// The rows of `filter` in `group` that got worst in `metric`, most first (at most `worstRowLimit`), and how
    /// many rows had a finite value on both sides.
    func worstRows(filter: String, metric: Metric, group: String) -> (rows: [WorstRows.Row], total: Int) {
        guard let position = Self.metrics.firstIndex(of: metric) else { return ([], 0) }
        let candidates = group == PairedVerdicts.wholeSuite ? [""] : groupings
        for grouping in candidates {
            if let index = cellIndices[CellKey(filter: filter, metric: position, grouping: grouping, group: group)] {
                return (cells[index].worst.rows, cells[index].worst.total)
            }
        }
        return ([], 0)
    }

    /// The rows of `filter` in one scenario that got worst in `metric`, most first, and how many it had.
    func worstRows(filter: String, metric: Metric, scenarioID: String) -> (rows: [WorstRows.Row], total: Int) {
        guard let tally = scenarios(filter: filter, metric: metric).first(where: { $0.scenarioID == scenarioID }) else { return ([], 0) }
        return (tally.worst.rows, tally.worst.total)
    }
}
