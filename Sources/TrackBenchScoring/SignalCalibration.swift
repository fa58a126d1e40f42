import Foundation
import TrackBenchSupport
import TrackBenchGeodesy
import TrackBenchModel
import TrackBenchSuite
import TrackBenchSimulation

/// A signal profile fitted to a recording with a timed truth, and the same statistics of simulations with it.
///
/// The fit, statistic by statistic (Docs/calibration.md explains each):
/// - Jumps first: an error step over `ErrorStatistics.jumpStepMeters` starts a
///   jump and the next one (within 300 s) ends it. Their rate, median size and
///   mean duration become the profile's jump faults, and the fixes inside them
///   are left out of everything below, so jumps do not inflate the drift.
/// - Reported accuracy and fix interval: their means and deviations.
/// - `errorToAccuracyRatio`: the error's 2-D radius (sqrt(2) x the per-axis
///   deviation, mean removed) over the mean accuracy.
/// - `accuracyTracking`: the error's elasticity to the accuracy, clamped to
///   0...1; 0 when the accuracy hardly varies (real phones).
/// - `driftTimeConstantSeconds`: the 1/e decorrelation lag over 2.146, the
///   ratio for the model's second-order drift, measured on moving fixes (a
///   frozen error does not age while the phone stands still).
/// - `jitterMeters`: what the median error step needs beyond the drift's own
///   step, from the model's step variance.
/// - `stoppedErrorMotionFactor`: median step stopped over median step moving.
/// - `alongTrackBiasMeters`: the mean along-track error while moving.
/// - Speed and course deviations from the reported speed and course; dropouts
///   from gaps over three fix intervals; warm-up from the first fixes' accuracy.
/// What a recording cannot tell keeps the default suite's value, and a note says so.
public struct SignalCalibration: Sendable {
    /// The statistics of the recording's fixes against the truth, jumps included.
    public var measured: ErrorStatistics
    /// The fitted profile, or the one given to compare.
    public var profile: SignalProfile
    /// Whether `profile` was fitted to the replay (false: it was given, to compare).
    public var isFitted: Bool
    /// The same statistics of the profile simulated on the recording's route, one per seed.
    public var simulated: [ErrorStatistics]
    /// The fixes each simulation delivered, one path per seed, on the replay's clock and in its frame.
    var simulatedFixes: [Path]
    /// The seeds the simulations used.
    public var seeds: SeedRange
    /// What could not be measured and was kept at a default, or is worth knowing about the fit.
    public var notes: [String]
    /// The replay the profile was fitted to.
    public var replay: RecordingReplay

    /// A jump's end must come within this many seconds of its start, or the step counts as a lone jump.
    static let longestJumpSeconds = 300.0
    /// A gap longer than this many fix intervals is a dropout.
    static let dropoutIntervals = 3.0
    /// The decorrelation lag over the drift's time constant for the model's second-order drift: (1 + x) e^-x = 1/e.
    static let decorrelationPerTimeConstant = 2.146
    /// How many robust deviations (the median distance from the median error over 1.1774) make an excursion.
    static let excursionDeviations = 5.0

    /// Why a recording cannot be calibrated from.
    public struct CalibrationError: Error, LocalizedError, Equatable {
        /// What is wrong and what to do.
        public var problem: String
        public var errorDescription: String? { problem }
    }

    /// Fits a profile to a replay with a timed truth and simulates it on the replay's route.
    /// - Parameters:
    ///   - replay: The recording aligned with its truth.
    ///   - name: The profile's name (a slug: it becomes part of scenario ids).
    ///   - seeds: The seeds to simulate with.
    /// - Throws: `CalibrationError` when the truth has no times or too few fixes overlap it.
    public init(replay: RecordingReplay, name: String, seeds: SeedRange) throws(CalibrationError) {
        let (track, samples, measured) = try Self.measure(replay)
        var notes: [String] = []
        let fitted = Self.fit(samples, measured: measured, name: name, notes: &notes)
        // Simulate exactly what is printed: the profile read back from its JSON.
        let profile: SignalProfile
        do {
            profile = try StrictJSONDecoder.decode(SignalProfile.self, from: Data(fitted.jsonText().utf8), file: "the calibrated profile").value
        } catch {
            throw CalibrationError(problem: "recording '\(replay.id)': the fitted profile is out of the scenario file's range: \(error.localizedDescription)")
        }
        self.init(replay: replay, track: track, measured: measured, profile: profile, isFitted: true, seeds: seeds, notes: notes)
    }

