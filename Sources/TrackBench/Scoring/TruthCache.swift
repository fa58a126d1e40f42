/// Where the truth is at given times, as the metrics ask for it: a scenario's exact track or a recording's reference.
protocol TruePositions {
    /// The true position at each of `times`, in metres in the run's frame.
    func positions(atTimes times: [Double]) -> [LocalPoint]
    /// For each of `shifts`, the true position at each of `times` minus that shift in seconds, for the lag search.
    func positions(atTimes times: [Double], shiftedBack shifts: [Double]) -> [[LocalPoint]]
}

/// The true positions one scenario's metrics ask for, kept while its filters are scored one after another.
///
/// Most filters deliver an estimate for every fix at the fix's delivery time,
/// so every filter of a scenario asks for the truth at the same times, and the
/// lag search asks for it at the same sample times shifted by mostly the same
/// amounts. A gate that drops fixes asks at its own times, and the filters
/// after it go back to the common ones. So the cache keeps the positions for
/// the two sets of times asked for most (a set is as long as the path: more
/// would hold too much memory on long runs), and the lag search's shifted
/// positions for every set of sample times (at most
/// `EstimateMetrics.lagSampleLimit` each). That makes the truth cost about once
/// per scenario instead of once per filter, with exactly the same numbers
/// (`Scenario.truePosition` is a pure function). Owned by one scoring task;
/// not shared between threads.
final class TruthCache: TruePositions {
    /// The true positions at one set of times, and how often they were asked for.
    private struct Entry {
        var times: [Double]
        var positions: [LocalPoint]
        var uses: Int
    }

    /// How many sets of whole-path times are kept.
    static let capacity = 2

    private let scenario: Scenario
    private var entries: [Entry] = []
    /// By sample times, then by shift: the shifted true positions.
    private var shifted: [[Double]: [Double: [LocalPoint]]] = [:]

    init(scenario: Scenario) {
        self.scenario = scenario
    }

    /// The true path's elevation gain and 3-D length, measured on first use.
    private(set) lazy var elevationProfile = ElevationProfile(scenario: scenario)

    /// The true position at each of `times`, in metres in the scenario's frame.
    func positions(atTimes times: [Double]) -> [LocalPoint] {
        if let index = entries.firstIndex(where: { $0.times == times }) {
            entries[index].uses += 1
            return entries[index].positions
        }
        let positions = times.map { scenario.truePosition(atTime: $0) }
        // The least asked-for set makes room; a new set starts with one use, so a one-off gate's times go next.
        if entries.count >= Self.capacity, let rarest = entries.indices.min(by: { entries[$0].uses < entries[$1].uses }) {
            entries.remove(at: rarest)
        }
        entries.append(Entry(times: times, positions: positions, uses: 1))
        return positions
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
