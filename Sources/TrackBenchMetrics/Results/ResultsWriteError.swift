import Foundation
import TrackBenchSupport

/// Why a score cannot be written to `results.csv`: one of its values would not read back as itself.
///
/// The writer refuses such a row rather than write a file that `check` and
/// `compare` then reject (a line break in `filter_spec` would split the row),
/// or one that reads back as something else, so a baseline is never
/// replaced by one no later run can read.
package struct ResultsWriteError: Error, LocalizedError, Equatable {
    /// The column whose value cannot be written.
    package var column: String
    /// The row's scenario and filter label, shown safe for a terminal.
    package var scenario: String
    package var filter: String
    /// What is wrong with the value.
    package var problem: String

    package var errorDescription: String? {
        "cannot write results: column '\(column)' of scenario '\(MarkdownText.safe(scenario))' with filter '\(MarkdownText.safe(filter))' "
            + "\(problem); remove it from the filter's label or command, or the suite's names, and run again"
    }
}
