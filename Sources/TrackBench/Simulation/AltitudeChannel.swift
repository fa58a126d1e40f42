/// The altitude a phone reports beyond the honest error its vertical accuracy describes: the slow swing of GPS
/// altitude and the barometer's reading.
///
/// It draws from a random stream of its own, so a profile without a swing
/// or a barometer simulates exactly as it did before either existed, and
/// adding one never reshuffles the horizontal noise.
///
/// - The swing is a `DriftProcess` with deviation `altitudeSwingMeters` and
///   time constant `altitudeSwingTimeConstantSeconds`, stepped once per fix
///   whether the runner moves or not: GPS altitude swings while standing
///   still, and the reported vertical accuracy does not follow it.
/// - The jitter is independent per fix, deviation `altitudeJitterMeters`.
/// - The barometer reads the true altitude change since the first fix, plus a
///   weather drift at a steady rate drawn once per run (deviation
///   `driftMetersPerHour`), plus independent noise (deviation `noiseMeters`).
struct AltitudeChannel {
    private let profile: SignalProfile
    private var generator: SplitMix64
    private var gaussian = GaussianSampler()
    private var swing: DriftProcess
    private let barometerDriftMetersPerSecond: Double
    private var startAltitudeMeters: Double?

    /// The name of the stream the channel draws from, beside the run's noise stream `streamName`.
    static func streamName(for streamName: String) -> String { streamName + "#altitude" }

    /// A channel for `profile`, or nil when the profile has neither a swing nor a barometer.
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
        var rate = 0.0
        if let barometer = profile.barometer {
            rate = barometer.driftMetersPerHour * gaussian.next(using: &generator) / 3600
        }
        barometerDriftMetersPerSecond = rate
    }

    /// The next fix's swing and jitter, in metres to add to its altitude, and its barometer reading, if the phone has one.
    /// - Parameters:
    ///   - trueAltitudeMeters: The true altitude at the fix.
    ///   - timeSeconds: The fix's time since the start of the run.
    mutating func next(trueAltitudeMeters: Double, timeSeconds: Double) -> (swingMeters: Double, barometerMeters: Double?) {
        if startAltitudeMeters == nil {
            startAltitudeMeters = trueAltitudeMeters
        } else {
            _ = swing.advance(gaussian: &gaussian, using: &generator)
        }
        let swingMeters = profile.altitudeSwingMeters * swing.value + profile.altitudeJitterMeters * gaussian.next(using: &generator)
        guard let barometer = profile.barometer, let start = startAltitudeMeters else { return (swingMeters, nil) }
        let reading = trueAltitudeMeters - start + barometerDriftMetersPerSecond * timeSeconds
            + barometer.noiseMeters * gaussian.next(using: &generator)
        return (swingMeters, reading)
    }
}
