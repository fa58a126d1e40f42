import Foundation

/// Where a command's messages go: standard output for results, standard error for errors.
public struct Console: Sendable {
    /// Writes text to standard output as is.
    public var standardOutput: @Sendable (String) -> Void
    /// Writes text to standard error as is.
    public var standardError: @Sendable (String) -> Void
    /// Whether a write to standard output has failed (a closed pipe, a full disk, a closed descriptor).
    ///
    /// `TrackBenchCommand.main` then ends with `ExitCode.failure` instead of success: the output was lost.
    public var standardOutputFailed: @Sendable () -> Bool

    /// Creates a console from two writers, for tests and embedding.
    /// - Parameters:
    ///   - standardOutput: Writes text to standard output.
    ///   - standardError: Writes text to standard error.
    ///   - standardOutputFailed: Whether a write of `standardOutput` has failed; never, by default.
    public init(
        standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void,
        standardOutputFailed: @escaping @Sendable () -> Bool = { false }
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardOutputFailed = standardOutputFailed
    }

    /// The process's own standard output and standard error, written with `write(2)`.
    ///
    /// A stream that cannot be written (`EPIPE`, `ENOSPC`, `EBADF`) is never a trap: a failed standard output
    /// is remembered and written no more, so the command exits 1 without a word; a failed standard error is
    /// ignored, as there is nowhere left to say so.
    public static let system = Console(
        standardOutput: { StandardStream.output.write($0) },
        standardError: { StandardStream.error.write($0) },
        standardOutputFailed: { StandardStream.output.hasFailed }
    )
}
