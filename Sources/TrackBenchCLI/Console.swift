import Foundation

/// Where a command's messages go: standard output for results, standard error for errors.
public struct Console: Sendable {
    /// Writes text to standard output as is.
    public var standardOutput: @Sendable (String) -> Void
    /// Writes text to standard error as is.
    public var standardError: @Sendable (String) -> Void

    /// Creates a console from two writers, for tests and embedding.
    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's own standard output and standard error.
    public static let system = Console(
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) }
    )
}
