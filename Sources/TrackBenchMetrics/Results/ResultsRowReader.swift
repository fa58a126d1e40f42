import Foundation
import TrackBenchSupport

/// A results file read one row at a time, by the rules `ResultsCSV.parse` reads the whole file by, for files too
/// large to hold: a check or merge of thousands of seeds.
///
/// Memory holds a block of the file, the row being read and the keys seen
/// (`ResultsKeyLedger`, a few segments per scenario for a file TrackBench
/// wrote), so it does not grow with the seeds. Errors are those of
/// `ResultsCSV.load` for the same file, met in the same order, except that a
/// byte sequence that is not UTF-8 is reported when its line is reached.
package final class ResultsRowReader {
    /// One data row: the score, its text as read and its line number (1-based).
    package typealias Row = (score: ScenarioScore, text: String, line: Int)

    /// The context line.
    package let context: ResultsContext
    /// Whether the header lists exactly `ResultsCSV.columns`, in order, as TrackBench writes it.
    package let hasWrittenHeader: Bool
    /// The keys of the rows read so far; empty when they are not kept.
    package private(set) var keys = ResultsKeyLedger()
    private let keepsKeys: Bool
    private let lines: FileLines
    private let file: String
    private let header: [String]
    private let positions: [Int]
    private let nonFinitePosition: Int
    private var lineNumber = 2

    /// Opens a results file and reads its context line and header.
    ///
    /// A folder a killed run left with new files beside old ones is mended first (`AtomicFile.readSettled`), as
    /// `ResultsCSV.load` mends it.
    /// - Parameter keepingKeys: Whether to keep the keys and refuse one given twice: false only for a file read
    ///   through once already, whose keys were checked then, as `merge` reads its parts again. A shard's seeds of
    ///   one scenario do not follow on, so its ledger grows with them.
    /// - Throws: `ResultsFileError` naming the file, the line and what was expected.
    package init(url: URL, keepingKeys: Bool = true) throws(ResultsFileError) {
        let file = url.path
        self.file = file
        keepsKeys = keepingKeys
        do {
            lines = try AtomicFile.readSettled(url) { () throws(FileContents.Unreadable) in try FileLines(url) }
        } catch {
            // FileContents says what is wrong: no such file, a folder or FIFO rather than a regular file, too large.
            throw .unreadable(file: file, reason: error.reason)
        }
        guard let contextLine = try Self.text(of: lines.next(), file: file), !contextLine.isEmpty else {
            throw .malformedRow(file: file, line: 1, problem: "the file is empty; expected the context line and a header row")
        }
        let context = try ResultsContext.parse(Substring(contextLine), file: file)
        guard let headerLine = try Self.text(of: lines.next(), file: file), !headerLine.isEmpty else {
            throw .malformedRow(file: file, line: 2, problem: "expected a header row after the context line")
        }
        header = try ResultsCSV.fields(of: Substring(headerLine), file: file, line: 2)
        (positions, nonFinitePosition) = try ResultsCSV.positions(in: header, file: file)
        self.context = context
        hasWrittenHeader = header == ResultsCSV.columns
    }

    /// The next data row (empty lines are skipped); nil after the last.
    /// - Throws: `ResultsFileError` for a malformed row, a key given twice or a seed outside the context's.
    package func next() throws(ResultsFileError) -> Row? {
        while let text = try Self.text(of: lines.next(), file: file) {
            lineNumber += 1
            guard !text.isEmpty else { continue }
            let score = try ResultsCSV.row(
                Substring(text), line: lineNumber, header: header, positions: positions, nonFinitePosition: nonFinitePosition, file: file
            )
            guard !keepsKeys || keys.insert(score.key) else {
                throw .malformedRow(
                    file: file, line: lineNumber,
                    problem: "scenario '\(score.scenarioID)' with filter '\(score.filter)' and seed \(score.seed) appears twice"
                )
            }
            guard context.seeds.first <= score.seed, score.seed <= context.seeds.last else {
                throw .malformedRow(file: file, line: lineNumber, problem: "seed \(score.seed) is outside the context line's seeds \(context.seeds)")
            }
            return (score, text, lineNumber)
        }
        return nil
    }

    private static let notReadable = "it is not a readable UTF-8 file"

    /// A line's text; nil after the last line.
    private static func text(of read: @autoclosure () throws(FileContents.Unreadable) -> [UInt8]?, file: String) throws(ResultsFileError) -> String? {
        let bytes: [UInt8]?
        do {
            bytes = try read()
        } catch {
            throw .unreadable(file: file, reason: error.reason)
        }
        guard let bytes else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .unreadable(file: file, reason: notReadable) }
        return text
    }
}
