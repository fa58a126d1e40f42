import Foundation

/// Why a results CSV (a baseline, or a file to compare) could not be read; every case names the file.
package enum ResultsFileError: Error, LocalizedError, Equatable {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The header lacks a required column.
    case missingColumn(file: String, column: String)
    /// A row cannot be used.
    case malformedRow(file: String, line: Int, problem: String)

    package var errorDescription: String? {
        switch self {
        case let .unreadable(file, reason):
            return "cannot read results file '\(file)': \(reason)"
        case let .missingColumn(file, column):
            return "results file '\(file)': the header has no '\(column)' column; expected a results.csv written by 'trackbench run'"
        case let .malformedRow(file, line, problem):
            return "results file '\(file)', line \(line): \(problem)"
        }
    }
}
