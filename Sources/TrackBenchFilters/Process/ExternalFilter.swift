import TrackBenchModel
/// A filter process (`FilterProcess`) as the harness runs it: the fixes of one scenario, sent when the stream ends.
///
/// It gathers the delivered fixes, then in `finish` sends them to a process
/// in one request and appends the estimates the answers make. Sending a
/// whole scenario at once lets the process and TrackBench each work without
/// waiting for the other line by line. Pedometer, compass and barometer
/// events go in their place among the fixes.
struct ExternalFilter: LocationFilter {
    /// The process pool that answers.
    let process: FilterProcess
    /// The scenario or recording, for the `start` line.
    let scenario: String
    /// The run's seed, nil when it has none.
    let seed: UInt64?
    private var fixes: [LocationFix] = []
    /// The sensor events, each after the fixes received before it.
    private var sensorEvents: [(fixesBefore: Int, event: SensorEvent)] = []

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

    mutating func receive(_ steps: StepEvent, into estimates: inout [LocationFix]) {
        sensorEvents.append((fixes.count, .steps(steps)))
    }

    mutating func receive(_ heading: HeadingEvent, into estimates: inout [LocationFix]) {
        sensorEvents.append((fixes.count, .heading(heading)))
    }

    mutating func receive(_ barometer: BarometerEvent, into estimates: inout [LocationFix]) {
        sensorEvents.append((fixes.count, .barometer(barometer)))
    }

    mutating func finish(into estimates: inout [LocationFix]) {
        estimates.append(contentsOf: process.estimates(for: fixes, sensorEvents: sensorEvents, scenario: scenario, seed: seed))
        fixes.removeAll()
        sensorEvents.removeAll()
    }
}
