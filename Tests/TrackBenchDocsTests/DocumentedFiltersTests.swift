import Foundation
import Testing
@testable import TrackBenchFilters
import TrackBenchTestSupport

/// The filters table in Docs/filters.md (between `<!-- filters:begin -->` and `<!-- filters:end -->`) against
/// `FilterRegistry.builtIn`, which declares the filters: every registered filter once, in registry order, with its
/// offline mark and exactly its parameters and defaults. The "What it does" column is prose that cites sources, longer
/// than the one-line `summary` that `trackbench list` prints; what the declaration implies about it is checked here.
struct DocumentedFiltersTests {
    /// One row of the table.
    struct Row {
        var name: String
        var description: String
        var parameters: String
    }

    /// The table's rows, after its header and separator.
    static func rows() throws -> [Row] {
        let page = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/filters.md"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let begin = try #require(lines.firstIndex(of: "<!-- filters:begin -->"), "Docs/filters.md lacks <!-- filters:begin -->")
        let end = try #require(lines.firstIndex(of: "<!-- filters:end -->"), "Docs/filters.md lacks <!-- filters:end -->")
        let table = lines[(begin + 1)..<end].filter { $0.hasPrefix("|") }
        #expect(table.prefix(2) == ["| Name | What it does | Parameters (defaults) |", "|---|---|---|"])
        return try table.dropFirst(2).map { line in
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            try #require(cells.count == 3, "a row of three cells: \(line)")
            return Row(name: cells[0], description: cells[1], parameters: cells[2])
        }
    }

    /// The name cell a filter's declaration gives: its name in code, marked when it is offline as reports mark it.
    static func name(_ filter: any RegisteredFilter.Type) -> String {
        "`\(filter.name)`" + (filter.timing == .offline ? " \(FilterTiming.offlineMark)" : "")
    }

    /// The parameters cell a filter's declaration gives: each key with its default and unit, in declaration order.
    static func parameters(_ filter: any RegisteredFilter.Type) -> String {
        guard !filter.parameters.isEmpty else { return "none" }
        return filter.parameters.map { parameter in
            "`\(parameter.name)` = \(FilterParameter.format(parameter.defaultValue))" + (parameter.unit.isEmpty ? "" : " \(parameter.unit)")
        }.joined(separator: ", ")
    }

    @Test func everyRegisteredFilterHasOneRowInRegistryOrder() throws {
        let filters = FilterRegistry.builtIn.filterTypes
        let expected = filters.map { "| \(Self.name($0)) | ... | \(Self.parameters($0)) |" }
        #expect(
            try Self.rows().map(\.name) == filters.map(Self.name), "rows of Docs/filters.md, from the registry:\n\(expected.joined(separator: "\n"))")
    }

    @Test func eachRowShowsItsFiltersParametersAndDefaults() throws {
        let rows = try Self.rows()
        for filter in FilterRegistry.builtIn.filterTypes {
            let row = try #require(rows.first { $0.name == Self.name(filter) }, "no row for \(filter.name)")
            #expect(
                row.parameters == Self.parameters(filter), "\(filter.name): the parameters cell from the registry is:\n\(Self.parameters(filter))")
        }
    }

    @Test func eachDescriptionSaysWhenTheFilterRunsAsItsDeclarationDoes() throws {
        let rows = try Self.rows()
        for filter in FilterRegistry.builtIn.filterTypes {
            let row = try #require(rows.first { $0.name == Self.name(filter) }, "no row for \(filter.name)")
            #expect(
                row.description.contains("Not run by default.") == !filter.runsByDefault, "\(filter.name): runsByDefault is \(filter.runsByDefault)")
            #expect(
                row.description.contains("Scenarios with sensors only.") == filter.usesSensors, "\(filter.name): usesSensors is \(filter.usesSensors)"
            )
            #expect(row.description.hasPrefix("Offline") == (filter.timing == .offline), "\(filter.name): timing is \(filter.timing)")
        }
    }
}
