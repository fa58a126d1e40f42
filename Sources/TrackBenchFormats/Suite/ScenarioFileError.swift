import Foundation

/// Why a scenario file could not be loaded; every case names the file.
public enum ScenarioFileError: Error, LocalizedError, Equatable {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The file is not valid JSON.
    case malformedJSON(file: String, detail: String)
    /// A key is missing, unknown, of the wrong type or out of range.
    case invalidKey(file: String, key: String, problem: String)

    public var errorDescription: String? { description(kind: "scenario file") }

    /// The message, naming the file as `kind` (recording suites share these errors).
    func description(kind: String) -> String {
        switch self {
        case let .unreadable(file, reason):
            return "cannot read \(kind) '\(file)': \(reason)"
        case let .malformedJSON(file, detail):
            return "\(kind) '\(file)' is not valid JSON: \(detail)"
        case let .invalidKey(file, key, problem):
            return "\(kind) '\(file)': \(key.isEmpty ? "top level" : "key '\(key)'"): \(problem)"
        }
    }
}
