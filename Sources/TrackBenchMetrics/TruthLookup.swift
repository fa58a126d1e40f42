import TrackBenchGeodesy
import TrackBenchModel
/// The true position and speed at the delivered fixes' times, with a cursor for one pass over a filter's estimates.
///
/// Estimates come in delivery order, so the cursor only moves forward: an
/// estimate at a delivery time finds its truth where the previous one left
/// off (one comparison when a filter emits one estimate per fix); one back in
/// time is found by a binary search; one at any other time, or NaN, gets the
/// truth computed for it. A value type, so a pass reads its arrays without
/// reference counting.
struct TruthLookup {
    /// The scenario, for times no fix was delivered at.
    let scenario: Scenario
    /// The delivery times, never decreasing.
    let times: [Double]
    /// The true position at each delivery time, in metres in the scenario's frame.
    let positions: [LocalPoint]
    /// The true speed at each delivery time, in metres per second.
    let speeds: [Double]
    /// Where the previous lookup left off.
    private var cursor = 0

    init(scenario: Scenario, times: [Double], positions: [LocalPoint], speeds: [Double]) {
        self.scenario = scenario
        self.times = times
        self.positions = positions
        self.speeds = speeds
    }

    /// The true position at `timeSeconds`, in metres in the scenario's frame.
    @inline(__always)
    mutating func position(atTime timeSeconds: Double) -> LocalPoint {
        guard let index = index(atTime: timeSeconds) else { return scenario.truePosition(atTime: timeSeconds) }
        return positions[index]
    }

    /// The true speed at `timeSeconds`, in metres per second.
    @inline(__always)
    mutating func speed(atTime timeSeconds: Double) -> Double {
        guard let index = index(atTime: timeSeconds) else { return scenario.trueSpeedMetersPerSecond(atTime: timeSeconds) }
        return speeds[index]
    }

    /// The index of the delivery at exactly `timeSeconds`, if any; the cursor moves to the first one not before it.
    @inline(__always)
    private mutating func index(atTime timeSeconds: Double) -> Int? {
        if cursor < times.count, times[cursor] == timeSeconds { return cursor }
        // One estimate a fix: the next delivery.
        if cursor + 1 < times.count, times[cursor + 1] == timeSeconds {
            cursor += 1
            return cursor
        }
        return search(timeSeconds)
    }

    /// `index(atTime:)` when the cursor is not at the time: a scan forward, or a binary search back.
    private mutating func search(_ timeSeconds: Double) -> Int? {
        // No fix is delivered at NaN; the cursor stays for the estimates after it.
        guard !timeSeconds.isNaN else { return nil }
        var index: Int
        if cursor < times.count, times[cursor] < timeSeconds {
            index = cursor + 1
            while index < times.count && times[index] < timeSeconds { index += 1 }
        } else {
            var low = 0
            var high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] < timeSeconds { low = middle + 1 } else { high = middle }
            }
            index = low
        }
        cursor = index
        return index < times.count && times[index] == timeSeconds ? index : nil
    }
}
