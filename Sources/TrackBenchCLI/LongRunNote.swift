import Foundation
import TrackBenchFilters
import TrackBenchSupport

/// A one-line warning, on standard error, that filter processes will make a run long, printed once early on.
///
/// A filter process (`exec:COMMAND`) can be thousands of times slower than a built-in filter, and a sweep
/// multiplies its work by the values, so a run that used to take seconds may take many minutes. Once two
/// rounds of units are done (a round is as many as run at once, `jobs`; the first also starts the processes)
/// and the run has taken `minimumSeconds`, its length is projected from the units done so far, as the
/// progress line projects it; the first projection over `thresholdSeconds`, up to when a tenth of the units
/// are done, prints one line naming the filter processes. Waiting for `minimumSeconds` keeps a moment of
/// load on a shared machine from passing for the run's pace. Runs with no filter process never print it,
/// and it is printed whether or not the progress line is shown.
final class LongRunNote: @unchecked Sendable {
    /// The projected length of a run, in seconds, beyond which the note is printed.
    static let thresholdSeconds = 60.0
    /// How long a run goes before its length is projected, in seconds.
    static let minimumSeconds = 2.0

    private let processes: [String]
    private let total: Int
    private let noun: String
    private let start: Date
    /// Units done before the first projection.
    private let first: Int
    /// Units done after which there is no projection.
    private let last: Int
    private var decided = false
    private let lock = NSLock()

    /// A note for a run of `total` units named `noun`, `jobs` at a time, of the filter processes described by
    /// `processes` (`described(_:)`); nil when there is none.
    init?(processes: [String], total: Int, jobs: Int, noun: String, start: Date = Date()) {
        guard !processes.isEmpty, total > 0 else { return nil }
        self.processes = processes
        self.total = total
        self.noun = noun
        self.start = start
        first = min(2 * max(1, jobs), total)
        last = max(first, total / 10)
    }

    /// Records that `done` units are done; the note's text the first time the projection is long, else nil.
    func update(done: Int, now: Date = Date()) -> String? {
        lock.withLock {
            let elapsed = now.timeIntervalSince(start)
            guard !decided, done >= first, elapsed >= Self.minimumSeconds else { return nil }
            decided = done >= last
            let projected = elapsed / Double(done) * Double(total)
            guard projected > Self.thresholdSeconds else { return nil }
            decided = true
            return Self.text(processes: processes, perUnit: projected / Double(total), total: total, noun: noun, projected: projected)
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
