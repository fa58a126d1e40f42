import Foundation

/// `--progress` and `--no-progress`: whether a long run shows a progress line on standard error.
struct ProgressOptions {
    static let progress = Flag(
        name: "--progress",
        help: "Show a progress line on standard error even when it is not a terminal.",
        default: "only on a terminal, after 1 s"
    )
    static let noProgress = Flag(name: "--no-progress", help: "Never show the progress line.")
    static let options = [progress.spec, noProgress.spec]

    /// Whether to show the line: forced either way by an option, else when standard error is a terminal.
    var isShown: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.isSet(Self.progress) && arguments.isSet(Self.noProgress) {
            throw .conflictingOptions(Self.progress.name, Self.noProgress.name)
        }
        isShown = arguments.isSet(Self.progress) || (!arguments.isSet(Self.noProgress) && isatty(STDERR_FILENO) == 1)
    }
}