    /// Compares a given profile with a replay instead of fitting one: the replay's statistics beside those of the
    /// profile simulated on the replay's route, for checking a profile fitted on one recording against another.
    /// - Throws: `CalibrationError` when the truth has no times or too few fixes overlap it.
    public init(replay: RecordingReplay, comparing profile: SignalProfile, seeds: SeedRange) throws(CalibrationError) {
        let (track, _, measured) = try Self.measure(replay)
        self.init(replay: replay, track: track, measured: measured, profile: profile, isFitted: false, seeds: seeds, notes: [])
    }

    private init(
        replay: RecordingReplay, track: TimedTrack, measured: ErrorStatistics, profile: SignalProfile,
        isFitted: Bool, seeds: SeedRange, notes: [String]
    ) {
        self.replay = replay
        self.measured = measured
        self.profile = profile
        self.isFitted = isFitted
        self.seeds = seeds
        self.notes = replay.alignmentNotes + notes
        simulatedFixes = seeds.seeds.map { seed in
            track.simulate(signal: profile, in: replay.frame, seed: seed, streamName: replay.id, span: 0...replay.durationSeconds).noisyPath
        }
        simulated = simulatedFixes.compactMap { ErrorStatistics(samples: Self.samples(of: $0, on: track, in: replay.frame)) }
    }

    /// The replay's timed truth, its fixes paired with it, and their statistics.
    private static func measure(_ replay: RecordingReplay) throws(CalibrationError) -> (TimedTrack, [ErrorStatistics.Sample], ErrorStatistics) {
        guard case let .timed(track) = replay.truth else {
            throw CalibrationError(problem: "recording '\(replay.id)': calibrate needs a truth with times (the \(replay.alignment.rawValue) alignment has none); give a reference recorded with times")
        }
        let samples = samples(of: replay.fixes, on: track, in: replay.frame)
        guard let measured = ErrorStatistics(samples: samples) else {
            throw CalibrationError(problem: "recording '\(replay.id)': \(samples.count) fixes with a position overlap the truth; at least 3 are needed")
        }
        return (track, samples, measured)
    }

    /// The fixes paired with the truth at their times: fixes with a position, delivered when they were taken.
    static func samples(of path: Path, on track: TimedTrack, in frame: LocalFrame) -> [ErrorStatistics.Sample] {
        let span = track.times[0]...track.times[track.times.count - 1]
        var samples: [ErrorStatistics.Sample] = []
        samples.reserveCapacity(path.count)
        for fix in path.fixes where fix.hasValidCoordinate && fix.deliveryTimeSeconds == fix.timestampSeconds && span.contains(fix.timestampSeconds) {
            let time = fix.timestampSeconds
            let truePoint = track.position(at: time)
            let (speed, course) = track.motion(at: time)
            let fixPoint = frame.point(for: fix.coordinate)
            var courseError: Double?
            if fix.courseDegrees >= 0, course >= 0 {
                let difference = (fix.courseDegrees - course).truncatingRemainder(dividingBy: 360)
                courseError = difference > 180 ? difference - 360 : (difference < -180 ? difference + 360 : difference)
            }
            samples.append(ErrorStatistics.Sample(
                timeSeconds: time,
                truePoint: truePoint,
                error: LocalPoint(east: fixPoint.east - truePoint.east, north: fixPoint.north - truePoint.north),
                accuracyMeters: fix.horizontalAccuracyMeters,
                verticalAccuracyMeters: fix.verticalAccuracyMeters > 0 ? fix.verticalAccuracyMeters : nil,
                trueSpeedMetersPerSecond: speed,
                trueCourseDegrees: course,
                speedErrorMetersPerSecond: fix.speedMetersPerSecond >= 0 ? fix.speedMetersPerSecond - speed : nil,
                courseErrorDegrees: courseError
            ))
        }
        return samples
    }

