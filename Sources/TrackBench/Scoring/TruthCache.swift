/// Where the truth is at given times, as the metrics ask for it: a scenario's exact track or a recording's reference.
protocol TruePositions {
    /// The true position at each of `times`, in metres in the run's frame.
    func positions(atTimes times: [Double]) -> [LocalPoint]
    /// For each of `shifts`, the true position at each of `times` minus that shift in seconds, for the lag search.
    func positions(atTimes times: [Double], shiftedBack shifts: [Double]) -> [[LocalPoint]]
}

/// The true positions and speeds one scenario's metrics ask for, kept while its filters are scored one after another.
///
/// Nearly every estimate a filter makes carries the delivery time of a fix
/// it was fed: streaming filters and smoothers emit one per fix, gates a
/// subset, in delivery order. So the truth is taken once per scenario at
/// the delivered fixes' times, and each filter's estimates find theirs with
/// a cursor that only moves forward (`position(atTime:cursor:)`); an
/// estimate at any other time (a dead-reckoning step between fixes) gets the
/// truth computed for it. The lag search asks for the truth at sample times
/// shifted by mostly the same amounts for every filter, so those positions
/// are kept per set of sample times (at most `EstimateMetrics.lagSampleLimit`
/// each). The numbers are exactly those computed afresh
/// (`Scenario.truePosition` is a pure function). Owned by one scoring task;
/// not shared between threads.
final class TruthCache: TruePositions {
    private let scenario: Scenario
    /// The delivered fixes' delivery times, in delivery order (never decreasing).
    private let deliveredTimes: [Double]
    /// By sample times, then by shift: the shifted true positions.
    private var shifted: [[Double]: [Double: [LocalPoint]]] = [:]

    /// Creates the cache for a scenario whose filters are fed fixes delivered at `deliveredTimes`, in order.
    init(scenario: Scenario, deliveredTimes: [Double] = []) {
        self.scenario = scenario
        self.deliveredTimes = deliveredTimes
    }

    /// The true path's elevation gain and 3-D length, measured on first use.
    private(set) lazy var elevationProfile = ElevationProfile(scenario: scenario)

    /// The true position and speed at each delivery time, taken on first use.
    private lazy var delivered: (positions: [LocalPoint], speeds: [Double]) = (
        deliveredTimes.map(scenario.truePosition(atTime:)),
        deliveredTimes.map(scenario.trueSpeedMetersPerSecond(atTime:))
    )

    /// The index of the first delivered fix at `timeSeconds` or later, searched from `cursor` on when the time is
    /// ahead of it (estimates come in delivery order) and over all of them otherwise; `cursor` moves there.
    private func deliveredIndex(atTime timeSeconds: Double, cursor: inout Int) -> Int? {
        let times = deliveredTimes
        if cursor < times.count, times[cursor] == timeSeconds { return cursor }
        // No fix is delivered at NaN; leave the cursor where it is for the estimates after it.
        guard !timeSeconds.isNaN else { return nil }
        var index: Int
        if cursor < times.count, times[cursor] < timeSeconds {
            index = cursor + 1
            while index < times.count && times[index] < timeSeconds { index += 1 }
        } else {
            // Behind the cursor: a binary search for the first time not below it.
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

    /// The true position at `timeSeconds`, in metres in the scenario's frame.
    /// - Parameter cursor: Where the previous lookup of this pass left off; start each pass at 0.
    func position(atTime timeSeconds: Double, cursor: inout Int) -> LocalPoint {
        guard let index = deliveredIndex(atTime: timeSeconds, cursor: &cursor) else { return scenario.truePosition(atTime: timeSeconds) }
        return delivered.positions[index]
    }

    /// The true speed at `timeSeconds`, in metres per second.
    /// - Parameter cursor: Where the previous lookup of this pass left off; start each pass at 0.
    func speed(atTime timeSeconds: Double, cursor: inout Int) -> Double {
        guard let index = deliveredIndex(atTime: timeSeconds, cursor: &cursor) else { return scenario.trueSpeedMetersPerSecond(atTime: timeSeconds) }
        return delivered.speeds[index]
    }

    /// The true position at each of `times`, in metres in the scenario's frame.
    func positions(atTimes times: [Double]) -> [LocalPoint] {
        var cursor = 0
        return times.map { position(atTime: $0, cursor: &cursor) }
    }

    /// For each of `shifts`, the true position at each of `times` minus that shift, for the lag search.
    func positions(atTimes times: [Double], shiftedBack shifts: [Double]) -> [[LocalPoint]] {
        var known = shifted.removeValue(forKey: times) ?? [:]
        defer { shifted[times] = known }
        return shifts.map { shift in
            if let cached = known[shift] { return cached }
            let positions = times.map { scenario.truePosition(atTime: $0 - shift) }
            known[shift] = positions
            return positions
        }
    }
}
