import TrackBenchMetrics

/// The rows that got worst in one metric, most first, kept as pairs come so that no list of rows is needed.
///
/// With a limit, only that many are kept (ties: the earlier row first, as a
/// stable sort of every row gives); without one (`--verbose`), every row
/// is kept and sorted when asked for.
struct WorstRows: Sendable {
    /// One row: its key, its values as the gate compares them (absolute where closer to zero is better), and its
    /// worsening (positive when the row got worse).
    struct Row: Sendable {
        var key: ScenarioScore.Key
        var before: Double
        var after: Double
        var worsening: Double
    }

    /// How many rows to keep; nil for all.
    let limit: Int?
    /// How many rows were offered.
    private(set) var total = 0
    private var kept: [Row] = []

    /// Keeps at most `limit` rows; nil keeps them all.
    init(limit: Int?) {
        self.limit = limit
    }

    /// Offers the next row, in baseline order.
    mutating func add(_ row: Row) {
        total += 1
        guard let limit else {
            kept.append(row)
            return
        }
        let place = kept.firstIndex { $0.worsening < row.worsening } ?? kept.count
        guard place < limit else { return }
        kept.insert(row, at: place)
        if kept.count > limit { kept.removeLast() }
    }

    /// The worst rows, most first.
    var rows: [Row] { limit == nil ? kept.sorted { $0.worsening > $1.worsening } : kept }
}
