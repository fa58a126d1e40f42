import TrackBenchGeodesy
import TrackBenchModel
extension TimedTrack {
    /// Simulates a phone on this route under a signal profile: its true fixes and the fixes it delivers.
    ///
    /// The true fixes follow the track's positions, turns, stops and speed
    /// changes (`TrueFixes`: true speed 0 below `stoppedSpeedMetersPerSecond`,
    /// so the noise model freezes there; true course the track's direction),
    /// one per fix interval drawn as on synthetic paths, over `span` (clamped
    /// to the track's own span; the whole track by default), the last the
    /// clock's last inside it, as a phone's fixes stop. The noise,
    /// faults and clock draw from the streams named after `streamName`.
    /// - Parameters:
    ///   - signal: The profile.
    ///   - frame: The frame the track's points are in.
    ///   - seed: The run's seed.
    ///   - streamName: The run's noise stream, such as the recording's id.
    ///   - span: The times to cover, in the track's seconds.
    ///   - fixedOffsetDirection: The direction to hold the profile's fixed offset in, east and north (any length above
    ///     0), as measured on a recording of this route; nil (the default) lets the run draw one.
    package func simulate(
        signal: SignalProfile, in frame: LocalFrame, seed: UInt64, streamName: String, span: ClosedRange<Double>? = nil,
        fixedOffsetDirection: LocalPoint? = nil
    ) -> (truePath: Path, noisyPath: Path) {
        var trueFixes = TrueFixes(motion: self, signal: signal, frame: frame, seed: seed, streamName: streamName, span: span, landsOnEnd: false)
        var truePath: [LocationFix] = []
        let delivered = signal.deliveredFixes(
            along: &trueFixes, in: frame, seed: seed, streamName: streamName, fixedOffsetDirection: fixedOffsetDirection
        ) { truePath.append($0) }
        return (Path(truePath), Path(delivered))
    }
}
