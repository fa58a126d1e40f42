import Foundation

/// Why an XML document is not well-formed, or uses a feature TrackBench refuses: where, and what was expected there.
///
/// `XMLScanner` throws it; readers wrap it with the file's name
/// (`RecordingFileError.malformedXML`).
struct XMLSyntaxError: Error, LocalizedError, Equatable {
    /// The 1-based line of the fault; LF, CRLF and CR each end a line.
    var line: Int
    /// The 1-based column of the fault, in characters (Unicode scalars) from the start of the line.
    var column: Int
    /// What is wrong, in words: what was expected and what was found.
    var problem: String

    var errorDescription: String? {
        "line \(line), column \(column): \(problem)"
    }
}
