import Foundation

/// Why a recording could not be read; every case names the file, and the line where there is one.
package enum RecordingFileError: Error, LocalizedError, Equatable {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// A line or element is wrong in a way that makes the whole file untrustworthy (a header, an XML root element of
    /// neither GPX nor TCX).
    case malformed(file: String, line: Int, problem: String)
    /// A GPX or TCX file is not well-formed XML, or uses a feature TrackBench refuses (an entity declaration):
    /// the line and column of the fault (in characters), and what was expected there.
    case malformedXML(file: String, line: Int, column: Int, problem: String)
    /// Nothing usable is left: no fixes, or none from the chosen provider.
    case noFixes(file: String, detail: String)
    /// The file holds more points than `limit` (`Recording.pointLimit`): reading stopped at `line`, the first point past it.
    case tooManyPoints(file: String, line: Int, limit: Int)

    package var errorDescription: String? {
        switch self {
        case let .unreadable(file, reason):
            return "cannot read recording file '\(file)': \(reason)"
        case let .malformed(file, line, problem):
            return "recording file '\(file)', line \(line): \(problem)"
        case let .malformedXML(file, line, column, problem):
            return "recording file '\(file)', line \(line), column \(column): \(problem)"
        case let .noFixes(file, detail):
            return "recording file '\(file)' has no usable fixes: \(detail)"
        case let .tooManyPoints(file, line, limit):
            return "recording file '\(file)', line \(line): more than \(limit) points (fixes, NMEA epochs or track points); "
                + "expected at most \(limit) per file: split the file into several recordings"
        }
    }
}
