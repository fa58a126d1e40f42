import Foundation
import TrackBenchSupport

/// A results file as read back: how it was made, and its rows.
package struct ResultsFile: Sendable {
    /// The context line.
    package var context: ResultsContext
    /// The rows, in file order.
    package var scores: [ScenarioScore]
    /// Each row's text as read (without its line ending), in file order, so merging can copy rows byte for byte.
    var rowTexts: [Substring] = []
    /// Whether the header lists exactly `ResultsCSV.columns`, in order, as TrackBench writes it.
    var hasWrittenHeader = true
    /// Each row's line number in the file (1-based), in file order.
    var rowLines: [Int] = []

    /// The line of the file holding the row with `key`; nil for rows not read from a file.
    package func line(of key: ScenarioScore.Key) -> Int? {
        guard rowLines.count == scores.count, let index = scores.firstIndex(where: { $0.key == key }) else { return nil }
        return rowLines[index]
    }

    /// Creates a results file from its parts.
    package init(context: ResultsContext, scores: [ScenarioScore]) {
        self.context = context
        self.scores = scores
    }
}

extension ResultsCSV {
    /// Reads a results CSV back, for the regression gate and comparisons.
    ///
    /// A folder a killed run left with new files beside old ones is mended first (`AtomicFile.readSettled`), so the
    /// file read belongs to the same run as the reports beside it.
    /// - Throws: `ResultsFileError` naming the file, the line and what was expected.
    package static func load(from url: URL) throws(ResultsFileError) -> ResultsFile {
        let notReadable = "it is not a readable UTF-8 file"
        let data = try AtomicFile.readSettled(url) { () throws(ResultsFileError) in
            do {
                // The context line is checked before the rest is read: a file that is no results file is refused at once.
                try checkContextLine(of: FileContents.read(url, prefix: contextLineBytes), file: url.path)
                return try FileContents.read(url)
            } catch let error as ResultsFileError {
                throw error
            } catch let error as FileContents.Unreadable {
                // FileContents says what is wrong: no such file, a folder or FIFO rather than a regular file, too large.
                throw .unreadable(file: url.path, reason: error.reason)
            } catch {
                throw .unreadable(file: url.path, reason: notReadable)
            }
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .unreadable(file: url.path, reason: notReadable) }
        return try parse(text, file: url.path)
    }

    /// How many bytes are read to check the context line before the rest of a file: the line is far shorter.
    static let contextLineBytes = 64 * 1024

