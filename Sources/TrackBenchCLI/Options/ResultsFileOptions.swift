import Foundation
import TrackBenchMetrics

/// `--results FILE`: a whole run's results file to use instead of running. Shared by `check` and `sweep`, which
/// explain it in their own words (`help(_:default:)`).
enum ResultsFileOptions {
    static let results = Option<String>(
        name: "--results",
        valueName: "file",
        help: "Use this results file (such as one 'merge' wrote) instead of running the suite."
    )

    /// Reads the results file given to `--results`, which excludes the options that would make a run; nil without it.
    /// - Parameter conflicting: The options that choose what to run, which `--results` cannot be given with.
    /// - Throws: `UsageError` when a conflicting option is also given; `CommandError` for a shard's partial file;
    ///   the reading error of an unreadable or malformed file.
    static func read(_ arguments: ParsedArguments, excluding conflicting: [OptionSpec]) throws -> (file: String, results: ResultsFile)? {
        guard let file = try arguments.value(results) else { return nil }
        for other in conflicting where arguments.isGiven(other) {
            throw UsageError.conflictingOptions(results.name, other.name)
        }
        let read = try ResultsCSV.load(from: URL(fileURLWithPath: file))
        if let shard = read.context.shard { throw CommandError.partialResults(file: file, shard: "\(shard)") }
        return (file, read)
    }

    /// Reads through the results file given to `--results` as `read` does, keeping what it holds but not its rows; nil
    /// without it.
    /// - Throws: As `read`.
    static func summarize(_ arguments: ParsedArguments, excluding conflicting: [OptionSpec]) throws -> (file: String, summary: ResultsSummary)? {
        guard let file = try arguments.value(results) else { return nil }
        for other in conflicting where arguments.isGiven(other) {
            throw UsageError.conflictingOptions(results.name, other.name)
        }
        let summary = try ResultsSummary(url: URL(fileURLWithPath: file))
        if let shard = summary.context.shard { throw CommandError.partialResults(file: file, shard: "\(shard)") }
        return (file, summary)
    }
}
