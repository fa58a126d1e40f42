import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// The rare swells of a phone's error in town: the error rises well beyond its usual size and falls back over tens
/// of seconds, on top of the drift.
///
/// It draws from a random stream of its own, so a profile without excursions simulates exactly as it did before they
/// existed. When no excursion is under way, one starts at a fix with probability 1 − e^(−interval × rate / 3600 s),
/// its peak and length `excursionMeters` and `excursionSeconds` times one factor drawn uniformly from 0.5 to 1.5 (so
/// every excursion is as steep), its direction uniformly. Its offset rises from nothing to the peak as sin² over the
/// first quarter of its length, holds the peak over the middle half and falls back as cos² (`shape(atShare:)`): steps
/// of at most 2π × peak / length per second, the same for every excursion of a profile. While stopped, its time and
/// the chance of a new one run at `stoppedErrorMotionFactor` of the clock's, as the rest of the error freezes.
struct ExcursionChannel {
    private let profile: SignalProfile
    private var generator: SplitMix64
    private let startProbability: Double
    private let slowedStartProbability: Double
    /// Time into the current excursion, in seconds; nil when none is under way.
    private var elapsedSeconds: Double?
    private var lengthSeconds = 0.0
    private var peak = LocalPoint(east: 0, north: 0)

    /// The name of the stream the channel draws from, beside the run's noise stream `streamName`.
    static func streamName(for streamName: String) -> String { streamName + "#excursions" }

    /// A channel for `profile`, or nil when the profile has no excursions.
    init?(profile: SignalProfile, seed: UInt64, streamName: String) {
        guard profile.hasExcursions else { return nil }
        self.profile = profile
        generator = SplitMix64(seed: seed, stream: Self.streamName(for: streamName))
        (startProbability, slowedStartProbability) = profile.perFixChances(everySeconds: 3600 / profile.excursionsPerHour)
    }

    /// The next fix's extra error, east and north in metres; the first call gives the first fix's.
    /// - Parameter stopped: Whether the runner stands still at this fix.
    mutating func next(stopped: Bool) -> LocalPoint {
        let interval = profile.fixIntervalMeanSeconds * (stopped ? profile.stoppedErrorMotionFactor : 1)
        if let elapsed = elapsedSeconds {
            let advanced = elapsed + interval
            elapsedSeconds = advanced < lengthSeconds ? advanced : nil
        } else if generator.nextUnit() < (stopped ? slowedStartProbability : startProbability) {
            elapsedSeconds = 0
            let factor = 0.5 + generator.nextUnit()
            let size = profile.excursionMeters * factor
            lengthSeconds = profile.excursionSeconds * factor
            let (sine, cosine) = Trigonometry.sinCos(turns: generator.nextUnit())
            peak = LocalPoint(east: size * sine, north: size * cosine)
        }
        guard let elapsed = elapsedSeconds else { return LocalPoint(east: 0, north: 0) }
        let share = Self.shape(atShare: elapsed / lengthSeconds)
        return LocalPoint(east: peak.east * share, north: peak.north * share)
    }

    /// The share of the peak an excursion holds at `share` of its length (0...1): a rise as sin² over its first quarter,
    /// the peak over its middle half, and a fall as cos² over its last quarter.
    static func shape(atShare share: Double) -> Double {
        let ramp = sin(2 * Double.pi * min(share, 1 - share, 0.25))
        return ramp * ramp
    }
}