    /// Checks the context line at the start of `head` (a file's first bytes) when `head` holds all of it.
    /// - Throws: `ResultsFileError` for a line `ResultsContext.parse` refuses.
    private static func checkContextLine(of head: Data, file: String) throws(ResultsFileError) {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return }
        guard let line = String(data: bytes[..<end], encoding: .utf8), !line.isEmpty else { return }
        _ = try ResultsContext.parse(Substring(line), file: file)
    }

    /// Parses the text of a results CSV: the context line, the header, then the rows.
    ///
    /// Any line ending (LF, CRLF, CR) and a byte order mark read the same.
    /// Columns are found by name, so reordered or extra columns still read;
    /// every column of the schema is required, derived columns must agree
    /// with the values they derive from, and each (scenario, filter, seed)
    /// may appear once.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: The name to quote in errors.
    package static func parse(_ text: String, file: String) throws(ResultsFileError) -> ResultsFile {
        let lines = TextLines.split(text)
        guard let contextLine = lines.first, !contextLine.isEmpty else {
            throw .malformedRow(file: file, line: 1, problem: "the file is empty; expected the context line and a header row")
        }
        let context = try ResultsContext.parse(contextLine, file: file)
        guard lines.count > 1, !lines[1].isEmpty else {
            throw .malformedRow(file: file, line: 2, problem: "expected a header row after the context line")
        }
        let header = try fields(of: lines[1], file: file, line: 2)
        let (columnPositions, nonFinitePosition) = try positions(in: header, file: file)

        // Rows are read in chunks on every core. Each chunk stops at its first bad row; the checks across
        // rows then run in file order, so the error reported is the first one a row-by-row read would meet.
        let rows = lines.dropFirst(2)
        let chunks = ParallelChunks.map(count: rows.count) { range in
            var read: [(score: ScenarioScore, text: Substring, line: Int)] = []
            for offset in range {
                let index = rows.startIndex + offset
                guard !lines[index].isEmpty else { continue }
                do throws(ResultsFileError) {
                    read.append((
                        try row(
                            lines[index], line: index + 1, header: header, positions: columnPositions,
                            nonFinitePosition: nonFinitePosition, file: file
                        ),
                        lines[index], index + 1
                    ))
                } catch {
                    return (read, Optional(error))
                }
            }
            return (read, ResultsFileError?.none)
        }
        var scores: [ScenarioScore] = []
        var rowTexts: [Substring] = []
        var rowLines: [Int] = []
        var seen: Set<ScenarioScore.Key> = []
        for (read, error) in chunks {
            for (score, text, lineNumber) in read {
                guard seen.insert(score.key).inserted else {
                    throw .malformedRow(
                        file: file, line: lineNumber,
                        problem: "scenario '\(score.scenarioID)' with filter '\(score.filter)' and seed \(score.seed) appears twice"
                    )
                }
                guard context.seeds.first <= score.seed, score.seed <= context.seeds.last else {
                    throw .malformedRow(
                        file: file, line: lineNumber, problem: "seed \(score.seed) is outside the context line's seeds \(context.seeds)"
                    )
                }
                scores.append(score)
                rowTexts.append(text)
                rowLines.append(lineNumber)
            }
            if let error { throw error }
        }
        var file = ResultsFile(context: context, scores: scores)
        file.rowTexts = rowTexts
        file.rowLines = rowLines
        file.hasWrittenHeader = header == columns
        return file
    }

    /// Where each schema column, then `non_finite`, sits in `header` (`absentPosition` for a column an older file
    /// may lack).
    /// - Throws: `ResultsFileError` for a column named twice or a required column missing.
    static func positions(in header: [String], file: String) throws(ResultsFileError) -> (columns: [Int], nonFinite: Int) {
        var seenColumns: Set<String> = []
        for name in header where !seenColumns.insert(name).inserted {
            throw .malformedRow(
                file: file, line: 2,
                problem: "column '\(MarkdownText.safe(String(name.prefix(80))))' appears twice in the header; a results file names each column once"
            )
        }
        var positions: [Int] = []
        for column in schema {
            guard let position = header.firstIndex(of: column.name) else {
                // A file written before the column existed reads as if it were empty.
                guard column.mayBeAbsent else { throw .missingColumn(file: file, column: column.name) }
                positions.append(Self.absentPosition)
                continue
            }
            positions.append(position)
        }
        guard let nonFinite = header.firstIndex(of: nonFiniteColumn) else { throw .missingColumn(file: file, column: nonFiniteColumn) }
        positions.append(nonFinite)
        let nonFinitePosition = positions.removeLast()
        return (positions, nonFinitePosition)
    }

    /// The position of a column the header does not have.
    static let absentPosition = -1

    /// Reads one data row whose columns sit at `positions` of the header (`absentPosition` for an absent one).
    static func row(
        _ line: Substring, line lineNumber: Int, header: [String], positions: [Int], nonFinitePosition: Int, file: String
    ) throws(ResultsFileError) -> ScenarioScore {
        let row = try fields(of: line, file: file, line: lineNumber)
        if row == header {
            throw .malformedRow(
                file: file, line: lineNumber,
                problem: "line \(lineNumber) repeats the header (two files concatenated?); remove it and the context line above it, "
                    + "or join results files with 'trackbench merge'"
            )
        }
        guard row.count == header.count else {
            // A context line has no commas; a row whose first field starts like one is still a row.
            if row.count == 1, line.hasPrefix(ResultsContext.marker + " ") {
                throw .malformedRow(
                    file: file, line: lineNumber,
                    problem: "line \(lineNumber) is a context line, which only the first line may be (two files concatenated?); "
                        + "join results files with 'trackbench merge' instead"
                )
            }
            throw .malformedRow(file: file, line: lineNumber, problem: "expected \(header.count) fields like the header, got \(row.count)")
        }
        let flagged = Set(row[nonFinitePosition].split(separator: ";").map(String.init))
        if let unknown = flagged.first(where: { name in !schema.contains { $0.name == name } }) {
            throw .malformedRow(file: file, line: lineNumber, problem: "column '\(nonFiniteColumn)' names '\(unknown)', which is not a column")
        }
        let cells = zip(schema, positions).map { column, position in
            ResultsField(
                text: position == absentPosition ? "" : row[position], column: column.name, file: file, line: lineNumber,
                isNonFinite: flagged.contains(column.name)
            )
        }
        var score = ScenarioScore.empty
        for (column, cell) in zip(schema, cells) {
            try column.read(&score, cell)
        }
        for (column, cell) in zip(schema, cells) {
            try column.verify(score, cell)
        }
        return score
    }

    static func fields(of line: Substring, file: String, line number: Int) throws(ResultsFileError) -> [String] {
        do {
            return try CSVField.split(String(line))
        } catch {
            throw .malformedRow(file: file, line: number, problem: error.problem)
        }
    }
}

extension ScenarioScore {
    /// A score with no values, filled in column by column when a results file is read.
    static let empty = ScenarioScore(
        scenarioID: "", pathType: "", nominalDistanceMeters: 0, speedMetersPerSecond: 0, signal: "", filter: "",
        fixes: 0, estimatedFixes: 0, trueDistanceMeters: 0, noisyDistanceMeters: 0, estimatedDistanceMeters: 0,
        metrics: EstimateMetrics()
    )
}
