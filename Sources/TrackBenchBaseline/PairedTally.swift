import TrackBenchSupport
import TrackBenchScoring

/// What the paired verdicts and their report need of a gate run's pairs, gathered one pair at a time in baseline
/// order, so a run of any number of seeds need not hold its rows.
///
/// Per filter, metric and group (the whole suite, and each group of every
/// way the suite may split into groups): the pairs' sums and
/// distinct differences (`PairedDifferences`), and the rows that worsened
/// most, at most `worstRowLimit` of them. Memory grows with filters, metrics,
/// groups and distinct differences, not with seeds. Which groupings apply is
/// known only once every pair is in; each is gathered until then.
package struct PairedTally: Sendable {
    /// One filter's metric within one group.
    struct Cell: Sendable {
        /// The pairs whose values are finite on both sides.
        var differences = PairedDifferences()
        /// The position of the first of those pairs, which orders the groups as they first appeared.
        var firstFinite: Int?
        /// How many pairs have a value on both sides, finite or not.
        var movedCount = 0
        /// The pairs that worsened most, most first: each row's change and its worsening.
        var mostWorsened: [(change: BaselineComparison.Change, worsening: Double, position: Int)] = []
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

    private static let metrics = Metric.allCases
    private static let fixedGroupings = ["signal", "gait", "speed", "distance", "path"]

    /// No pairs yet.
    /// - Parameter worstRowLimit: How many of the most worsened rows to keep per cell; nil for all (`--verbose`).
    package init(worstRowLimit: Int? = nil) {
        self.worstRowLimit = worstRowLimit
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
            guard let before = metric.summaryValue(in: baseline), let after = metric.summaryValue(in: current) else { continue }
            let change = BaselineComparison.Change(
                key: baseline.key, metric: metric, baseline: metric.value(in: baseline), current: metric.value(in: current)
            )
            let moved = Moved(before: before, after: after, change: change, worsening: metric.worsening(from: before, to: after))
            add(CellKey(filter: baseline.filter, metric: position, grouping: "", group: PairedVerdicts.wholeSuite), moved)
            for (grouping, group) in groups {
                add(CellKey(filter: baseline.filter, metric: position, grouping: grouping, group: group), moved)
            }
        }
        count += 1
    }

    /// One pair's values of a metric (summary values), its change as the report lists it and its worsening.
    private struct Moved {
        var before: Double
        var after: Double
        var change: BaselineComparison.Change
        var worsening: Double
    }

    private mutating func add(_ key: CellKey, _ moved: Moved) {
        let (change, worsening) = (moved.change, moved.worsening)
        let index = cellIndex(key)
        cells[index].movedCount += 1
        if moved.before.isFinite && moved.after.isFinite {
            if cells[index].firstFinite == nil { cells[index].firstFinite = count }
            cells[index].differences.add(moved.before, moved.after)
        }
        guard let limit = worstRowLimit else {
            cells[index].mostWorsened.append((change, worsening, count))
            return
        }
        // Most worsened first; among equal ones, the earlier row, as a stable sort of every row gives.
        let place = cells[index].mostWorsened.firstIndex { $0.worsening < worsening } ?? cells[index].mostWorsened.count
        guard place < limit else { return }
        cells[index].mostWorsened.insert((change, worsening, count), at: place)
        if cells[index].mostWorsened.count > limit { cells[index].mostWorsened.removeLast() }
    }

    private mutating func cellIndex(_ key: CellKey) -> Int {
        if let index = cellIndices[key] { return index }
        cells.append(Cell())
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
        switch grouping {
        case "signal": return "signal \(score.signal)"
        case "gait": return score.gait.map { "gait \($0)" } ?? "no gait"
        case "speed": return "speed \(NumberFormat.compact(score.speedMetersPerSecond)) m/s"
        case "distance": return "distance \(NumberFormat.compact(score.nominalDistanceMeters)) m"
        default: return "path \(score.pathType)"
        }
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
    var testedCells: [(filter: String, metric: Metric, group: String, differences: PairedDifferences)] {
        var result: [(filter: String, metric: Metric, group: String, differences: PairedDifferences)] = []
        let groupings = groupings
        for filter in filters {
            for (position, metric) in Self.metrics.enumerated() {
                let whole = CellKey(filter: filter, metric: position, grouping: "", group: PairedVerdicts.wholeSuite)
                guard let index = cellIndices[whole], cells[index].firstFinite != nil else { continue }
                result.append((filter, metric, PairedVerdicts.wholeSuite, cells[index].differences))
                for grouping in groupings {
                    let list = CellKey(filter: filter, metric: position, grouping: grouping, group: "")
                    let found = (groupCells[list] ?? []).compactMap { index in cells[index].firstFinite.map { (index, $0) } }
                    for (index, _) in found.sorted(by: { $0.1 < $1.1 }) {
                        result.append((filter, metric, keys[index].group, cells[index].differences))
                    }
                }
            }
        }
        return result
    }

    /// The rows of `filter` in `group` that worsened most in `metric`, most first (at most `worstRowLimit`), and how
    /// many rows had a value on both sides.
    package func mostWorsened(filter: String, metric: Metric, group: String) -> (changes: [BaselineComparison.Change], total: Int) {
        guard let position = Self.metrics.firstIndex(of: metric) else { return ([], 0) }
        let candidates = group == PairedVerdicts.wholeSuite ? [""] : groupings
        for grouping in candidates {
            if let index = cellIndices[CellKey(filter: filter, metric: position, grouping: grouping, group: group)] {
                let cell = cells[index]
                // Kept in order as they came without a limit: sorted as the whole list of rows is.
                let worst = worstRowLimit == nil ? cell.mostWorsened.sorted { $0.worsening > $1.worsening } : cell.mostWorsened
                return (worst.map(\.change), cell.movedCount)
            }
        }
        return ([], 0)
    }
}
