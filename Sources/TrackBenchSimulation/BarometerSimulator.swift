import TrackBenchModel
/// A phone barometer's readings over a run: the true altitude change since the start, a weather drift and noise.
///
/// The barometer reads every `intervalSeconds` on its own clock, from time 0
/// to the end of the run. Each reading is the true altitude change since the
/// start, plus a weather drift at a steady rate drawn once per run (deviation
/// `driftMetersPerHour`), plus independent noise (deviation `noiseMeters`).
/// It draws from a random stream of its own, so a barometer never changes
/// the fixes.
struct BarometerSimulator {
    let scenario: Scenario
    let barometer: BarometerProfile

    /// A simulator for the scenario's phone, or nil when it has no barometer.
    init?(scenario: Scenario) {
        guard let barometer = scenario.signal.barometer else { return nil }
        self.scenario = scenario
        self.barometer = barometer
    }

    /// Every reading of the run, in time order.
    /// - Parameter generator: The scenario's barometer stream.
    func readings<Generator: RandomNumberGenerator>(using generator: inout Generator) -> [BarometerEvent] {
        var gaussian = GaussianSampler()
        let driftMetersPerSecond = barometer.driftMetersPerHour * gaussian.next(using: &generator) / 3600
        let start = scenario.trueAltitudeMeters(atTime: 0)
        let count = Int((scenario.durationSeconds / barometer.intervalSeconds).rounded(.down)) + 1
        return (0..<count).map { index in
            let time = Double(index) * barometer.intervalSeconds
            let change = scenario.trueAltitudeMeters(atTime: time) - start
            return BarometerEvent(
                timeSeconds: time,
                relativeAltitudeMeters: change + driftMetersPerSecond * time + barometer.noiseMeters * gaussian.next(using: &generator)
            )
        }
    }
}
