/// Rows of cells as aligned plain-text columns, for the terminal tables commands print.
package enum PlainTextTable {
    /// One line per row: cells padded to their column's widest, two spaces apart, without trailing spaces.
    /// - Parameter rightAligned: The columns padded on the left (numbers); the others are padded on the right.
    package static func lines(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let widths = (rows.first?.indices ?? 0..<0).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingSuffix(" ")
        }
    }
}

extension String {
    /// The string without trailing copies of `character`.
    func trimmingSuffix(_ character: Character) -> String {
        var text = self
        while text.last == character { text.removeLast() }
        return text
    }
}
