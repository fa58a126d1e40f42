import TrackBenchGeodesy
import TrackBenchModel
/// Where a true path is at each moment: what `TrueFixes` samples.
protocol TrueMotion {
    /// The fix a perfect receiver reports at `timeSeconds`, its position from `frame`.
    func trueFix(atTime timeSeconds: Double, in frame: LocalFrame) -> LocationFix
    /// The span of time the motion covers, in seconds.
    var timeSpan: ClosedRange<Double> { get }
}

/// The fixes a perfect receiver would report along a true path, made one at a time.
///
/// One fix per fix interval, each interval drawn from the signal profile's
/// mean and deviation (floored at a tenth of the mean, so time always moves
/// forward). The intervals come from a stream of their own (`streamName` of
/// the clock), apart from the noise, so the noise model can take each true
/// fix as it is made and no run holds its whole true path: a day at 1 Hz
/// is tens of megabytes of fixes. The last fix lands exactly on the end (a
/// scenario's finish), or with `landsOnEnd` false is the clock's last one
/// inside the span, as a phone's fixes stop where a recording ends.
///
/// The motion is a shape's path at the scenario's pace (`ShapeMotion`) or a
/// recorded route (`TimedTrack`), held as a generic value so each fix reads
/// it in place.
struct TrueFixes<Motion: TrueMotion>: Sequence, IteratorProtocol {
    private let motion: Motion
    private let frame: LocalFrame
    private let signal: SignalProfile
    private var clock: SplitMix64
    private var gaussian = GaussianSampler()
    private var timeSeconds: Double
    private let endSeconds: Double
    private let landsOnEnd: Bool
    private var isDone = false

    /// The true fixes of `motion` under a signal profile's fix interval, within `span` of its times when given.
    /// - Parameters:
    ///   - motion: The true path.
    ///   - signal: The profile whose fix interval sets the fix times.
    ///   - frame: The frame the motion's points are in.
    ///   - seed: The run's seed.
    ///   - streamName: The run's noise stream; the clock draws from one of its own beside it.
    ///   - span: The times to cover, clamped to the motion's; all of it by default.
    ///   - landsOnEnd: Whether a last fix is added at the span's end (true, the default) or the fixes stop at the
    ///     clock's last one inside it, which a replay of a recording wants: a fix clamped onto the end made one short
    ///     interval that a phone logging every second exactly does not have (its fix interval SD read 0.055 s
    ///     against 0.000 s).
    init(
        motion: Motion, signal: SignalProfile, frame: LocalFrame, seed: UInt64, streamName: String, span: ClosedRange<Double>? = nil,
        landsOnEnd: Bool = true
    ) {
        let whole = motion.timeSpan
        let start = Swift.min(Swift.max(span?.lowerBound ?? whole.lowerBound, whole.lowerBound), whole.upperBound)
        self.motion = motion
        self.frame = frame
        self.signal = signal
        clock = SplitMix64(seed: seed, stream: TrueFixesClock.streamName(for: streamName))
        timeSeconds = start
        endSeconds = Swift.max(Swift.min(span?.upperBound ?? whole.upperBound, whole.upperBound), start)
        self.landsOnEnd = landsOnEnd
    }

    /// How far past the end a clock's fix may fall and still count as on it, in seconds: sums of intervals round.
    private static var endToleranceSeconds: Double { 1e-6 }

    /// The next true fix; nil after the one at the end.
    mutating func next() -> LocationFix? {
        guard !isDone else { return nil }
        let fix = motion.trueFix(atTime: timeSeconds, in: frame)
        if timeSeconds >= endSeconds {
            isDone = true
        } else {
            let interval = Swift.max(
                signal.fixIntervalMeanSeconds / 10,
                gaussian.next(mean: signal.fixIntervalMeanSeconds, deviation: signal.fixIntervalDeviationSeconds, using: &clock)
            )
            let next = timeSeconds + interval
            if !landsOnEnd, next > endSeconds + Self.endToleranceSeconds {
                isDone = true
            } else {
                timeSeconds = Swift.min(next, endSeconds)
            }
        }
        return fix
    }

    /// A rough count of the fixes to come, for reserving room.
    var estimatedCount: Int {
        Int(Swift.max(0, endSeconds - timeSeconds) / signal.fixIntervalMeanSeconds) + 2
    }
}

/// The clock stream of `TrueFixes`, named apart from its generic type.
enum TrueFixesClock {
    /// The name of the stream a run's fix intervals draw from, given the name of its noise stream.
    static func streamName(for streamName: String) -> String { streamName + "#clock" }
}

/// A scenario's shape followed at its pace: the terrain's altitude (0 without a terrain), accuracies 0, speed 0
/// and course unknown during a stop.
struct ShapeMotion: TrueMotion {
    /// The scenario; its shape, not a route.
    let scenario: Scenario

    var timeSpan: ClosedRange<Double> { 0...scenario.durationSeconds }

    func trueFix(atTime time: Double, in frame: LocalFrame) -> LocationFix {
        let (point, course) = scenario.pathType.position(
            atDistanceMeters: scenario.distanceCoveredMeters(atTime: time),
            totalMeters: scenario.distanceMeters
        )
        let coordinate = frame.coordinate(for: point)
        let speed = scenario.trueSpeedMetersPerSecond(atTime: time)
        return LocationFix(
            latitude: coordinate.latitude,
            longitude: coordinate.longitude,
            altitudeMeters: scenario.terrain?.userAltitudeMeters(at: point) ?? 0,
            courseDegrees: speed > 0 ? course : -1,
            speedMetersPerSecond: speed,
            timestampSeconds: time
        )
    }
}

/// A recorded route: its positions, speed and course (speed 0 below `stoppedSpeedMetersPerSecond`, so the noise
/// model freezes there).
extension TimedTrack: TrueMotion {
    var timeSpan: ClosedRange<Double> { times[0]...times[times.count - 1] }

    func trueFix(atTime time: Double, in frame: LocalFrame) -> LocationFix {
        let coordinate = frame.coordinate(for: position(at: time))
        let motion = motion(at: time)
        return LocationFix(
            latitude: coordinate.latitude,
            longitude: coordinate.longitude,
            courseDegrees: motion.courseDegrees,
            speedMetersPerSecond: motion.speedMetersPerSecond,
            timestampSeconds: time
        )
    }
}
