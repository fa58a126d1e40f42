import TrackBenchGeodesy
import TrackBenchModel
extension SignalProfile {
    /// The name of the stream a run's faults draw from, beside its noise stream `streamName`: apart from the noise,
    /// so fault rates do not reshuffle it.
    static func faultStreamName(for streamName: String) -> String { streamName + "#faults" }

    /// The fixes a phone under this profile delivers along `trueFixes`: each true fix through the noise model,
    /// then the faults, one at a time, so no more than the delivered fixes is ever held.
    ///
    /// The noise draws from the stream `streamName` seeded by `seed`; the faults from their own
    /// (`faultStreamName(for:)`), and so does the altitude swing and jitter (`AltitudeChannel`).
    /// - Parameters:
    ///   - trueFixes: The true fixes, consumed.
    ///   - frame: The metric frame errors and offsets are applied in.
    ///   - seed: The run's seed.
    ///   - streamName: The run's noise stream.
    ///   - fixedOffsetDirection: The direction to hold the fixed offset in (east and north); nil draws one per run.
    ///   - visit: Called with each true fix as it passes, before its noisy fix is made.
    /// - Returns: The delivered fixes, in delivery order.
    func deliveredFixes(
        along trueFixes: inout TrueFixes<some TrueMotion>, in frame: LocalFrame, seed: UInt64, streamName: String,
        fixedOffsetDirection: LocalPoint? = nil, visit: (LocationFix) -> Void = { _ in }
    ) -> [LocationFix] {
        var noise = NoiseModel(profile: self, frame: frame, seed: seed, streamName: streamName, fixedOffsetDirection: fixedOffsetDirection)
        var injector = FaultInjector(faults: faults, frame: frame, generator: SplitMix64(seed: seed, stream: Self.faultStreamName(for: streamName)))
        var delivered: [LocationFix] = []
        let expected = trueFixes.estimatedCount
        delivered.reserveCapacity(faults == .none ? expected : expected + expected / 10)
        while let trueFix = trueFixes.next() {
            visit(trueFix)
            injector.deliver(noise.noisyFix(for: trueFix), into: &delivered)
        }
        return delivered
    }
}