    /// The profile that reproduces `samples`' statistics; see the type's documentation for each key.
    private static func fit(_ samples: [ErrorStatistics.Sample], measured: ErrorStatistics, name: String, notes: inout [String]) -> SignalProfile {
        let defaults = defaultProfile
        let interval = measured.fixIntervalMeanSeconds

        // Jumps: pair big steps into start and end, and keep the fixes inside out of the other statistics.
        var bigSteps: [Int] = []
        for index in samples.indices.dropFirst() where samples[index].error.distance(to: samples[index - 1].error) > ErrorStatistics.jumpStepMeters {
            bigSteps.append(index)
        }
        var inJump = [Bool](repeating: false, count: samples.count)
        var sizes: [Double] = []
        var durations: [Double] = []
        var next = 0
        while next < bigSteps.count {
            let start = bigSteps[next]
            sizes.append(samples[start].error.distance(to: samples[start - 1].error))
            if next + 1 < bigSteps.count, samples[bigSteps[next + 1]].timeSeconds - samples[start].timeSeconds <= longestJumpSeconds {
                let end = bigSteps[next + 1]
                for index in start..<end { inJump[index] = true }
                durations.append(samples[end].timeSeconds - samples[start].timeSeconds)
                next += 2
            } else {
                inJump[start] = true
                durations.append(interval)
                next += 1
            }
        }
        // Excursions: fixes whose error lies further from the median error than any normal error would (five robust
        // deviations, at least a jump), such as a burst of multipath whose steps are not all over the jump threshold.
        var eastErrors = samples.map(\.error.east)
        var northErrors = samples.map(\.error.north)
        let center = LocalPoint(east: Statistics.percentile(&eastErrors, 0.5) ?? 0, north: Statistics.percentile(&northErrors, 0.5) ?? 0)
        var distances = samples.map { $0.error.distance(to: center) }
        let robustDeviation = (Statistics.percentile(&distances, 0.5) ?? 0) / ErrorTailFit.rayleighMedianPerDeviation
        let excursionMeters = max(ErrorStatistics.jumpStepMeters, excursionDeviations * robustDeviation)
        let inExcursion = samples.indices.map { !inJump[$0] && samples[$0].error.distance(to: center) > excursionMeters }
        let excursions = inExcursion.filter { $0 }.count
        if excursions > 0 {
            notes.append("\(excursions) fix\(excursions == 1 ? "" : "es") with an error over \(NumberFormat.fixed(excursionMeters, decimals: 1)) m from the median error (\(NumberFormat.compact(excursionDeviations)) robust deviations) left out of the drift's time, the jitter and the tails as an excursion")
        }
        let baseSamples = zip(samples, inJump).filter { !$0.1 }.map(\.0)
        let calmSamples = samples.indices.filter { !inJump[$0] && !inExcursion[$0] }.map { samples[$0] }
        let base = ErrorStatistics(samples: baseSamples) ?? measured
        if !sizes.isEmpty {
            notes.append("\(sizes.count) jump\(sizes.count == 1 ? "" : "s") (error steps over \(NumberFormat.compact(ErrorStatistics.jumpStepMeters)) m) fitted as faults; the \(samples.count - baseSamples.count) fixes inside them are left out of the other statistics")
        }

        var profile = defaults
        profile.name = name
        profile.fixIntervalMeanSeconds = max(ScenarioLimits.shortestFixIntervalSeconds, interval)
        profile.fixIntervalDeviationSeconds = measured.fixIntervalDeviationSeconds
        let radius = 2.squareRoot() * base.errorDeviationMeters
        if measured.accuracyMeanMeters > 0 {
            profile.horizontalAccuracyMeanMeters = measured.accuracyMeanMeters
            profile.horizontalAccuracyDeviationMeters = measured.accuracyDeviationMeters
            profile.errorToAccuracyRatio = min(100, radius / measured.accuracyMeanMeters)
        } else {
            profile.horizontalAccuracyMeanMeters = max(NoiseModel.minimumHorizontalAccuracyMeters, radius)
            profile.horizontalAccuracyDeviationMeters = 0
            profile.errorToAccuracyRatio = radius / profile.horizontalAccuracyMeanMeters
            notes.append("the fixes report no accuracy: the accuracy is set to the measured error")
        }
        if let elasticity = base.accuracyElasticity {
            profile.accuracyTracking = min(1, max(0, elasticity))
        } else {
            profile.accuracyTracking = 0
            notes.append("the reported accuracy hardly varies, so the error cannot follow it: accuracyTracking 0")
        }
        if let vertical = measured.verticalAccuracyMeanMeters {
            profile.verticalAccuracyMeanMeters = vertical
            profile.verticalAccuracyDeviationMeters = measured.verticalAccuracyDeviationMeters ?? 0
        } else {
            notes.append("no vertical accuracy in the fixes: the default profile's is kept")
        }

        // A frozen phone's error does not age while it stands still, so the drift's time is measured on moving fixes.
        let movingSamples = calmSamples.filter(\.isMoving)
        let moving = ErrorStatistics(samples: movingSamples) ?? base
        let lag = moving.decorrelationSeconds ?? (Double(min(movingSamples.count / 2, ErrorStatistics.longestLagFixes)) * interval)
        if base.errorDeviationMeters == 0 {
            notes.append("the fixes lie exactly on the truth: there is no error to fit, and driftTimeConstantSeconds says nothing")
        } else if moving.decorrelationSeconds == nil {
            notes.append("the error stays correlated over the longest lag measured (\(NumberFormat.fixed(lag, decimals: 0)) s): driftTimeConstantSeconds is a lower bound")
        }
        // The model's per-axis step variance is s x drift variance + 2 j^2, with s = 2 (1 - rho(1)) for the drift;
        // a 2-D Gaussian step's median is 1.1774 x its per-axis deviation.
        func jitter(stepDeviation: Double, timeConstant: Double, budget: Double) -> Double {
            let phi = exp(-interval / timeConstant)
            let s = 2 * (1 - 2 * phi / (1 + phi * phi))
            let jitterSquared = (stepDeviation * stepDeviation - s * budget) / (2 - s)
            return min(max(0, jitterSquared), budget).squareRoot()
        }
        let tails = ErrorTailFit(samples: movingSamples, intervalSeconds: interval)
        if tails.isEmpty {
            notes.append("no step tail or multipath regime: \(NumberFormat.fixed(tails.switchShare * 100, decimals: 2)) % of moving steps exceed three median steps (\(NumberFormat.fixed(tails.thresholdMeters, decimals: 2)) m), under \(NumberFormat.compact(ErrorTailFit.smallestSwitchShare * 100)) %, and no fix is an outlier")
            profile.driftTimeConstantSeconds = max(interval, lag / decorrelationPerTimeConstant)
            let stepDeviation = (base.movingStepMedianMeters ?? base.stepMedianMeters) / ErrorTailFit.rayleighMedianPerDeviation
            profile.jitterMeters = jitter(stepDeviation: stepDeviation, timeConstant: profile.driftTimeConstantSeconds, budget: radius * radius / 2)
        } else {
            profile.stepTailProbability = tails.stepTailProbability
            profile.stepTailMeters = tails.stepTailMeters
            profile.multipathOffsetMeters = tails.multipathOffsetMeters
            profile.multipathDwellSeconds = tails.multipathOffsetMeters > 0 ? max(interval, tails.multipathDwellSeconds) : 0
            let total = radius * radius / 2
            let budget = max(0, total - profile.errorTailVarianceSquareMeters)
            // The measured decorrelation is the drift's and the offsets' together: the drift's part at that lag is what
            // the offsets leave of 1/e.
            let offsetVariance = profile.multipathOffsetMeters * profile.multipathOffsetMeters
            let offsetCorrelation = profile.multipathDwellSeconds > 0 ? exp(-lag / profile.multipathDwellSeconds) : 0
            var jitterMeters = 0.0
            for _ in 0..<3 {
                let driftVariance = budget - jitterMeters * jitterMeters
                let target = driftVariance > 0 ? (total / M_E - offsetVariance * offsetCorrelation) / driftVariance : 0
                profile.driftTimeConstantSeconds = max(interval, lag / Self.driftLagPerTimeConstant(atCorrelation: target))
                jitterMeters = jitter(stepDeviation: tails.ordinaryStepDeviationMeters, timeConstant: profile.driftTimeConstantSeconds, budget: budget)
            }
            profile.jitterMeters = jitterMeters
            if profile.multipathOffsetMeters > 0 {
                notes.append("multipath regime: \(NumberFormat.fixed(tails.switchShare * 100, decimals: 1)) % of moving steps switch plateau (over three median steps, \(NumberFormat.fixed(tails.thresholdMeters, decimals: 2)) m): offsets of \(NumberFormat.fixed(profile.multipathOffsetMeters, decimals: 2)) m per axis held \(NumberFormat.fixed(profile.multipathDwellSeconds, decimals: 1)) s on average")
            }
            if profile.stepTailProbability > 0 {
                notes.append("step tail: \(NumberFormat.fixed(profile.stepTailProbability * 100, decimals: 2)) % of fixes are outliers of \(NumberFormat.fixed(profile.stepTailMeters, decimals: 2)) m per axis")
            }
        }

        if base.stoppedStepCount < 10 {
            notes.append("fewer than 10 fixes while stopped: stoppedErrorMotionFactor 1 (no freezing) is kept")
        } else if let stopped = base.stoppedStepMedianMeters, let moving = base.movingStepMedianMeters, moving > 0 {
            profile.stoppedErrorMotionFactor = min(1, stopped / moving)
        } else if base.movingStepMedianMeters == nil {
            notes.append("no fixes while moving: stoppedErrorMotionFactor 1 is kept, as nothing compares with the stops")
        }
        profile.alongTrackBiasMeters = base.alongTrackMeanMeters ?? 0
        if let speed = measured.speedErrorDeviationMetersPerSecond {
            profile.speedDeviationMetersPerSecond = speed
        } else {
            notes.append("no speed in the fixes: the default profile's speedDeviationMetersPerSecond is kept")
        }
        if let course = measured.courseErrorRMSDegrees {
            profile.courseDeviationDegrees = min(360, course)
        } else {
            notes.append("no course in the fixes: the default profile's courseDeviationDegrees is kept")
        }

        // Warm-up: the first fixes' accuracy against the rest.
        let firstAccuracy = Statistics.mean(samples.prefix(3).map(\.accuracyMeters)) ?? 0
        let settled = measured.accuracyMeanMeters + 2 * measured.accuracyDeviationMeters
        if measured.accuracyMeanMeters > 0, firstAccuracy >= 1.5 * measured.accuracyMeanMeters {
            profile.warmUpAccuracyFactor = min(1000, firstAccuracy / measured.accuracyMeanMeters)
            profile.warmUpFixes = samples.firstIndex { $0.accuracyMeters <= settled } ?? 0
        } else {
            profile.warmUpAccuracyFactor = 1
            profile.warmUpFixes = 0
        }

        var faults = FaultProfile.none
        if !sizes.isEmpty {
            var sorted = sizes
            faults.jumpProbability = min(1, Double(sizes.count) / Double(samples.count))
            faults.jumpMeters = Statistics.percentile(&sorted, 0.5) ?? 0
            faults.jumpDurationSeconds = Statistics.mean(durations) ?? interval
        }
        let gaps = zip(samples, samples.dropFirst()).map { $1.timeSeconds - $0.timeSeconds }.filter { $0 > dropoutIntervals * interval }
        if !gaps.isEmpty {
            faults.dropoutProbability = min(1, Double(gaps.count) / Double(samples.count))
            faults.dropoutSeconds = Statistics.mean(gaps) ?? 0
            notes.append("\(gaps.count) gap\(gaps.count == 1 ? "" : "s") longer than \(NumberFormat.compact(dropoutIntervals)) fix intervals fitted as dropouts")
        }
        profile.faults = faults
        return profile
    }

    /// The lag, in drift time constants, at which the model's drift autocorrelation e^(-u) (1 + u) falls to
    /// `correlation`: 2.146 at 1/e; a correlation at or under 0 gives 50, at or over 1 a millionth.
    static func driftLagPerTimeConstant(atCorrelation correlation: Double) -> Double {
        var (low, high) = (1e-6, 50.0)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if exp(-middle) * (1 + middle) > correlation { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The profile a calibration starts from: the default suite's `strong` profile (`SignalProfile.strong`) for what
    /// a recording cannot tell, with the keys a file may leave out at the values it then takes (no freezing while
    /// stopped, no error tails, no altitude channel).
    static let defaultProfile = SignalProfile.strong.withOptionalKeysLeftOut
}
