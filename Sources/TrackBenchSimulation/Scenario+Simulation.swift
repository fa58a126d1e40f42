import TrackBenchGeodesy
import TrackBenchModel
extension Scenario {
    /// Simulates the scenario: its true path and the noisy path a phone reports.
    ///
    /// Both are drawn from the scenario's own random streams, derived from
    /// `seed` and the scenario id, so the result does not depend on the order
    /// scenarios run in or on the thread that runs them. The true fixes' times
    /// come from one stream (`TrueFixes`), the noise from a second, and faults
    /// (stale, invalid and jumping fixes, dropouts, speed glitches) from a
    /// third, so a clean profile's noise is the same with or without them.
    /// A tunnel removes the fixes delivered during it. The pedometer and
    /// compass of a scenario with sensors draw from a stream of their own
    /// (`SensorSimulator`) and a phone's barometer from another
    /// (`BarometerSimulator`), so the fixes are the same with or without them.
    /// - Parameters:
    ///   - seed: The run's seed (100 by default, as in Phillips 2019).
    ///   - keepingTruePath: Whether to keep the true fixes in `truePath`; without them only their length is kept,
    ///     which is all scoring needs, and a long run holds only its delivered fixes.
    package func simulate(seed: UInt64, keepingTruePath: Bool = true) -> SimulatedScenario {
        let frame = LocalFrame(origin: origin)
        var truePath: [LocationFix] = []
        var trueLength = PathLength()
        func deliver(along trueFixes: inout TrueFixes<some TrueMotion>) -> [LocationFix] {
            if keepingTruePath { truePath.reserveCapacity(trueFixes.estimatedCount) }
            return signal.deliveredFixes(along: &trueFixes, in: frame, seed: seed, streamName: noiseStreamName) { fix in
                trueLength.add(fix)
                if keepingTruePath { truePath.append(fix) }
            }
        }
        var delivered: [LocationFix]
        if let route {
            var trueFixes = TrueFixes(motion: route.track, signal: signal, frame: frame, seed: seed, streamName: noiseStreamName)
            delivered = deliver(along: &trueFixes)
        } else {
            var trueFixes = TrueFixes(motion: ShapeMotion(scenario: self), signal: signal, frame: frame, seed: seed, streamName: noiseStreamName)
            delivered = deliver(along: &trueFixes)
        }
        if let tunnel = tunnelInterval {
            delivered.removeAll { tunnel.contains($0.deliveryTimeSeconds) }
        }
        var simulated = SimulatedScenario(
            scenario: self, truePath: Path(truePath), noisyPath: Path(delivered), trueDistanceMeters: trueLength.meters
        )
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

    /// The name of the stream the noise draws from: the scenario id.
    var noiseStreamName: String { id }

    /// The name of the stream the pedometer and compass draw from, apart from the noise and the faults.
    var sensorStreamName: String { noiseStreamName + "#sensors" }

    /// The name of the stream the barometer draws from, apart from every other.
    var barometerStreamName: String { noiseStreamName + "#barometer" }

    /// The name of the stream faults draw from, apart from the noise so fault rates do not reshuffle it.
    var faultStreamName: String { SignalProfile.faultStreamName(for: noiseStreamName) }
}
