/// The fixes a perfect receiver would report along a scenario's true path, made one at a time.
///
/// One fix per fix interval, each interval drawn from the signal profile's
/// mean and deviation (floored at a tenth of the mean, so time always moves
/// forward). The intervals come from a stream of their own (`streamName` of
/// the clock), apart from the noise, so the noise model can take each true
/// fix as it is made and no run holds its whole true path: a day at 1 Hz
/// is tens of megabytes of fixes. The last fix lands exactly on the end.
///
/// A shape's fixes follow its path at the scenario's pace: the terrain's
/// altitude (0 without a terrain), accuracies 0, speed 0 and course unknown
/// during a stop. A recorded route's fixes follow the route's positions,
/// speed and course over `span` (the whole route by default).
struct TrueFixes: Sequence, IteratorProtocol {
    /// The scenario whose shape the fixes follow; nil for a timed track's fixes.
    private let shape: Scenario?
    /// The timed track the fixes follow; nil for a shape's.
    private let track: TimedTrack?
    private let frame: LocalFrame
    private let signal: SignalProfile
    private var clock: SplitMix64
    private var gaussian = GaussianSampler()
    private var timeSeconds: Double
    private let endSeconds: Double
    private var isDone = false

    /// The name of the stream a run's fix intervals draw from, given the name of its noise stream.
    static func clockStreamName(for streamName: String) -> String { streamName + "#clock" }

    /// The true fixes of a scenario under `seed`, from time 0.
    init(scenario: Scenario, seed: UInt64) {
        frame = LocalFrame(origin: scenario.origin)
        signal = scenario.signal
        clock = SplitMix64(seed: seed, stream: Self.clockStreamName(for: scenario.noiseStreamName))
        if let route = scenario.route {
            shape = nil
            track = route.track
            timeSeconds = route.track.times[0]
            endSeconds = route.track.times[route.track.times.count - 1]
        } else {
            shape = scenario
            track = nil
            timeSeconds = 0
            endSeconds = scenario.durationSeconds
        }
    }

    /// The true fixes along a timed track, within `span` of its times when given.
    init(track: TimedTrack, signal: SignalProfile, frame: LocalFrame, seed: UInt64, streamName: String, span: ClosedRange<Double>? = nil) {
        let first = track.times[0]
        let last = track.times[track.times.count - 1]
        let start = Swift.min(Swift.max(span?.lowerBound ?? first, first), last)
        shape = nil
        self.track = track
        self.frame = frame
        self.signal = signal
        clock = SplitMix64(seed: seed, stream: Self.clockStreamName(for: streamName))
        timeSeconds = start
        endSeconds = Swift.max(Swift.min(span?.upperBound ?? last, last), start)
    }

    /// The next true fix; nil after the one at the end.
    mutating func next() -> LocationFix? {
        guard !isDone else { return nil }
        let fix = trueFix(atTime: timeSeconds)
        if timeSeconds >= endSeconds {
            isDone = true
        } else {
            let interval = Swift.max(
                signal.fixIntervalMeanSeconds / 10,
                gaussian.next(mean: signal.fixIntervalMeanSeconds, deviation: signal.fixIntervalDeviationSeconds, using: &clock)
            )
            timeSeconds = Swift.min(timeSeconds + interval, endSeconds)
        }
        return fix
    }

    /// A rough count of the fixes to come, for reserving room.
    var estimatedCount: Int {
        Int(Swift.max(0, endSeconds - timeSeconds) / signal.fixIntervalMeanSeconds) + 2
    }

    private func trueFix(atTime time: Double) -> LocationFix {
        // The scenario and track are read in place: binding them would copy the whole scenario for every fix.
        guard shape != nil else {
            let coordinate = frame.coordinate(for: track!.position(at: time))
            let motion = track!.motion(at: time)
            return LocationFix(
                latitude: coordinate.latitude,
                longitude: coordinate.longitude,
                courseDegrees: motion.courseDegrees,
                speedMetersPerSecond: motion.speedMetersPerSecond,
                timestampSeconds: time
            )
        }
        let (point, course) = shape!.pathType.position(
            atDistanceMeters: shape!.distanceCoveredMeters(atTime: time),
            totalMeters: shape!.distanceMeters
        )
        let coordinate = frame.coordinate(for: point)
        let speed = shape!.trueSpeedMetersPerSecond(atTime: time)
        return LocationFix(
            latitude: coordinate.latitude,
            longitude: coordinate.longitude,
            altitudeMeters: shape!.terrain?.altitudeMeters(at: point) ?? 0,
            courseDegrees: speed > 0 ? course : -1,
            speedMetersPerSecond: speed,
            timestampSeconds: time
        )
    }
}
