import Foundation

/// `--jobs`: how many scenarios run at once. Shared by every command that runs a whole suite.
struct JobsOptions {
    static let jobs = Option<Int>(
        name: "--jobs",
        valueName: "n",
        help: "Scenarios to run at once; results do not depend on it.",
        expected: "a whole number >= 1"
    ) { text in Int(text).flatMap { $0 >= 1 ? $0 : nil } }
        .defaulting(to: ProcessInfo.processInfo.activeProcessorCount, shown: "all cores")
    static let options = [jobs.spec]

    /// At least 1.
    var jobs: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        jobs = try arguments.value(Self.jobs)
    }
}
