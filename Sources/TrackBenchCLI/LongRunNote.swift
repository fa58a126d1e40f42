import Foundation
import TrackBenchSupport
import TrackBenchFilters

/// A one-line warning, on standard error, that filter processes will make a run long, printed once early on.
///
/// A filter process (`exec:COMMAND`) can be thousands of times slower than a built-in filter, and a sweep
/// multiplies its work by the values, so a run that used to take seconds may take many minutes. The first
/// round of units (as many as run at once, `jobs`) also starts the processes, so the pace is measured from
/// its end: from the second round until a tenth of the units are done, the rest of the run is projected from
/// the expected fixes done since (scenarios differ tenfold in length, so a count of units would misjudge a
/// run that starts with short ones), and the first projection over `thresholdSeconds` prints one line naming
/// the filter processes. Runs with no filter process never print it, and it is printed whether or not the
/// progress line is shown.
final class LongRunNote: @unchecked Sendable {
    /// The projected length of a run, in seconds, beyond which the note is printed.
    static let thresholdSeconds = 60.0

    private let processes: [String]
    private let noun: String
    private let start: Date
    /// The expected fixes of the first n units, for n from 0 to the number of units.
    private let costsDone: [Double]
    /// Units in a round: the pace is measured from the end of the first, and projected from the second on.
    private let round: Int
    /// Units done after which there is no projection.
    private let last: Int
    /// When the first round ended.
    private var paceStart: Date?
    private var decided = false
    private let lock = NSLock()

    /// A note for a run of units, `jobs` at a time, of the filter processes described by `processes`
    /// (`described(_:)`); nil when there is none.
    /// - Parameter unitCosts: The expected fixes of each unit, in run order; units without any count as one fix.
    init?(processes: [String], unitCosts: [Double], jobs: Int, noun: String, start: Date = Date()) {
        guard !processes.isEmpty, !unitCosts.isEmpty else { return nil }
        self.processes = processes
        self.noun = noun
        self.start = start
        costsDone = unitCosts.reduce(into: [0]) { sums, cost in sums.append(sums.last! + (cost.isFinite && cost > 0 ? cost : 1)) }
        round = max(1, min(jobs, unitCosts.count))
        last = max(2 * round, unitCosts.count / 10)
    }

    /// Records that `done` units are done; the note's text the first time the projection is long, else nil.
    func update(done: Int, now: Date = Date()) -> String? {
        lock.withLock {
            guard !decided, done >= round, done < costsDone.count else { return nil }
            guard let paceStart, done >= 2 * round else {
                if paceStart == nil { paceStart = now }
                return nil
            }
            decided = done >= last
            let total = costsDone.count - 1
            let pace = now.timeIntervalSince(paceStart) / (costsDone[done] - costsDone[round])
            let projected = now.timeIntervalSince(start) + pace * (costsDone[total] - costsDone[done])
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
