/// Where the truth is at given times, as the metrics ask for it: a scenario's exact track or a recording's reference.
protocol TruePositions {
    /// The true position at each of `times`, in metres in the run's frame.
    func positions(atTimes times: [Double]) -> [LocalPoint]
    /// The true position at each of `times` minus `shift` seconds, for the lag search.
    func positions(atTimes times: [Double], shiftedBack shift: Double) -> [LocalPoint]
}

/// The true positions one scenario's metrics ask for, kept while its filters are scored one after another.
///
/// Most filters deliver an estimate for every fix at the fix's delivery time,
/// so every filter of a scenario asks for the truth at the same times, and the
/// lag search asks for it at the same times shifted by the same amounts.
/// Keeping the last answers makes the truth cost once per scenario instead of
/// once per filter, with exactly the same numbers (`Scenario.truePosition` is a
/// pure function). Owned by one scoring task; not shared between threads.
final class TruthCache: TruePositions {
    private let scenario: Scenario
    private var times: [Double] = []
    private var positions: [LocalPoint] = []
    private var shiftedTimes: [Double] = []
    private var shiftedPositions: [Double: [LocalPoint]] = [:]

    init(scenario: Scenario) {
        self.scenario = scenario
    }

    /// The true position at each of `times`, in metres in the scenario's frame.
    func positions(atTimes times: [Double]) -> [LocalPoint] {
        if times != self.times {
            self.times = times
            positions = times.map { scenario.truePosition(atTime: $0) }
        }
        return positions
    }

    /// The true position at each of `times` minus `shift` seconds, for the lag search.
    func positions(atTimes times: [Double], shiftedBack shift: Double) -> [LocalPoint] {
        if times != shiftedTimes {
            shiftedTimes = times
            shiftedPositions = [:]
        }
        if let cached = shiftedPositions[shift] { return cached }
        let shifted = times.map { scenario.truePosition(atTime: $0 - shift) }
        shiftedPositions[shift] = shifted
        return shifted
    }
}
