import Foundation
import TrackBenchEngine
import TrackBenchFormats
import TrackBenchGeodesy
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchSimulation
import TrackBenchSupport

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
/// - `creepShare`, `creepResetSeconds`: when the drift alone would step more than `smoothestDriftStepRatio` times
///   the recording with no jitter left, the share of its variance that creeps instead, for steps the recording's.
/// - `stoppedErrorMotionFactor`: median step stopped over median step moving.
/// - `alongTrackBiasMeters`: the mean along-track error while moving.
/// - Speed and course deviations from the reported speed and course; dropouts
///   from gaps over three fix intervals; warm-up from the first fixes' accuracy.
/// What a recording cannot tell keeps the default suite's value, and a note says so.
package struct SignalCalibration: Sendable {
    /// The statistics of the recording's fixes against the truth, jumps included.
    package var measured: ErrorStatistics
    /// The fitted profile, or the one given to compare.
    package var profile: SignalProfile
    /// Whether `profile` was fitted to the replay (false: it was given, to compare).
    package var isFitted: Bool
    /// The same statistics of the profile simulated on the recording's route, one per seed.
    package var simulated: [ErrorStatistics]
    /// The fixes each simulation delivered, one path per seed, on the replay's clock and in its frame.
    var simulatedFixes: [Path]
    /// The seeds the simulations used.
    package var seeds: SeedRange
    /// What could not be measured and was kept at a default, or is worth knowing about the fit.
    package var notes: [String]
    /// The replay the profile was fitted to.
    package var replay: RecordingReplay

    /// A jump's end must come within this many seconds of its start, or the step counts as a lone jump.
    static let longestJumpSeconds = 300.0
    /// A gap longer than this many fix intervals is a dropout.
    static let dropoutIntervals = 3.0
    /// The decorrelation lag over the drift's time constant for the model's second-order drift: (1 + x) e^-x = 1/e.
    static let decorrelationPerTimeConstant = 2.146

    /// Why a recording cannot be calibrated from.
    package struct CalibrationError: Error, LocalizedError, Equatable {
        /// What is wrong and what to do.
        package var problem: String
        package var errorDescription: String? { problem }
    }

    /// Fits a profile to a replay with a timed truth and simulates it on the replay's route.
    /// - Parameters:
    ///   - replay: The recording aligned with its truth.
    ///   - name: The profile's name (a slug: it becomes part of scenario ids).
    ///   - seeds: The seeds to simulate with.
    /// - Throws: `CalibrationError` when the truth has no times or too few fixes overlap it.
    package init(replay: RecordingReplay, name: String, seeds: SeedRange) throws(CalibrationError) {
        let (track, samples, measured, settlingNotes) = try Self.measure(replay)
        var notes: [String] = []
        let first = Self.fit(samples, measured: measured, name: name, notes: &notes)
        var fitted = first.profile
        let driveOffset = first.driveOffset
        // The smoothing first, so the drift's and tails' refit rounds see its offsets and steps.
        var smoothingNotes: [String] = []
        fitted = Self.fitChipsetSmoothing(
            fitted, samples: samples, measured: measured, track: track, replay: replay, driveOffset: driveOffset, seeds: seeds,
            notes: &smoothingNotes
        )
        if let target = measured.decorrelationSeconds {
            fitted = Self.refitDrift(
                fitted, toDecorrelation: target, samples: samples, measured: measured, track: track, replay: replay, driveOffset: driveOffset,
                seeds: seeds, notes: &notes
            )
        }
        notes += smoothingNotes
        fitted.driftTimeConstantSpreadPercent = Self.acrossDriveSpreadPercent.driftTimeConstant
        fitted.errorSizeSpreadPercent = Self.acrossDriveSpreadPercent.errorSize
        fitted.stepSizeSpreadPercent = Self.acrossDriveSpreadPercent.stepSize
        // Simulate exactly what is printed: the profile read back from its JSON.
        let profile: SignalProfile
        do {
            profile = try StrictJSONDecoder.decode(SignalProfile.self, from: Data(fitted.jsonText().utf8), file: "the calibrated profile").value
        } catch {
            throw CalibrationError(
                problem: "recording '\(replay.id)': the fitted profile is out of the scenario file's range: \(error.localizedDescription)"
            )
        }
        self.init(
            replay: replay, track: track, measured: measured, profile: profile, driveOffset: driveOffset, seeds: seeds, notes: settlingNotes + notes
        )
    }

    /// The fit again with its drift's time scaled until simulations decorrelate as the recording does, and its tails'
    /// sizes until their steps' 95th percentile is the recording's.
    ///
    /// The 1/e lag measured on a drive of half an hour is biased short (removing the mean takes the slowest part of
    /// the drift with it), and so is the same lag measured on a simulation: fitting the lag as measured would make
    /// simulations decorrelate faster than the recording. Each of `driftRefitRounds` rounds simulates the fit on the
    /// recording's route 30 times (at least as often as `seeds` says, from its first seed) on a stream of its own
    /// (`#fit`, not the table's runs; holding the drive's own offset as they do) and scales the measured lag by the
    /// recording's decorrelation over the simulations' median; the scale is kept within 0.25...4.
    ///
    /// The tails are read from steps over three median steps, whose sizes do not follow the model's normal ones: on
    /// a smooth phone (WHU Mi 8, 4-11 cm steps) the offsets came out so large that the step p95 was 1.3-1.7 times the
    /// measured, on others the rare steps too small. So the same rounds scale the tails' sizes (step tail and
    /// multipath offsets) by (measured over simulated step p95)^`tailRefitPower`, kept within 0.25...4 in all, and
    /// at most so far that the simulations' largest ordinary step (their median) stays within `largestStepAllowance`
    /// of the recording's: scaled for the p95 alone, the P20's and P30's tails on BJ-1-07 grew 3.1-3.5 times and
    /// made steps of 3-4 m where the phones' largest was 0.8-1.2 m, and their variance hid the drift's decorrelation.
    ///
    /// A phone's releases at stops are read from stopped steps over half the median moving step, but how many of a
    /// release's steps reach that depends on the simulated steps' shape, which the recording's need not share (the
    /// Pixel 4 XL's moving steps: 64 % over half their median): the same rounds scale `stoppedReleasePercent` by
    /// the recording's share over the simulations' median, within 0.25...4.
    private static func refitDrift(
        _ fitted: SignalProfile, toDecorrelation target: Double, samples: [ErrorStatistics.Sample], measured: ErrorStatistics,
        track: TimedTrack, replay: RecordingReplay, driveOffset: LocalPoint, seeds: SeedRange, notes: inout [String]
    ) -> SignalProfile {
        var profile = fitted
        var correction = 1.0
        var tailScale = 1.0
        var releaseScale = 1.0
        var roundNotes = notes
        let fitSeeds = Self.fitSeeds(for: seeds)
        for _ in 0..<Self.driftRefitRounds {
            let statistics = simulations(
                of: profile, on: track, replay: replay, seeds: fitSeeds, stream: replay.id + "#fit", fixedOffsetDirection: driveOffset
            ).statistics
            var lags = statistics.compactMap(\.decorrelationSeconds)
            guard let median = Statistics.percentile(&lags, 0.5), median > 0 else { break }
            correction = min(4, max(0.25, correction * target / median))
            var steps = statistics.map(\.step95thPercentileMeters)
            var largest = statistics.map(\.largestOrdinaryStepMeters)
            if fitted.hasErrorTails, let simulatedSteps = Statistics.percentile(&steps, 0.5), simulatedSteps > 0,
               measured.step95thPercentileMeters > 0, let simulatedLargest = Statistics.percentile(&largest, 0.5), simulatedLargest > 0,
               measured.largestOrdinaryStepMeters > 0 {
                let scale = tailScaleStep(
                    step95: (measured: measured.step95thPercentileMeters, simulated: simulatedSteps),
                    largestStep: (measured: measured.largestOrdinaryStepMeters, simulated: simulatedLargest)
                )
                tailScale = min(4, max(0.25, tailScale * scale))
            }
            var shares = statistics.compactMap(\.stoppedReleasePercent)
            if profile.stoppedReleasePercent > 0, let measuredShare = measured.stoppedReleasePercent, measuredShare > 0,
               let simulatedShare = Statistics.percentile(&shares, 0.5), simulatedShare > 0 {
                releaseScale = min(4, max(0.25, releaseScale * measuredShare / simulatedShare))
            }
            roundNotes = []
            profile = fit(
                samples, measured: measured, name: fitted.name, lagCorrection: correction, tailScale: tailScale, releaseScale: releaseScale,
                notes: &roundNotes
            ).profile
            profile.chipsetSmoothingSeconds = fitted.chipsetSmoothingSeconds
        }
        notes = roundNotes
        if correction != 1 {
            notes.append(
                "driftTimeConstantSeconds \(NumberFormat.fixed(fitted.driftTimeConstantSeconds, decimals: 1)) s as measured, "
                    + "\(NumberFormat.fixed(profile.driftTimeConstantSeconds, decimals: 1)) s so that simulations decorrelate as the recording does "
                    + "(the lag scaled by \(NumberFormat.fixed(correction, decimals: 2)) after \(Self.driftRefitRounds) rounds of simulations"
                    + (profile.hasCreep ? ", and creepResetSeconds with it)" : ")")
            )
        }
        if releaseScale != 1 {
            notes.append(
                "stoppedReleasePercent scaled by \(NumberFormat.fixed(releaseScale, decimals: 2)) to "
                    + "\(NumberFormat.fixed(profile.stoppedReleasePercent, decimals: 1)) so that simulations' share of stopped steps over half "
                    + "the moving median is the recording's (\(NumberFormat.fixed(measured.stoppedReleasePercent ?? 0, decimals: 1)) %)"
            )
        }
        if tailScale != 1 {
            notes.append(
                "the tails' sizes scaled by \(NumberFormat.fixed(tailScale, decimals: 2)) so that simulations' step 95th percentile "
                    + "is the recording's (\(NumberFormat.fixed(measured.step95thPercentileMeters, decimals: 3)) m)"
            )
        }
        return profile
    }

    /// The seeds the fit's own simulations (`refitDrift`, `fitChipsetSmoothing`) run on the `#fit` stream: 30 at
    /// least, as many as `seeds` when more, from its first.
    private static func fitSeeds(for seeds: SeedRange) -> SeedRange {
        SeedRange(first: seeds.first, last: seeds.first &+ UInt64(max(30, seeds.count) - 1)) ?? seeds
    }

    /// How much one round of `refitDrift` scales the tails' sizes: (measured over simulated step p95)^`tailRefitPower`,
    /// but no more than brings the simulations' largest ordinary step to `largestStepAllowance` times the recording's.
    /// - Parameters:
    ///   - step95: The step p95, measured and the simulations' median, in metres (> 0).
    ///   - largestStep: The largest step not over `ErrorStatistics.jumpStepMeters`, likewise, in metres (> 0).
    static func tailScaleStep(
        step95: (measured: Double, simulated: Double), largestStep: (measured: Double, simulated: Double)
    ) -> Double {
        min(
            pow(step95.measured / step95.simulated, tailRefitPower),
            pow(largestStepAllowance * largestStep.measured / largestStep.simulated, tailRefitPower)
        )
    }

    /// The fit with `chipsetSmoothingSeconds` set so that simulations' path-length excess is the recording's.
    ///
    /// Noise only lengthens a path; a chipset's own filter cuts corners and shortens it (`ChipsetSmoother`). The
    /// fit simulates the profile without smoothing on the recording's route (30 seeds at least, on the `#fit`
    /// stream): unless the recording's excess lies below every simulation's and below their median by more than
    /// its noise (`ErrorStatistics.lengthNoiseFloorPercent`), nothing tells a smoothing chipset, and none is fitted
    /// (a difference the noise model's steps or the ends' errors can make is not smoothing). Otherwise the
    /// smoothing must take the difference off: the time constant whose smoothing alone shortens the recording's
    /// true track (at its fixes' times) by that much is found by bisection, the profile simulated with it, and the
    /// difference that remains taken off once more (`smoothingRefitRounds` rounds in all). At most
    /// `longestChipsetSmoothingSeconds`.
    private static func fitChipsetSmoothing(
        _ fitted: SignalProfile, samples: [ErrorStatistics.Sample], measured: ErrorStatistics, track: TimedTrack, replay: RecordingReplay,
        driveOffset: LocalPoint, seeds: SeedRange, notes: inout [String]
    ) -> SignalProfile {
        let fitSeeds = Self.fitSeeds(for: seeds)
        var profile = fitted
        var shortening = 0.0
        var unsmoothedExcess: Double?
        var isCapped = false
        for _ in 0..<Self.smoothingRefitRounds {
            var excesses = simulations(
                of: profile, on: track, replay: replay, seeds: fitSeeds, stream: replay.id + "#fit", fixedOffsetDirection: driveOffset
            ).statistics.map(\.lengthErrorPercent)
            guard let excess = Statistics.percentile(&excesses, 0.5) else { return fitted }
            if unsmoothedExcess == nil {
                unsmoothedExcess = excess
                guard let shortest = excesses.min(), measured.lengthErrorPercent < shortest,
                      excess - measured.lengthErrorPercent > measured.lengthNoiseFloorPercent else { return fitted }
            }
            shortening += excess - measured.lengthErrorPercent
            (profile.chipsetSmoothingSeconds, isCapped) = smoothingSeconds(shortening: shortening, samples: samples, measured: measured)
        }
        let seconds = profile.chipsetSmoothingSeconds
        notes.append(
            "chipsetSmoothingSeconds \(NumberFormat.fixed(seconds, decimals: 2)) s: without it simulations' paths are "
                + "\(NumberFormat.fixed(unsmoothedExcess ?? 0, decimals: 3)) % longer than the truth, the recording's "
                + "\(NumberFormat.fixed(measured.lengthErrorPercent, decimals: 3)) %; a chipset filter of that time constant cuts the corners "
                + "of the recording's route by the difference"
                + (isCapped
                    ? " as far as it can: a longer one would move the fixes off the truth by more than "
                        + "\(NumberFormat.compact(100 * Self.smoothingShareOfError)) % of the measured error SD or step p95"
                    : "")
        )
        return profile
    }

    /// The chipset smoothing's time constant that shortens the samples' true track (at their times and courses) by
    /// `shortening` percent of its length, by bisection; 0 for none.
    ///
    /// At most `longestChipsetSmoothingSeconds`, and at most the longest whose offsets from the truth stay within
    /// what the recording shows: their RMS per axis at most `smoothingShareOfError` of the measured error SD, and
    /// their steps' 95th percentile at most that share of the measured step p95. The smoothing's offsets are part
    /// of the measured error and steps, and a time constant that shortens a route with few or gentle turns enough
    /// would add errors the recording does not have (uncapped, on the WHU and GSDC drives: up to 50 times the error SD).
    static func smoothingSeconds(
        shortening: Double, samples: [ErrorStatistics.Sample], measured: ErrorStatistics
    ) -> (seconds: Double, isCapped: Bool) {
        guard shortening > 0 else { return (0, false) }
        func smoothed(_ seconds: Double) -> (shortening: Double, offsetRMS: Double, offsetStep95: Double) {
            guard var smoother = ChipsetSmoother(timeConstantSeconds: seconds) else { return (0, 0, 0) }
            var trueLength = 0.0
            var smoothedLength = 0.0
            var squares = 0.0
            var steps: [Double] = []
            var previous: (true: LocalPoint, smoothed: LocalPoint)?
            for sample in samples {
                let point = smoother.smoothed(sample.truePoint, atTime: sample.timeSeconds, courseDegrees: sample.trueCourseDegrees)
                let offset = LocalPoint(east: point.east - sample.truePoint.east, north: point.north - sample.truePoint.north)
                squares += offset.east * offset.east + offset.north * offset.north
                if let previous {
                    trueLength += sample.truePoint.distance(to: previous.true)
                    smoothedLength += point.distance(to: previous.smoothed)
                    let before = LocalPoint(east: previous.smoothed.east - previous.true.east, north: previous.smoothed.north - previous.true.north)
                    steps.append(offset.distance(to: before))
                }
                previous = (sample.truePoint, point)
            }
            let step95 = Statistics.percentile(&steps, 0.95) ?? 0
            let rms = samples.isEmpty ? 0 : (squares / (2 * Double(samples.count))).squareRoot()
            return (trueLength > 0 ? 100 * (trueLength - smoothedLength) / trueLength : 0, rms, step95)
        }
        func bisect(_ isBelow: (Double) -> Bool) -> Double {
            var (low, high) = (0.0, Self.longestChipsetSmoothingSeconds)
            guard !isBelow(high) else { return high }
            for _ in 0..<30 {
                let middle = (low + high) / 2
                if isBelow(middle) { low = middle } else { high = middle }
            }
            return low
        }
        let cap = bisect {
            let offsets = smoothed($0)
            return offsets.offsetRMS <= Self.smoothingShareOfError * measured.errorDeviationMeters
                && offsets.offsetStep95 <= Self.smoothingShareOfError * measured.step95thPercentileMeters
        }
        let seconds = bisect { smoothed($0).shortening < shortening }
        return seconds > cap ? (cap, true) : (seconds, false)
    }

    /// Compares a given profile with a replay instead of fitting one: the replay's statistics beside those of the
    /// profile simulated on the replay's route, for checking a profile fitted on one recording against another.
    /// - Throws: `CalibrationError` when the truth has no times or too few fixes overlap it.
    package init(replay: RecordingReplay, comparing profile: SignalProfile, seeds: SeedRange) throws(CalibrationError) {
        let (track, _, measured, settlingNotes) = try Self.measure(replay)
        self.init(replay: replay, track: track, measured: measured, profile: profile, driveOffset: nil, seeds: seeds, notes: settlingNotes)
    }

    /// The calibration of `profile` on `replay`: fitted to it when `driveOffset` is the fixed offset measured on it,
    /// compared with it when nil.
    private init(
        replay: RecordingReplay, track: TimedTrack, measured: ErrorStatistics, profile: SignalProfile,
        driveOffset: LocalPoint?, seeds: SeedRange, notes: [String]
    ) {
        let isFitted = driveOffset != nil
        self.replay = replay
        self.measured = measured
        self.profile = profile
        self.isFitted = isFitted
        self.seeds = seeds
        var checkpointNotes: [String] = []
        if case let .checkpoints(checkpoints) = replay.truth {
            var errors = EstimateMetrics.checkpointErrors(
                times: replay.fixes.fixes.map(\.deliveryTimeSeconds), points: replay.fixes.fixes.map { replay.frame.point(for: $0.coordinate) },
                checkpoints: checkpoints
            )
            let percentiles = Statistics.percentiles(&errors, [0.5, 0.95])
            checkpointNotes.append(
                "the truth is \(checkpoints.times.count) checkpoints: between them it is taken as a straight line at constant speed, "
                    + "so the statistics carry that line's error where the path curved; exact only at the checkpoints, where the raw fixes "
                    + "(interpolated at their times) err " + (percentiles.map {
                        "\(NumberFormat.fixed($0[0], decimals: 2)) m median, \(NumberFormat.fixed($0[1], decimals: 2)) m 95th percentile "
                            + "over \(errors.count) checkpoints"
                    } ?? "at no checkpoint (none inside the fixes' span)")
            )
        }
        self.notes = replay.alignmentNotes + checkpointNotes + notes
        // A fitted profile's spreads say how other drives differ, and its offset's direction is drawn per run as on
        // other routes; the drive it was fitted to is simulated without the spreads and with its own offset.
        let simulatedProfile = isFitted ? profile.withoutSpreads : profile
        let simulations = Self.simulations(
            of: simulatedProfile, on: track, replay: replay, seeds: seeds, stream: replay.id, fixedOffsetDirection: driveOffset
        )
        simulatedFixes = simulations.paths
        simulated = simulations.statistics
    }

    /// `profile` simulated on the replay's route once per seed of `seeds` on the noise stream `stream`: the fixes
    /// delivered and their statistics.
    private static func simulations(
        of profile: SignalProfile, on track: TimedTrack, replay: RecordingReplay, seeds: SeedRange, stream: String,
        fixedOffsetDirection: LocalPoint? = nil
    ) -> (paths: [Path], statistics: [ErrorStatistics]) {
        let paths = seeds.seeds.map { seed in
            track.simulate(
                signal: profile, in: replay.frame, seed: seed, streamName: stream, span: 0...replay.durationSeconds,
                fixedOffsetDirection: fixedOffsetDirection
            ).noisyPath
        }
        return (paths, paths.compactMap { ErrorStatistics(samples: samples(of: $0, on: track, in: replay.frame)) })
    }

    /// The replay's timed truth, its fixes paired with it from the first settled fix on, their statistics, and a note
    /// on the fixes left out while the phone settled.
    ///
    /// A phone just started can still be converging: the WHU P20's first fix on BJ-1-07 is 13 m behind, the next
    /// ones far less. Such a start is not the phone's steady error, and it would be fitted as a jump and lengthen
    /// the path by the metres it closes (the drive's whole measured excess). So the fixes from the start that lie in
    /// an excursion (`ErrorStatistics.excursions`) or step to the next by more than three times the recording's
    /// moving step 95th percentile (or a jump, `ErrorStatistics.jumpStepMeters`, if less) are left out, at most a
    /// tenth of them. A phone converging steps fast while it settles (the P20 on BJ-1-04: 8 m across the
    /// track, closed over 27 s), where an ordinary drive's first steps are its usual size.
    ///
    /// A checkpoint truth is used as the straight lines between its checkpoints at constant speed: every fix is
    /// paired with that line, so the statistics carry the line's own error where the walk curved between
    /// checkpoints (a note says so in `init`).
    private static func measure(
        _ replay: RecordingReplay
    ) throws(CalibrationError) -> (TimedTrack, [ErrorStatistics.Sample], ErrorStatistics, notes: [String]) {
        let track: TimedTrack
        switch replay.truth {
        case let .timed(timed), let .checkpoints(timed):
            track = timed
        case .route, .distanceOnly:
            throw CalibrationError(
                problem: "recording '\(replay.id)': calibrate needs a truth with times (the \(replay.alignment.rawValue) alignment has none); "
                    + "give a reference recorded with times"
            )
        }
        let all = samples(of: replay.fixes, on: track, in: replay.frame)
        let inExcursion = ErrorStatistics.excursions(in: all).inExcursion
        let allSteps = zip(all, all.dropFirst()).map { (step: $1.error.distance(to: $0.error), isMoving: $1.isMoving) }
        var steps = allSteps.filter(\.isMoving).map(\.step)
        if steps.isEmpty { steps = allSteps.map(\.step) }
        let settlingStep = min(ErrorStatistics.jumpStepMeters, 3 * (Statistics.percentile(&steps, 0.95) ?? .infinity))
        var leading = 0
        while leading + 1 < all.count,
              inExcursion[leading] || all[leading + 1].error.distance(to: all[leading].error) > settlingStep {
            leading += 1
        }
        let settling = leading <= all.count / 10 ? leading : 0
        let samples = Array(all.dropFirst(settling))
        guard let measured = ErrorStatistics(samples: samples) else {
            throw CalibrationError(
                problem: "recording '\(replay.id)': \(samples.count) fixes with a position overlap the truth; at least 3 are needed"
            )
        }
        var notes: [String] = []
        if settling > 0 {
            let largest = all.prefix(settling).map { $0.error.distance(to: LocalPoint(east: 0, north: 0)) }.max() ?? 0
            let seconds = NumberFormat.fixed(all[settling].timeSeconds - all[0].timeSeconds, decimals: 0)
            let size = NumberFormat.fixed(largest, decimals: 1)
            notes.append(
                (settling == 1
                    ? "the first fix (\(seconds) s, an error of \(size) m) lies in an excursion or jumps from the start"
                    : "the first \(settling) fixes (\(seconds) s, errors up to \(size) m) lie in an excursion or jump from the start")
                    + ", the phone still settling: left out of every statistic"
            )
        }
        return (track, samples, measured, notes)
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

    /// The lag, in drift time constants, at which the model's drift autocorrelation e^(-u) (1 + u) falls to
    /// `correlation`: 2.146 at 1/e; a correlation at or under 0 gives 50, at or over 1 a millionth.
    static func driftLagPerTimeConstant(atCorrelation correlation: Double) -> Double {
        lag(atCorrelation: correlation) { exp(-$0) * (1 + $0) }
    }

    /// The lag, in the creep's mean reset times, at which its autocorrelation e^(-u) (1 + u / 2) falls to
    /// `correlation`: 1.583 at 1/e; bounded as `driftLagPerTimeConstant(atCorrelation:)`.
    static func creepLagPerReset(atCorrelation correlation: Double) -> Double {
        lag(atCorrelation: correlation) { exp(-$0) * (1 + $0 / 2) }
    }

    /// Where `autocorrelation`, falling from 1 at 0, reaches `correlation`, by bisection over a millionth to 50.
    private static func lag(atCorrelation correlation: Double, of autocorrelation: (Double) -> Double) -> Double {
        var (low, high) = (1e-6, 50.0)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if autocorrelation(middle) > correlation { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// How far the drift alone may step beyond the recording's ordinary steps, with no jitter left, before `calibrate`
    /// fits a creep in its place (`creepShare`): the WHU Mi 8's drift stepped 1.8-2.8 times its recordings.
    static let smoothestDriftStepRatio = 1.15

    /// The profile a calibration starts from: the default suite's `strong` profile (`SignalProfile.strong`) for what
    /// a recording cannot tell, with the keys a file may leave out at the values it then takes (no freezing while
    /// stopped, no error tails, no altitude channel).
    static let defaultProfile = SignalProfile.strong.withOptionalKeysLeftOut

    /// `stoppedErrorMotionFactor` for a recording with too few stopped fixes to measure it: the median of the six
    /// public drives with stops (WHU BJ-4-01 Mi 8 0.53, P20 0.0025, P30 0.0065, X30 0.0015; GSDC Pixel 4 0.33,
    /// Pixel 4 XL 0.037), so a profile fitted on a highway freezes at the stops of a town it is run in.
    ///
    /// Not the default profile's 1 (no freezing): with it, each WHU phone's profile fitted on its highway drive
    /// (BJ-1-07) lengthened the path of its urban drive (BJ-4-01) by 0.22-0.59 %, where the phones' own excess is
    /// -0.09 to +0.15 % (with 0.02: 0.01-0.04 %).
    static let unmeasuredStoppedErrorMotionFactor = 0.02
    /// How much drives of one phone differ, as the spreads a fitted profile carries, in percent: one drive cannot
    /// show it.
    ///
    /// The drift time from the public clean drives (Smartphone Decimeter Challenge 2020, Pixel 4 and 4 XL): a 1/e
    /// time of 23 to 241 s read as the median plus and minus one log-normal deviation. The error and step sizes from
    /// the WHU phones (Docs/calibration.md explains): one phone errs up to 2.5 times more in one city than another
    /// (100 %, a log-normal deviation of 0.69, above the 0.20-0.52 measured across each phone's Beijing logs), and
    /// the steps' spread is the widest measured across one phone's logs: the Mi 8's step p95, 0.089-0.77 m over
    /// its 13 Beijing logs, a log-normal deviation of 0.56 (75 %; the other phones 0.16-0.32).
    static let acrossDriveSpreadPercent = (driftTimeConstant: 200.0, errorSize: 100.0, stepSize: 75.0)
    /// The smallest share of the 1/e autocorrelation the drift may be fitted to carry when multipath offsets carry
    /// the rest; below it the drift takes the whole lag.
    static let smallestDriftCorrelation = 0.05
    /// The largest share of its own variance the drift may be fitted to keep at the decorrelation lag: nearer 1 its
    /// time constant grows without bound (a simulated GSDC Pixel 4 XL drive, whose jitter and offsets left the drift
    /// a sliver, was fitted 9.6 million seconds, beyond any scenario file's range). At 0.95 it is 2.8 times the lag.
    static let largestDriftCorrelation = 0.95
    /// The longest mean of the moving directions' unit vectors at which a fixed offset and an along-track bias are
    /// told apart: 0 when the route runs every way equally, 1 when it runs one way only. Beyond it the along-track
    /// mean is the bias.
    static let separableDirectionLength = 0.5
    /// The largest `stoppedErrorMotionFactor` at which releases are told from the frozen error and fitted. A release
    /// step is at least half the median moving step (`ErrorStatistics.releaseStepShare`), which at a factor of a
    /// quarter is twice a frozen step's median: a 2-D normal step exceeds k times its median with probability
    /// 2^(−k²), so 6 % of frozen steps would read as released there, and almost none at a tenth (2^−25). The WHU
    /// Huaweis and X30 freeze at 0.002-0.08 on 21 of their 24 Beijing logs with stops (the others 0.13-0.28); the Mi
    /// 8's error moves at stops (0.46-1); the Pixel 4's 0.33 (GSDC), fitted as releases, took its simulated path
    /// length from 1.20 to 0.45 times the measured.
    static let releasedFreezeFactor = 0.25
    /// The power of measured over simulated step p95 each round of `refitDrift` scales the tails' sizes by: above 1
    /// because the p95 moves less than the tails (ordinary steps make up part of it).
    static let tailRefitPower = 1.5
    /// How far the simulations' largest ordinary step (their median) may exceed the recording's when `refitDrift` scales
    /// the tails: one drive's largest step is a single value, so it bounds the tails loosely.
    static let largestStepAllowance = 1.5
    /// How many rounds of simulations `refitDrift` scales the drift's time over.
    static let driftRefitRounds = 4
    /// How many rounds of simulations `fitChipsetSmoothing` takes the path-length excess off over.
    static let smoothingRefitRounds = 2
    /// The longest chipset smoothing `calibrate` fits, in seconds: a filter slower than that would be seen as lag.
    static let longestChipsetSmoothingSeconds = 30.0
    /// The largest share of the measured error SD and step p95 the chipset smoothing's own offsets may reach: a
    /// quarter leaves them at most 1/16 of the error's variance, so the rest of the fit stands.
    static let smoothingShareOfError = 0.25
}
