import TrackBenchModel

/// Whether a stopped phone's error is frozen at each fix or let go for a while (`stoppedReleasePercent`).
///
/// A two-state chain over the stopped fixes, on a random stream of its own, so a profile without releases
/// simulates exactly as before they existed. Each stop starts released with probability p (the share); then, at
/// each stopped fix, a release ends with probability q = fix interval / `stoppedReleaseSeconds` and a frozen error
/// lets go with probability q·p / (1 - p), so the chain spends the share p of the stopped fixes released, in
/// releases of `stoppedReleaseSeconds` on average. Where q·p / (1 - p) would exceed 1 (long shares of short
/// releases) it is 1 and q is (1 - p) / p instead, which keeps the share; at a share of 1 a release never ends.
struct StopReleaseChannel {
    private var generator: SplitMix64
    private let share: Double
    private let startProbability: Double
    private let endProbability: Double
    private var isReleased = false
    private var wasStopped = false

    /// The name of the stream the channel draws from, beside the run's noise stream `streamName`.
    static func streamName(for streamName: String) -> String { streamName + "#release" }

    /// A channel for `profile`, or nil when its stops are never released.
    init?(profile: SignalProfile, seed: UInt64, streamName: String) {
        guard profile.stoppedReleasePercent > 0 else { return nil }
        generator = SplitMix64(seed: seed, stream: Self.streamName(for: streamName))
        share = min(1, profile.stoppedReleasePercent / 100)
        let end = min(1, profile.fixIntervalMeanSeconds / profile.stoppedReleaseSeconds)
        if share >= 1 {
            (startProbability, endProbability) = (1, 0)
        } else if case let start = end * share / (1 - share), start <= 1 {
            (startProbability, endProbability) = (start, end)
        } else {
            (startProbability, endProbability) = (1, (1 - share) / share)
        }
    }

    /// Whether the error is held at this fix as stopped: false while moving, and while stopped in a release.
    /// - Parameter stopped: Whether the runner stands still at this fix.
    mutating func holds(stopped: Bool) -> Bool {
        defer { wasStopped = stopped }
        guard stopped else { return false }
        let draw = generator.nextUnit()
        if !wasStopped {
            isReleased = draw < share
        } else if isReleased {
            isReleased = draw >= endProbability
        } else {
            isReleased = draw < startProbability
        }
        return !isReleased
    }
}
