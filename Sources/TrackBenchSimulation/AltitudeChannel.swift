import TrackBenchModel
/// The altitude error a phone reports beyond the honest error its vertical accuracy describes: the slow swing of GPS
/// altitude and an independent per-fix jitter.
///
/// It draws from a random stream of its own, so a profile without a swing
/// or jitter simulates exactly as it did before either existed, and adding
/// one never reshuffles the horizontal noise.
///
/// - The swing is a `DriftProcess` with deviation `altitudeSwingMeters` and
///   time constant `altitudeSwingTimeConstantSeconds`, stepped once per fix
///   whether the runner moves or not: GPS altitude swings while standing
///   still, and the reported vertical accuracy does not follow it.
/// - The jitter is independent per fix, deviation `altitudeJitterMeters`.
struct AltitudeChannel {
    private let profile: SignalProfile
    private var generator: SplitMix64
    private var gaussian = GaussianSampler()
    private var swing: DriftProcess
    private var isFirst = true

    /// The name of the stream the channel draws from, beside the run's noise stream `streamName`.
    static func streamName(for streamName: String) -> String { streamName + "#altitude" }

    /// A channel for `profile`, or nil when the profile has neither a swing nor jitter.
    init?(profile: SignalProfile, seed: UInt64, streamName: String) {
        guard profile.hasAltitudeChannel else { return nil }
        self.profile = profile
        generator = SplitMix64(seed: seed, stream: Self.streamName(for: streamName))
        swing = DriftProcess(
            timeConstantSeconds: profile.altitudeSwingTimeConstantSeconds,
            stepSeconds: profile.fixIntervalMeanSeconds,
            gaussian: &gaussian,
            using: &generator
        )
    }

    /// The next fix's swing and jitter, in metres to add to its altitude.
    mutating func next() -> Double {
        if isFirst {
            isFirst = false
        } else {
            _ = swing.advance(gaussian: &gaussian, using: &generator)
        }
        return profile.altitudeSwingMeters * swing.value + profile.altitudeJitterMeters * gaussian.next(using: &generator)
    }
}
