import TrackBenchGeodesy
/// The estimates the lag search compares with the truth: the first one delivered in each hundredth of the run.
///
/// Chosen as the estimates stream past, without knowing how many will
/// come: slot k of `EstimateMetrics.lagSampleLimit` holds the first estimate
/// whose delivery time falls in the k-th equal part of the run (times
/// outside the run count in the first or last part; NaN in none). The
/// samples spread evenly in time whatever a filter drops, and their number
/// is bounded, which keeps the search cheap.
struct LagSamples: Sendable {
    /// Slots per second of the run.
    private let slotsPerSecond: Double
    /// The slots from the first to this one are taken, so an estimate in one of them is skipped without a look.
    private var filledThrough = -1
    /// The sample of each slot: its delivery time and position in the run's frame; nil while the slot is empty.
    private var slots: [(timeSeconds: Double, point: LocalPoint)?]

    /// Creates empty samples for a run of `runSeconds`.
    init(runSeconds: Double) {
        slots = Array(repeating: nil, count: EstimateMetrics.lagSampleLimit)
        slotsPerSecond = runSeconds > 0 ? Double(slots.count) / runSeconds : 0
    }

    /// Offers an estimate delivered at `timeSeconds` at `point`; it is kept if it is the first in its slot.
    @inline(__always)
    mutating func offer(timeSeconds: Double, point: @autoclosure () -> LocalPoint) {
        guard !timeSeconds.isNaN else { return }
        let slot = Int(Swift.min(Swift.max(timeSeconds * slotsPerSecond, 0), Double(slots.count - 1)))
        guard slot > filledThrough, slots[slot] == nil else { return }
        slots[slot] = (timeSeconds, point())
        while filledThrough + 1 < slots.count, slots[filledThrough + 1] != nil { filledThrough += 1 }
    }

    /// The samples' delivery times and positions, in slot order.
    var samples: (times: [Double], points: [LocalPoint]) {
        let kept = slots.compactMap { $0 }
        return (kept.map(\.timeSeconds), kept.map(\.point))
    }
}
