import Foundation

/// Why a report or export could not be written.
@_spi(CLI) public enum OutputError: Error, LocalizedError, Equatable {
    /// The output folder could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// The file could not be written.
    case cannotWrite(path: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case let .cannotCreateFolder(path, reason):
            return "cannot create output folder '\(path)': \(reason)"
        case let .cannotWrite(path, reason):
            return "cannot write '\(path)': \(reason)"
        }
    }
}
