import Foundation
import Testing

/// A CSV file without quoted fields, as results.csv and the path files are for the default suite.
struct CSVTable {
    /// A results file's first line, `# trackbench-results ...`; nil for files without one.
    var context: String?
    var header: [String]
    var rows: [[String]]

    init(_ text: String) throws {
        #expect(!text.contains("\""), "quoted fields are not expected here")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "the file must end with a newline")
        if lines.last == "" { lines.removeLast() }
        if lines.first?.hasPrefix("# trackbench-results ") == true {
            context = lines.removeFirst()
        }
        let first = try #require(lines.first, "the file is empty")
        header = first.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let width = header.count
        #expect(rows.allSatisfy { $0.count == width }, "every row has as many fields as the header")
    }

    func index(of column: String) throws -> Int {
        try #require(header.firstIndex(of: column), "no column \(column)")
    }

    func column(_ name: String) throws -> [String] {
        let index = try index(of: name)
        return rows.map { $0[index] }
    }

    func value(_ column: String, in row: [String]) throws -> String {
        row[try index(of: column)]
    }

    /// The table with only the rows whose `column` is `value`.
    func filtered(column: String, equals value: String) throws -> CSVTable {
        let index = try index(of: column)
        var table = self
        table.rows = rows.filter { $0[index] == value }
        return table
    }

    /// The table as CSV text again.
    var rendered: String {
        (context.map { $0 + "\n" } ?? "") + ([header] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    /// The first row whose columns have the given values.
    func row(where values: [String: String]) throws -> [String]? {
        let indices = try values.map { (try index(of: $0.key), $0.value) }
        return rows.first { row in indices.allSatisfy { row[$0.0] == $0.1 } }
    }
}
