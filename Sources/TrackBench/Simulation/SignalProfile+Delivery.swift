extension SignalProfile {
    /// The name of the stream a run's faults draw from, beside its noise stream `streamName`: apart from the noise,
    /// so fault rates do not reshuffle it.
    static func faultStreamName(for streamName: String) -> String { streamName + "#faults" }

    /// The fixes a phone under this profile delivers for `truePath`: the noise model's noisy path, then the faults.
    ///
    /// The noise continues `gaussian` and `generator` (the run's noise stream, after the true path's draws); the
    /// faults draw from their own stream, named by `faultStreamName(for: streamName)` and seeded by `seed`, and so
    /// does the altitude swing and jitter (`AltitudeChannel`).
    func deliveredPath<Generator: RandomNumberGenerator>(
        for truePath: Path, in frame: LocalFrame, seed: UInt64, streamName: String,
        gaussian: inout GaussianSampler, using generator: inout Generator
    ) -> Path {
        var altitude = AltitudeChannel(profile: self, seed: seed, streamName: streamName)
        let noisyPath = NoiseModel(profile: self).noisyPath(for: truePath, in: frame, altitude: &altitude, gaussian: &gaussian, using: &generator)
        var faultGenerator = SplitMix64(seed: seed, stream: Self.faultStreamName(for: streamName))
        return FaultInjector(faults: faults).inject(into: noisyPath, in: frame, using: &faultGenerator)
    }
}
