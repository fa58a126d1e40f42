/// The estimates the lag search compares with the truth: the first one delivered in each hundredth of the run.
///
/// Chosen as the estimates stream past, without knowing how many will
/// come: slot k of `EstimateMetrics.lagSampleLimit` holds the first estimate
/// whose delivery time falls in the k-th equal part of the run (times
/// outside the run count in the first or last part; NaN in none). The
/// samples spread evenly in time whatever a filter drops, and their number
/// is bounded, which keeps the search cheap.
struct LagSamples: Sendable {
    /// The run's length, in seconds.
    private let runSeconds: Double
    /// The sample of each slot: its delivery time and position in the run's frame; nil while the slot is empty.
    private var slots: [(timeSeconds: Double, point: LocalPoint)?]

    /// Creates empty samples for a run of `runSeconds`.
    init(runSeconds: Double) {
        self.runSeconds = runSeconds
        slots = Array(repeating: nil, count: EstimateMetrics.lagSampleLimit)
    }

    /// Offers an estimate delivered at `timeSeconds` at `point`; it is kept if it is the first in its slot.
    @inline(__always)
    mutating func offer(timeSeconds: Double, point: @autoclosure () -> LocalPoint) {
        guard !timeSeconds.isNaN else { return }
        let fraction = runSeconds > 0 ? timeSeconds / runSeconds : 0
        let slot = Int(Swift.min(Swift.max(fraction * Double(slots.count), 0), Double(slots.count - 1)))
        if slots[slot] == nil { slots[slot] = (timeSeconds, point()) }
    }

    /// The samples' delivery times and positions, in slot order.
    var samples: (times: [Double], points: [LocalPoint]) {
        let kept = slots.compactMap { $0 }
        return (kept.map(\.timeSeconds), kept.map(\.point))
    }
}
