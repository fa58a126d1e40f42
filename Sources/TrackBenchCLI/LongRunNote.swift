import Foundation
import TrackBenchSupport
import TrackBenchFilters

/// A one-line warning, on standard error, that filter processes will make a run long, printed once early on.
///
/// A filter process (`exec:COMMAND`) can be thousands of times slower than a built-in filter, and a sweep
/// multiplies its work by the values, so a run that used to take seconds may take many minutes. Once the
/// first round of units is done (as many as run at once, `jobs`), the run's total time is projected from
/// the time per unit so far; when it exceeds `thresholdSeconds`, one line names the filter processes and
/// the projection. Runs with no filter process never print it, and it is printed whether or not the
/// progress line is shown.
final class LongRunNote: @unchecked Sendable {
    /// The projected length of a run, in seconds, beyond which the note is printed.
    static let thresholdSeconds = 60.0

    private let processes: [String]
    private let total: Int
    private let round: Int
    private let noun: String
    private let start: Date
    private var decided = false
    private let lock = NSLock()

    /// A note for a run of `total` units named `noun`, `jobs` at a time, of the filter processes described by
    /// `processes` (`described(_:)`); nil when there is none.
    init?(processes: [String], total: Int, jobs: Int, noun: String, start: Date = Date()) {
        guard !processes.isEmpty, total > 0 else { return nil }
        self.processes = processes
        self.total = total
        round = max(1, min(jobs, total))
        self.noun = noun
        self.start = start
    }

    /// Records that `done` units are done; the note's text the first time a round is done and the projection
    /// is long, else nil (and nil ever after once decided).
    func update(done: Int, now: Date = Date()) -> String? {
        lock.withLock {
            guard !decided, done >= round else { return nil }
            decided = true
            let perUnit = now.timeIntervalSince(start) / Double(done)
            let projected = perUnit * Double(total)
            guard projected > Self.thresholdSeconds else { return nil }
            return Self.text(processes: processes, perUnit: perUnit, total: total, noun: noun, projected: projected)
        }
    }

    /// The filter processes among `filters` as the note names them: `'median' (exec:python3 median.py 5)`.
    static func described(_ filters: [FilterConfiguration]) -> [String] {
        filters.filter { $0.process != nil }.map { "'\($0.label)' (\($0.specification))" }
    }

    /// "note: filter process 'median' (exec:python3 median.py 5) makes this run long: 540 runs at about 0.5 s each,
    /// about 4 min 30 s in all".
    static func text(processes: [String], perUnit: Double, total: Int, noun: String, projected: Double) -> String {
        let subject = processes.count == 1 ? "filter process \(processes[0]) makes" : "filter processes \(CommandContext.listed(processes)) make"
        return "note: \(subject) this run long: \(NumberFormat.count(total, noun)) at about \(ProgressLine.duration(perUnit)) each, "
            + "about \(ProgressLine.duration(projected)) in all"
    }
}
