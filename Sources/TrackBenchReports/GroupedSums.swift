/// Sums of one value per group and filter, the groups in order of first appearance: a report table's cells,
/// gathered one row at a time.
///
/// Each cell sums its values in the order they were added, as a mean of
/// the cell's values would, so its mean has the same bits.
struct GroupedSums: Sendable {
    /// One cell: the values' total and how many there were.
    struct Cell: Sendable {
        var total = 0.0
        var count = 0

        /// The mean of the values; nil without any.
        var mean: Double? { count == 0 ? nil : total / Double(count) }

        /// Adds one value.
        mutating func add(_ value: Double) {
            total += value
            count += 1
        }
    }

    /// The groups, in the order their first row came.
    private(set) var groups: [String] = []
    private var cells: [String: [String: Cell]] = [:]

    /// Adds one row's value to its group and filter; a row without a value still makes the cell.
    mutating func add(_ value: Double?, group: String, filter: String) {
        if cells[group] == nil { groups.append(group) }
        var cell = cells[group, default: [:]][filter, default: Cell()]
        if let value { cell.add(value) }
        cells[group, default: [:]][filter] = cell
    }

    /// The cell of `group` and `filter`; nil when no row had both.
    func cell(group: String, filter: String) -> Cell? {
        cells[group]?[filter]
    }
}
