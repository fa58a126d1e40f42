/// A filter process (`FilterProcess`) as the harness runs it: the fixes of one scenario, sent when the stream ends.
///
/// It gathers the delivered fixes, then in `finish` sends them to a process
/// in one request and appends the estimates the answers make. Sending a
/// whole scenario at once lets the process and TrackBench each work without
/// waiting for the other line by line. Pedometer, compass and barometer
/// events are not sent (protocol version 1 carries fixes only).
struct ExternalFilter: LocationFilter {
    /// The process pool that answers.
    let process: FilterProcess
    /// The scenario or recording, for the `start` line.
    let scenario: String
    /// The run's seed, nil when it has none.
    let seed: UInt64?
    private var fixes: [LocationFix] = []

    init(process: FilterProcess, scenario: String, seed: UInt64?) {
        self.process = process
        self.scenario = scenario
        self.seed = seed
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        fixes.append(fix)
    }

    mutating func receive(contentsOf fixes: ArraySlice<LocationFix>, into estimates: inout [LocationFix]) {
        self.fixes.append(contentsOf: fixes)
    }

    mutating func finish(into estimates: inout [LocationFix]) {
        estimates.append(contentsOf: process.estimates(for: fixes, scenario: scenario, seed: seed))
        fixes.removeAll()
    }
}
