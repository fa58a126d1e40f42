import Foundation
import Testing
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
import TrackBenchTestSupport
import TrackBenchRunFixtures

/// A results file read a row at a time gives the rows and the errors `ResultsCSV.load` gives.
struct ResultsRowReaderTests {
    private func withFile<T>(_ text: String, _ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("results.csv")
        try Data(text.utf8).write(to: url)
        return try body(url)
    }

    private func readAll(_ url: URL) throws -> (context: ResultsContext, rows: [ResultsRowReader.Row]) {
        let reader = try ResultsRowReader(url: url)
        var rows: [ResultsRowReader.Row] = []
        while let row = try reader.next() { rows.append(row) }
        return (reader.context, rows)
    }

    @Test func rowsReadOneAtATimeAreTheRowsReadWholeWhateverTheLineEndings() throws {
        let text = try ResultsCSV.render(Fixtures.defaultScores, context: Fixtures.context())
        let crlf = "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
        let variants = [text, crlf, text.replacingOccurrences(of: "\n", with: "\r") + "\r\r"]
        for variant in variants {
            try withFile(variant) { url in
                let whole = try ResultsCSV.load(from: url)
                let read = try readAll(url)
                #expect(read.context == whole.context)
                let rendered = try ResultsCSV.render(read.rows.map(\.score), context: read.context)
                #expect(try rendered == ResultsCSV.render(whole.scores, context: whole.context))
                #expect(read.rows.map(\.line) == whole.rowLines)
                #expect(read.rows.map(\.text) == whole.rowTexts.map(String.init))
            }
        }
    }

    @Test func aReaderNotKeepingKeysHoldsNoneAndLetsARowGivenTwiceThrough() throws {
        let text = try ResultsCSV.render(Array(Fixtures.defaultScores.prefix(3)) + [Fixtures.defaultScores[1]], context: Fixtures.context())
        try withFile(text) { url in
            let reader = try ResultsRowReader(url: url, keepingKeys: false)
            var lines: [Int] = []
            while let row = try reader.next() { lines.append(row.line) }
            #expect(lines == [3, 4, 5, 6])
            #expect(reader.keys.segmentCount == 0)
        }
    }

    @Test func aRowGivenTwiceIsRefusedAtItsLineAsWhenReadWhole() throws {
        let text = try ResultsCSV.render(Array(Fixtures.defaultScores.prefix(3)) + [Fixtures.defaultScores[1]], context: Fixtures.context())
        try withFile(text) { url in
            let whole = Result { try ResultsCSV.load(from: url) }
            let streamed = Result { try readAll(url) }
            guard case let .failure(expected) = whole, case let .failure(found) = streamed else {
                Issue.record("a file with a row given twice read")
                return
            }
            #expect(found.localizedDescription == expected.localizedDescription)
            #expect(expected.localizedDescription.contains("line 6") && expected.localizedDescription.contains("appears twice"))
        }
    }

    @Test(arguments: ["folder", "FIFO", "not UTF-8"])
    func aPathThatIsNoResultsFileIsRefusedSayingWhatItIsAsWhenReadWhole(kind: String) throws {
        try withFile("") { file in
            let url = file.deletingLastPathComponent().appendingPathComponent("target")
            let reason: String
            switch kind {
            case "folder":
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
                reason = "it is a folder, not a regular file"
            case "FIFO":
                #expect(mkfifo(url.path, 0o644) == 0)
                reason = "it is a FIFO (named pipe), not a regular file"
            default:
                try Data([0xFF, 0xFE, 0x0A]).write(to: url)
                reason = "it is not a readable UTF-8 file"
            }
            let expected = ResultsFileError.unreadable(file: url.path, reason: reason)
            #expect(throws: expected) { try ResultsRowReader(url: url) }
            #expect(throws: expected) { try ResultsCSV.load(from: url) }
        }
    }
}
