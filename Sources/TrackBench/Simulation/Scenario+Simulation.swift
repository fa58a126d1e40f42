extension Scenario {
    /// Simulates the scenario: its true path and the noisy path a phone reports.
    ///
    /// Both are drawn from the scenario's own random streams, derived from
    /// `seed` and the scenario id, so the result does not depend on the order
    /// scenarios run in or on the thread that runs them. Faults (stale,
    /// invalid and jumping fixes, dropouts, speed glitches) come from a second
    /// stream, so a clean profile's noise is the same with or without them.
    /// A tunnel removes the fixes delivered during it. The pedometer and
    /// compass of a scenario with sensors draw from a third stream
    /// (`SensorSimulator`) and a phone's barometer from a fourth
    /// (`BarometerSimulator`), so the fixes are the same with or without them.
    /// - Parameter seed: The run's seed (100 by default, as in Phillips 2019).
    public func simulate(seed: UInt64) -> SimulatedScenario {
        var generator = SplitMix64(seed: seed, stream: noiseStreamName)
        var gaussian = GaussianSampler()
        let truePath = truePath(gaussian: &gaussian, using: &generator)
        var deliveredPath = signal.deliveredPath(
            for: truePath, in: LocalFrame(origin: origin), seed: seed, streamName: noiseStreamName, gaussian: &gaussian, using: &generator
        )
        if let tunnel = tunnelInterval {
            deliveredPath = Path(deliveredPath.fixes.filter { !tunnel.contains($0.deliveryTimeSeconds) })
        }
        var simulated = SimulatedScenario(scenario: self, truePath: truePath, noisyPath: deliveredPath)
        if let sensors = SensorSimulator(scenario: self) {
            var sensorGenerator = SplitMix64(seed: seed, stream: sensorStreamName)
            (simulated.steps, simulated.headings) = sensors.readings(using: &sensorGenerator)
        }
        if let barometer = BarometerSimulator(scenario: self) {
            var barometerGenerator = SplitMix64(seed: seed, stream: barometerStreamName)
            simulated.barometer = barometer.readings(using: &barometerGenerator)
        }
        return simulated
    }

    /// The name of the stream the true and noisy paths draw from: the scenario id.
    var noiseStreamName: String { id }

    /// The name of the stream the pedometer and compass draw from, apart from the noise and the faults.
    var sensorStreamName: String { noiseStreamName + "#sensors" }

    /// The name of the stream the barometer draws from, apart from every other.
    var barometerStreamName: String { noiseStreamName + "#barometer" }

    /// The name of the stream faults draw from, apart from the noise so fault rates do not reshuffle it.
    var faultStreamName: String { SignalProfile.faultStreamName(for: noiseStreamName) }
}
