import Foundation

extension TimedTrack {
    /// The true path of a phone on this route: one perfect fix per fix interval, following the track's positions,
    /// turns, stops and speed changes.
    ///
    /// Fix times are drawn from the profile's fix interval as on synthetic paths, over `span` (clamped to the
    /// track's own span; the whole track by default). True speed is the track's (0 below
    /// `stoppedSpeedMetersPerSecond`, so the noise model freezes there), true course the track's direction.
    /// - Parameters:
    ///   - signal: The profile whose fix interval sets the fix times.
    ///   - frame: The frame the track's points are in.
    ///   - span: The times to cover, in the track's seconds.
    ///   - gaussian: The normal source for the intervals.
    ///   - generator: The random stream.
    func truePath<Generator: RandomNumberGenerator>(
        signal: SignalProfile, in frame: LocalFrame, span: ClosedRange<Double>? = nil,
        gaussian: inout GaussianSampler, using generator: inout Generator
    ) -> Path {
        let first = times[0]
        let last = times[times.count - 1]
        let start = min(max(span?.lowerBound ?? first, first), last)
        let end = max(min(span?.upperBound ?? last, last), start)
        let shortestInterval = signal.fixIntervalMeanSeconds / 10
        var fixes: [LocationFix] = []
        fixes.reserveCapacity(Int((end - start) / signal.fixIntervalMeanSeconds) + 2)
        var time = start
        while true {
            let coordinate = frame.coordinate(for: position(at: time))
            let motion = motion(at: time)
            fixes.append(LocationFix(
                latitude: coordinate.latitude,
                longitude: coordinate.longitude,
                courseDegrees: motion.courseDegrees,
                speedMetersPerSecond: motion.speedMetersPerSecond,
                timestampSeconds: time
            ))
            if time >= end { break }
            let interval = max(shortestInterval, gaussian.next(mean: signal.fixIntervalMeanSeconds, deviation: signal.fixIntervalDeviationSeconds, using: &generator))
            time = min(time + interval, end)
        }
        return Path(fixes)
    }

    /// Simulates a phone on this route: the true path (see `truePath`) and the noisy fixes a phone with `signal`
    /// would deliver, from random streams seeded by `seed` and `streamName` like a scenario's.
    /// - Returns: The true path and the delivered noisy path.
    func simulate(
        signal: SignalProfile, in frame: LocalFrame, seed: UInt64, streamName: String, span: ClosedRange<Double>? = nil
    ) -> (truePath: Path, noisyPath: Path) {
        var generator = SplitMix64(seed: seed, stream: streamName)
        var gaussian = GaussianSampler()
        let truePath = truePath(signal: signal, in: frame, span: span, gaussian: &gaussian, using: &generator)
        let deliveredPath = signal.deliveredPath(for: truePath, in: frame, seed: seed, streamName: streamName, gaussian: &gaussian, using: &generator)
        return (truePath, deliveredPath)
    }
}
