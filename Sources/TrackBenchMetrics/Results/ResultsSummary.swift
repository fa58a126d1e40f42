import Foundation

/// What a results file holds, read a row at a time without keeping its rows: its context, its filters and the keys
/// of its rows, for a gate that then reads the rows again as it compares them.
package struct ResultsSummary: Sendable {
    /// The context line.
    package var context: ResultsContext
    /// Each filter's label and specification, in order of first appearance.
    package var filters: [(label: String, specification: String)] = []
    /// How many rows the file has.
    package var rowCount = 0
    /// The keys of its rows.
    package var keys = ResultsKeyLedger()
    /// Whether its rows come seed by seed, each seed's rows together (as `run` writes them), so a gate can finish
    /// each seed's sums as the seed ends (`SeedBlocks`).
    package var seedsInBlocks = true

    /// Reads the whole file, checking every row as `ResultsCSV.load` does.
    /// - Throws: `ResultsFileError` naming the file, the line and what was expected.
    package init(url: URL) throws(ResultsFileError) {
        let reader = try ResultsRowReader(url: url)
        context = reader.context
        var blocks = SeedBlocks()
        while let row = try reader.next() {
            rowCount += 1
            blocks.add(row.score.seed)
            if !filters.contains(where: { $0.label == row.score.filter }) {
                filters.append((row.score.filter, row.score.filterSpecification))
            }
        }
        keys = reader.keys
        seedsInBlocks = blocks.areBlocks
    }

    /// The summary of rows read whole.
    package init(_ file: ResultsFile) {
        context = file.context
        rowCount = file.scores.count
        seedsInBlocks = SeedBlocks.areBlocks(file.scores.map(\.seed))
        for score in file.scores {
            _ = keys.insert(score.key)
            if !filters.contains(where: { $0.label == score.filter }) { filters.append((score.filter, score.filterSpecification)) }
        }
    }

    /// The filters' labels, in order of first appearance.
    package var labels: [String] { filters.map(\.label) }
}
