import Foundation

/// Why a report or export could not be written.
package enum OutputError: Error, LocalizedError, Equatable {
    /// The output folder could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// The file could not be written.
    case cannotWrite(path: String, reason: String)
    /// Something other than a regular file is at the path: it is never replaced.
    case notARegularFile(path: String, kind: String)

    package var errorDescription: String? {
        switch self {
        case let .cannotCreateFolder(path, reason):
            return "cannot create output folder '\(path)': \(reason)"
        case let .cannotWrite(path, reason):
            return "cannot write '\(path)': \(reason)"
        case let .notARegularFile(path, kind):
            return "will not replace '\(path)': it is \(kind), not a regular file; remove it or choose another path"
        }
    }
}
