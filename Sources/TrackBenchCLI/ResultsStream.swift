import Foundation
import TrackBenchMetrics
import TrackBenchReports
import TrackBenchSupport

/// A run's `results.csv` written unit by unit as the run goes, into the file's temporary file, with what its reports
/// need kept beside it (`ReportTally`): the rows are never all held, so memory does not grow with the seeds.
///
/// Units arrive in run order (`LoadedSuite.stream`), so the file is byte for
/// byte the one `ResultsCSV.render` makes of all the scores at once.
final class ResultsStream {
    /// What one unit (a scenario under a seed, or a recording) adds, made on the task that scored it.
    struct Unit: Sendable {
        /// The unit's rows of `results.csv`, in UTF-8, or why one cannot be written.
        var rows: Result<[UInt8], ResultsWriteError>
        /// The unit's scores as the file holds them (`ResultsCSV.asWritten`), for the reports; empty without reports.
        var written: [ScenarioScore]
    }

    /// The file being written, in place when the run's files are (`CommandContext.writeResults`).
    let file: StagedFile
    /// What the reports need of the rows so far.
    private(set) var tally = ReportTally()
    /// Whether the rows are kept for reports: not for a shard's partial results.
    private let keepsReports: Bool

    /// Starts `results.csv` in `folder` with its context line and header.
    /// - Parameter keepsReports: Whether reports will be made of the rows.
    /// - Throws: `OutputError` when the file's temporary file cannot be made or written.
    init(folder: URL, context: ResultsContext, keepsReports: Bool) throws(OutputError) {
        file = try StagedFile(url: folder.appendingPathComponent(ResultsCSV.fileName))
        self.keepsReports = keepsReports
        try file.append(ResultsCSV.header(context: context))
    }

    /// Makes a unit's part from its scores, in filter order.
    var transform: @Sendable ([ScenarioScore]) -> Unit {
        let keepsReports = keepsReports
        return { scores in
            Unit(
                rows: Result { () throws(ResultsWriteError) in try ResultsCSV.rows(scores) },
                written: keepsReports ? ResultsCSV.asWritten(scores) : []
            )
        }
    }

    /// Adds the next unit's part: its rows to the file, its scores to the tally.
    /// - Throws: `OutputError` when the rows cannot be written, as on a full disk; `ResultsWriteError` for a value
    ///   that would not read back.
    func add(_ unit: Unit) throws {
        try file.append(unit.rows.get())
        for score in unit.written { tally.add(score) }
    }
}
