import Foundation
import TrackBenchFormats
import TrackBenchGeodesy
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchSimulation
import TrackBenchSupport

extension SignalCalibration {
    /// The jumps among a recording's fixes: which fixes lie inside one, and each jump's size and duration.
    private struct Jumps {
        /// Whether each sample lies inside a jump.
        var inJump: [Bool]
        /// Each jump's size: its first error step, in metres.
        var sizes: [Double] = []
        /// Each jump's duration, in seconds.
        var durations: [Double] = []
    }

    /// The profile that reproduces `samples`' statistics; see the type's documentation for each key.
    ///
    /// Step by step: the jumps and the excursions, which some statistics leave out; the accuracy; the drift and the
    /// jitter with the error's tails; the error while stopped and the reported motion; the warm-up; the faults.
    /// Notes come in that order. Also returns the fixed offset as measured on this drive, east and north in metres:
    /// the profile keeps only its length.
    static func fit(
        _ samples: [ErrorStatistics.Sample], measured: ErrorStatistics, name: String, lagCorrection: Double = 1, tailScale: Double = 1,
        releaseScale: Double = 1, notes: inout [String]
    ) -> (profile: SignalProfile, driveOffset: LocalPoint) {
        let interval = measured.fixIntervalMeanSeconds
        let jumps = findJumps(in: samples, interval: interval)
        let excursions = findExcursions(in: samples, besides: jumps.inJump, notes: &notes)
        let inExcursion = excursions.inExcursion
        let baseSamples = zip(samples, jumps.inJump).filter { !$0.1 }.map(\.0)
        let calmSamples = samples.indices.filter { !jumps.inJump[$0] && !inExcursion[$0] }.map { samples[$0] }
        let base = ErrorStatistics(samples: baseSamples) ?? measured
        if !jumps.sizes.isEmpty {
            notes.append(
                "\(jumps.sizes.count) jump\(jumps.sizes.count == 1 ? "" : "s") "
                    + "(error steps over \(NumberFormat.compact(ErrorStatistics.jumpStepMeters)) m) "
                    + "fitted as faults; the \(samples.count - baseSamples.count) fixes inside them are left out of the other statistics"
            )
        }

        var profile = defaultProfile
        profile.name = name
        let radius = fitAccuracy(measured: measured, base: base, into: &profile, notes: &notes)
        fitDriftAndJitter(
            calmSamples, base: base, radius: radius, interval: interval, lagCorrection: lagCorrection, tailScale: tailScale,
            into: &profile, notes: &notes
        )
        fitStopsAndMotion(measured: measured, base: base, releaseScale: releaseScale, into: &profile, notes: &notes)
        let driveOffset = fitBiasAndOffset(calmSamples, alongTrackMean: base.alongTrackMeanMeters ?? 0, into: &profile, notes: &notes)
        fitWarmUp(samples, measured: measured, into: &profile)
        fitExcursions(samples, excursions: excursions, interval: interval, into: &profile, notes: &notes)
        profile.faults = fitFaults(samples, jumps: jumps, interval: interval, notes: &notes)
        return (profile, driveOffset)
    }

    /// Jumps: big steps paired into start and end (within `longestJumpSeconds`); a big step without an end is a jump
    /// of one fix interval.
    private static func findJumps(in samples: [ErrorStatistics.Sample], interval: Double) -> Jumps {
        var bigSteps: [Int] = []
        for index in samples.indices.dropFirst() where samples[index].error.distance(to: samples[index - 1].error) > ErrorStatistics.jumpStepMeters {
            bigSteps.append(index)
        }
        var jumps = Jumps(inJump: [Bool](repeating: false, count: samples.count))
        var next = 0
        while next < bigSteps.count {
            let start = bigSteps[next]
            jumps.sizes.append(samples[start].error.distance(to: samples[start - 1].error))
            if next + 1 < bigSteps.count, samples[bigSteps[next + 1]].timeSeconds - samples[start].timeSeconds <= longestJumpSeconds {
                let end = bigSteps[next + 1]
                for index in start..<end { jumps.inJump[index] = true }
                jumps.durations.append(samples[end].timeSeconds - samples[start].timeSeconds)
                next += 2
            } else {
                jumps.inJump[start] = true
                jumps.durations.append(interval)
                next += 1
            }
        }
        return jumps
    }

    /// Excursions: fixes outside jumps whose error lies further from the median error than any normal error would
    /// (five robust deviations, at least a jump), such as a burst of multipath whose steps are not all over the jump
    /// threshold. Whether each sample is one; a note says how many there are.
    private static func findExcursions(
        in samples: [ErrorStatistics.Sample], besides inJump: [Bool], notes: inout [String]
    ) -> (inExcursion: [Bool], thresholdMeters: Double, center: LocalPoint) {
        let (inExcursion, excursionMeters, center) = ErrorStatistics.excursions(in: samples, besides: inJump)
        let excursions = inExcursion.filter { $0 }.count
        if excursions > 0 {
            notes.append(
                "\(excursions) fix\(excursions == 1 ? "" : "es") with an error over \(NumberFormat.fixed(excursionMeters, decimals: 1)) m "
                    + "from the median error (\(NumberFormat.compact(ErrorStatistics.excursionDeviations)) robust deviations) "
                    + "left out of the error's size, the drift's time, the jitter and the tails as an excursion"
            )
        }
        return (inExcursion, excursionMeters, center)
    }

    /// The excursions as swells of the error: their rate, mean peak and mean length.
    ///
    /// The excursions of at least `ErrorStatistics.fewestExcursionFixes` fixes (`ErrorStatistics.excursionRuns`) count,
    /// those that swell: an excursion with a step over `ErrorStatistics.jumpStepMeters` into or out of it runs away
    /// and snaps back (the GSDC Pixel 4 XL's 75 m: 10 m a second out, one step back), which a swell does not make.
    /// The peak is their mean largest distance from the median error; the length follows from the time each lies
    /// beyond half the threshold h (its shoulders), with the shape the simulation gives it (`ExcursionChannel`): a
    /// swell of peak A and length L lies beyond h / 2 for L × (1 − 1/π × asin(sqrt(h / 2A))); it is at least so long
    /// that its steepest step (2π × peak / length per second) is no jump. The rate is their count over the
    /// recording's time.
    private static func fitExcursions(
        _ samples: [ErrorStatistics.Sample], excursions: (inExcursion: [Bool], thresholdMeters: Double, center: LocalPoint),
        interval: Double, into profile: inout SignalProfile, notes: inout [String]
    ) {
        let runs = ErrorStatistics.excursionRuns(
            in: samples, excursions: excursions, interval: interval, fewestFixes: ErrorStatistics.fewestExcursionFixes
        ).filter { $0.largestStepMeters <= ErrorStatistics.jumpStepMeters }
        guard let first = samples.first, let end = samples.last, !runs.isEmpty, end.timeSeconds > first.timeSeconds else { return }
        let lengths = runs.map { run in
            let beyondHalfShare = 1 - 1 / Double.pi * asin((excursions.thresholdMeters / 2 / run.peakMeters).squareRoot())
            return run.spanSeconds / beyondHalfShare
        }
        profile.excursionsPerHour = min(3600, Double(runs.count) / (end.timeSeconds - first.timeSeconds) * 3600)
        profile.excursionMeters = Statistics.mean(runs.map(\.peakMeters)) ?? 0
        let steepest = 2 * Double.pi * profile.excursionMeters * interval / ErrorStatistics.jumpStepMeters
        profile.excursionSeconds = max(profile.fixIntervalMeanSeconds, steepest, Statistics.mean(lengths) ?? 0)
        notes.append(
            "\(runs.count) excursion\(runs.count == 1 ? " fitted as a swell" : "s fitted as swells") of the error: "
                + "\(NumberFormat.fixed(profile.excursionsPerHour, decimals: 1)) per hour, peaks of "
                + "\(NumberFormat.fixed(profile.excursionMeters, decimals: 1)) m over \(NumberFormat.fixed(profile.excursionSeconds, decimals: 0)) s "
                + "on average (excursionsPerHour, excursionMeters, excursionSeconds)"
        )
    }

    /// The fix interval, the reported accuracies, the error's size against them and how far it follows them.
    /// - Returns: The error's 2-D radius, in metres.
    private static func fitAccuracy(
        measured: ErrorStatistics, base: ErrorStatistics, into profile: inout SignalProfile, notes: inout [String]
    ) -> Double {
        profile.fixIntervalMeanSeconds = max(ScenarioLimits.shortestFixIntervalSeconds, measured.fixIntervalMeanSeconds)
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
        return radius
    }

    /// The drift's time constant and the jitter, with the step tail and the multipath regime when the moving steps
    /// show them, from the calm fixes (neither in a jump nor in an excursion); the measured decorrelation lag is
    /// multiplied by `lagCorrection` first, and the tails' sizes by `tailScale` (see `SignalCalibration.init(replay:name:seeds:)`).
    private static func fitDriftAndJitter(
        _ calmSamples: [ErrorStatistics.Sample], base: ErrorStatistics, radius: Double, interval: Double, lagCorrection: Double,
        tailScale: Double, into profile: inout SignalProfile, notes: inout [String]
    ) {
        // A frozen phone's error does not age while it stands still, so the drift's time is measured on moving fixes.
        let movingSamples = calmSamples.filter(\.isMoving)
        let moving = ErrorStatistics(samples: movingSamples) ?? base
        let longestLag = Double(min(movingSamples.count / 2, ErrorStatistics.longestLagFixes)) * interval
        let lag = lagCorrection * (moving.decorrelationSeconds ?? longestLag)
        if base.errorDeviationMeters == 0 {
            notes.append("the fixes lie exactly on the truth: there is no error to fit, and driftTimeConstantSeconds says nothing")
        } else if moving.decorrelationSeconds == nil {
            notes.append(
                "the error stays correlated over the longest lag measured (\(NumberFormat.fixed(lag, decimals: 0)) s): "
                    + "driftTimeConstantSeconds is a lower bound"
            )
        }
        let tails = ErrorTailFit(samples: movingSamples, intervalSeconds: interval)
        let stepDeviation = tails.isEmpty
            ? (base.movingStepMedianMeters ?? base.stepMedianMeters) / ErrorTailFit.rayleighMedianPerDeviation : tails.ordinaryStepDeviationMeters
        if tails.isEmpty {
            notes.append(
                "no step tail or multipath regime: \(NumberFormat.fixed(tails.switchShare * 100, decimals: 2)) % of moving steps "
                    + "exceed three median steps (\(NumberFormat.fixed(tails.thresholdMeters, decimals: 2)) m), "
                    + "under \(NumberFormat.compact(ErrorTailFit.smallestSwitchShare * 100)) %, and no fix is an outlier"
            )
            profile.driftTimeConstantSeconds = max(interval, lag / decorrelationPerTimeConstant)
            profile.jitterMeters = jitter(
                stepDeviation: stepDeviation, timeConstant: profile.driftTimeConstantSeconds, budget: radius * radius / 2, interval: interval
            )
        } else {
            fitTails(tails, lag: lag, radius: radius, interval: interval, scale: tailScale, into: &profile, notes: &notes)
        }
        fitCreep(
            stepDeviation: stepDeviation, lag: lag, lagCorrection: lagCorrection, radius: radius, interval: interval, into: &profile, notes: &notes
        )
    }

    /// A creep in place of part of the drift when the drift alone, with no jitter left, steps more than
    /// `smoothestDriftStepRatio` times the recording's ordinary steps (deviation `stepDeviation` per axis).
    ///
    /// The WHU Mi 8's error runs at 2-4 cm a second for half a minute to two minutes and snaps back 1-3 m; a drift of its
    /// size and decorrelation steps 1.8-2.8 times as far, as its velocity wanders where a creep's holds. The creep's
    /// resets are as far apart as make the lag's correlation the drift's (`creepLagPerReset`); its share of the drift's
    /// variance V is the one whose steps are the recording's: per axis the drift steps s × V (s from its time constant,
    /// as in `jitter(stepDeviation:timeConstant:budget:interval:)`) and the creep V × interval² / (2 × reset time²), so
    /// share = (s V − step²) / (s V − creep's), within 0...1. Whether to creep at all is judged at the time constant of
    /// the lag as measured (the fitted one over `lagCorrection`), so the refit rounds, which lengthen the lag, do not
    /// flip the choice from round to round.
    private static func fitCreep(
        stepDeviation: Double, lag: Double, lagCorrection: Double, radius: Double, interval: Double, into profile: inout SignalProfile,
        notes: inout [String]
    ) {
        let budget = max(0, radius * radius / 2 - profile.errorTailVarianceSquareMeters - profile.jitterMeters * profile.jitterMeters)
        let measuredLagTimeConstant = max(interval, profile.driftTimeConstantSeconds / lagCorrection)
        let measuredLagSteps = (driftStepFactor(timeConstant: measuredLagTimeConstant, interval: interval) * budget).squareRoot()
        guard profile.jitterMeters == 0, stepDeviation > 0, measuredLagSteps > smoothestDriftStepRatio * stepDeviation else { return }
        let correlation = driftCorrelation(atLag: lag, total: radius * radius / 2, driftVariance: budget, of: profile)
        let perReset = creepLagPerReset(atCorrelation: correlation ?? 1 / M_E)
        let resetSeconds = min(ScenarioLimits.durationSeconds, max(interval, lag / perReset))
        let driftSteps = driftStepFactor(timeConstant: max(interval, profile.driftTimeConstantSeconds), interval: interval) * budget
        let creepSteps = budget * interval * interval / (2 * resetSeconds * resetSeconds)
        let share = driftSteps > creepSteps ? min(1, max(0, (driftSteps - stepDeviation * stepDeviation) / (driftSteps - creepSteps))) : 0
        guard share > 0 else { return }
        profile.creepShare = share
        profile.creepResetSeconds = resetSeconds
        let velocity = (share * budget / 2).squareRoot() / resetSeconds
        notes.append(
            "creep: with no jitter left the drift alone would step \(NumberFormat.fixed(measuredLagSteps / stepDeviation, decimals: 2)) times "
                + "the recording's ordinary steps (at the lag as measured), so creepShare \(NumberFormat.fixed(share, decimals: 2)) of its "
                + "variance creeps instead, for steps the size of the recording's: \(NumberFormat.fixed(velocity * 100, decimals: 1)) cm/s per axis, "
                + "reset every \(NumberFormat.fixed(resetSeconds, decimals: 1)) s on average (creepResetSeconds)"
        )
    }

    /// The step tail and the multipath regime (their sizes times `scale`), then the drift's time constant and the
    /// jitter in what variance the tails leave.
    private static func fitTails(
        _ tails: ErrorTailFit, lag: Double, radius: Double, interval: Double, scale: Double, into profile: inout SignalProfile,
        notes: inout [String]
    ) {
        profile.stepTailProbability = tails.stepTailProbability
        profile.stepTailMeters = scale * tails.stepTailMeters
        profile.multipathOffsetMeters = scale * tails.multipathOffsetMeters
        profile.multipathDwellSeconds = tails.multipathOffsetMeters > 0 ? max(interval, tails.multipathDwellSeconds) : 0
        let total = radius * radius / 2
        // Switches under the threshold go uncounted, so the offset comes out large; on a drive with a small error it
        // can exceed the error itself, leaving the drift and jitter nothing and the steps all zero. The offsets then
        // keep at most half the variance the outliers leave.
        let offsetLimit = max(0, total - profile.stepTailProbability * profile.stepTailMeters * profile.stepTailMeters) / 2
        if profile.multipathOffsetMeters * profile.multipathOffsetMeters > offsetLimit {
            notes.append(
                "the multipath offsets fitted (\(NumberFormat.fixed(profile.multipathOffsetMeters, decimals: 2)) m) would hold more than half "
                    + "the error's variance: kept to \(NumberFormat.fixed(offsetLimit.squareRoot(), decimals: 2)) m"
            )
            profile.multipathOffsetMeters = offsetLimit.squareRoot()
        }
        let budget = max(0, total - profile.errorTailVarianceSquareMeters)
        var jitterMeters = 0.0
        for _ in 0..<3 {
            let correlation = driftCorrelation(atLag: lag, total: total, driftVariance: budget - jitterMeters * jitterMeters, of: profile)
            let perTimeConstant = correlation.map(driftLagPerTimeConstant) ?? decorrelationPerTimeConstant
            profile.driftTimeConstantSeconds = max(interval, lag / perTimeConstant)
            jitterMeters = jitter(
                stepDeviation: tails.ordinaryStepDeviationMeters, timeConstant: profile.driftTimeConstantSeconds, budget: budget, interval: interval
            )
        }
        profile.jitterMeters = jitterMeters
        if profile.multipathOffsetMeters > 0 {
            notes.append(
                "multipath regime: \(NumberFormat.fixed(tails.switchShare * 100, decimals: 1)) % of moving steps switch plateau "
                    + "(over three median steps, \(NumberFormat.fixed(tails.thresholdMeters, decimals: 2)) m): "
                    + "offsets of \(NumberFormat.fixed(profile.multipathOffsetMeters, decimals: 2)) m "
                    + "per axis held \(NumberFormat.fixed(profile.multipathDwellSeconds, decimals: 1)) s on average"
            )
        }
        if profile.stepTailProbability > 0 {
            notes.append(
                "step tail: \(NumberFormat.fixed(profile.stepTailProbability * 100, decimals: 2)) % of fixes are outliers "
                    + "of \(NumberFormat.fixed(profile.stepTailMeters, decimals: 2)) m per axis"
            )
        }
    }

    /// The jitter that leaves a step deviation of `stepDeviation` per axis with the drift's own step, at most the
    /// error's variance `budget`.
    ///
    /// The model's per-axis step variance is s x drift variance + 2 j^2, with s = 2 (1 - rho(1)) for the drift;
    /// a 2-D Gaussian step's median is 1.1774 x its per-axis deviation.
    private static func jitter(stepDeviation: Double, timeConstant: Double, budget: Double, interval: Double) -> Double {
        let s = driftStepFactor(timeConstant: timeConstant, interval: interval)
        let jitterSquared = (stepDeviation * stepDeviation - s * budget) / (2 - s)
        return min(max(0, jitterSquared), budget).squareRoot()
    }

    /// The drift's per-axis step variance over its variance, s = 2 (1 − rho(1)) = 2 (1 − 2φ / (1 + φ²)) with
    /// φ = e^(−interval / timeConstant), for `DriftProcess`'s two stages.
    private static func driftStepFactor(timeConstant: Double, interval: Double) -> Double {
        let phi = exp(-interval / timeConstant)
        return 2 * (1 - 2 * phi / (1 + phi * phi))
    }

    /// The share of its own variance the drift (or a creep in its place) keeps at the measured decorrelation `lag`,
    /// within `largestDriftCorrelation`; nil at or under `smallestDriftCorrelation`, where the lag is the drift's own.
    ///
    /// The measured decorrelation is the drift's and the multipath offsets' together: the drift's part at that lag is
    /// what the offsets leave of 1/e of the error's variance `total`, over the drift's `driftVariance`. Offsets that
    /// would hold the whole 1/e contradict it (their dwell is a bound): the drift then takes the lag as its own, as
    /// without offsets, rather than a time constant of one fix. A drift left so little variance that it must stay all
    /// but whole at the lag is held at `largestDriftCorrelation`.
    private static func driftCorrelation(atLag lag: Double, total: Double, driftVariance: Double, of profile: SignalProfile) -> Double? {
        let offsetVariance = profile.multipathOffsetMeters * profile.multipathOffsetMeters
        let offsetCorrelation = profile.multipathDwellSeconds > 0 ? exp(-lag / profile.multipathDwellSeconds) : 0
        let target = driftVariance > 0 ? (total / M_E - offsetVariance * offsetCorrelation) / driftVariance : 0
        return target > smallestDriftCorrelation ? min(target, largestDriftCorrelation) : nil
    }

    /// The error's mean over the calm moving fixes, split into an offset that holds for the whole run and a bias along the
    /// direction of travel.
    ///
    /// Least squares over the moving fixes of error = offset + bias x direction (the unit vector of travel), as the
    /// along-track mean the table compares is over them (a phone lagging at speed need not lag at a stop: the WHU X30 on
    /// BJ-3-08, with the stopped fixes in, was fitted half its moving along-track mean). The along-track mean alone would
    /// count a fixed offset's projection on a route that mostly runs one way as lag or lead. But on such a route the two
    /// cannot be told apart, and the simulation points the offset in a direction each run draws: an offset fitted from the
    /// along-track part of the error would leave the simulated along-track mean near 0 (0.1-0.6 times the measured on the
    /// WHU drives). So when the moving directions' mean vector is longer than `separableDirectionLength` (or they hardly
    /// vary), the split is *not separable*: `alongTrackMean` (the mean along-track error) is the bias, and the offset lies
    /// across the moving directions' mean D, as long as makes the recording's cross-track mean (offset · D rotated right =
    /// that mean): the runs simulated on the recording, holding the offset's direction, then have both its along- and its
    /// cross-track mean. The rest of the mean error beside the bias, taken whole as the offset, had a part along D wherever
    /// the route bends (the error's mean along D is not its mean along each fix's direction: the drift meets the bends),
    /// and that part moved the simulated along-track mean off the measured (0.4 m of 0.75 m on the WHU P20's BJ-1-01). A
    /// note says which split was made.
    private static func fitBiasAndOffset(
        _ calmSamples: [ErrorStatistics.Sample], alongTrackMean: Double, into profile: inout SignalProfile, notes: inout [String]
    ) -> LocalPoint {
        profile.alongTrackBiasMeters = alongTrackMean
        // The moving fixes' directions of travel d and errors e, summed: d, d·d, e, e·d and the cross-track error
        // (positive to the right of travel).
        var sums = (count: 0.0, directionEast: 0.0, directionNorth: 0.0, direction: 0.0, east: 0.0, north: 0.0, along: 0.0, cross: 0.0)
        for sample in calmSamples {
            guard let direction = sample.direction else { continue }
            sums.count += 1
            sums.directionEast += direction.east
            sums.directionNorth += direction.north
            sums.direction += direction.east * direction.east + direction.north * direction.north
            sums.east += sample.error.east
            sums.north += sample.error.north
            sums.along += sample.error.east * direction.east + sample.error.north * direction.north
            sums.cross += sample.error.east * direction.north - sample.error.north * direction.east
        }
        // Eliminating the offset: bias x (sum of d·d - |sum of d|^2 / n) = sum of e·d - (sum of e)·(sum of d) / n.
        guard sums.count > 0 else { return LocalPoint(east: 0, north: 0) }
        let meanSquare = (sums.directionEast * sums.directionEast + sums.directionNorth * sums.directionNorth) / (sums.count * sums.count)
        let spread = sums.direction - meanSquare * sums.count
        let meanDirection = meanSquare.squareRoot()
        let separable = spread > 0.01 * sums.count && meanDirection <= Self.separableDirectionLength
        var east: Double
        var north: Double
        if separable {
            profile.alongTrackBiasMeters = (sums.along - (sums.east * sums.directionEast + sums.north * sums.directionNorth) / sums.count) / spread
            east = (sums.east - profile.alongTrackBiasMeters * sums.directionEast) / sums.count
            north = (sums.north - profile.alongTrackBiasMeters * sums.directionNorth) / sums.count
        } else {
            // The offset across the mean direction D whose cross-track mean is the recording's: offset · (D rotated
            // right) = cross-track mean, and offset · D = 0, so the bias alone makes the along-track mean. D is at
            // least `separableDirectionLength` long here (or the directions hardly vary, and it is all but 1).
            let cross = sums.cross / sums.count
            east = cross * (sums.directionNorth / sums.count) / meanSquare
            north = -cross * (sums.directionEast / sums.count) / meanSquare
        }
        profile.fixedOffsetMeters = (east * east + north * north).squareRoot()
        let split = separable
            ? "told apart by the route's directions (their mean vector \(NumberFormat.fixed(meanDirection, decimals: 2)) long)"
            : "not separable: the route runs mostly one way (the directions' mean vector is \(NumberFormat.fixed(meanDirection, decimals: 2)) "
                + "long, over \(NumberFormat.compact(Self.separableDirectionLength))), so the along-track mean is the bias and an offset "
                + "across that direction the cross-track mean"
        notes.append(
            "along-track bias \(NumberFormat.fixed(profile.alongTrackBiasMeters, decimals: 2)) m and fixed offset " + split
                + ": the offset is \(NumberFormat.fixed(east, decimals: 2)) m east "
                + "and \(NumberFormat.fixed(north, decimals: 2)) m north; the runs simulated on this recording hold the offset that way (the "
                + "satellites' error while it was made), and runs on other routes each draw a direction for one that long"
        )
        return LocalPoint(east: east, north: north)
    }

    /// A frozen phone's releases at stops: the share of stopped steps as long as moving ones, over the share f of
    /// moving steps that long (a release's steps are moving ones, and not all of those reach the threshold), times
    /// `scale` (`SignalCalibration.init(replay:name:seeds:)` sets it from simulations); and the releases' mean
    /// length. A release's step that falls short splits its run in two, so runs of r steps on average are releases
    /// ending with probability q = 1 − (1 − 1/r) / f per step (a release of 1/q steps, each seen with probability
    /// f, shows runs of 1 / (1 − f (1 − q))), at most 4 r long. Only for a phone that freezes
    /// (`stoppedErrorMotionFactor` under `releasedFreezeFactor`): one whose error moves at stops anyway has no release
    /// to tell; and from `ErrorStatistics.fewestReleases` releases on, as one or two are as likely a single large
    /// step of the frozen error.
    private static func fitStopReleases(_ base: ErrorStatistics, scale: Double, into profile: inout SignalProfile, notes: inout [String]) {
        let seen = base.movingStepsOverReleaseShare
        guard profile.stoppedErrorMotionFactor < releasedFreezeFactor, base.stoppedReleaseCount >= ErrorStatistics.fewestReleases,
              let percent = base.stoppedReleasePercent, percent > 0, let seconds = base.stoppedReleaseSeconds, seen > 0 else { return }
        let run = max(1, seconds / base.fixIntervalMeanSeconds)
        let end = max(1 / (4 * run), 1 - (1 - 1 / run) / seen)
        profile.stoppedReleasePercent = min(100, percent / seen * scale)
        profile.stoppedReleaseSeconds = base.fixIntervalMeanSeconds / min(1, end)
        notes.append(
            "a phone frozen at stops lets go: \(NumberFormat.fixed(percent, decimals: 1)) % of its stopped steps move at least "
                + "\(NumberFormat.compact(ErrorStatistics.releaseStepShare)) of the median moving step, as "
                + "\(NumberFormat.fixed(100 * seen, decimals: 0)) % of moving steps do, in runs of \(NumberFormat.fixed(seconds, decimals: 1)) s: "
                + "releases of \(NumberFormat.fixed(profile.stoppedReleaseSeconds, decimals: 1)) s (stoppedReleaseSeconds) over "
                + "\(NumberFormat.fixed(min(100, percent / seen), decimals: 1)) % of the stopped fixes"
        )
    }

    /// How the error moves while stopped, and the reported speed's and course's errors.
    private static func fitStopsAndMotion(
        measured: ErrorStatistics, base: ErrorStatistics, releaseScale: Double, into profile: inout SignalProfile, notes: inout [String]
    ) {
        if base.stoppedStepCount < 10 {
            profile.stoppedErrorMotionFactor = unmeasuredStoppedErrorMotionFactor
            notes.append(
                "fewer than 10 fixes while stopped: stoppedErrorMotionFactor "
                    + "\(NumberFormat.compact(unmeasuredStoppedErrorMotionFactor)), the median of the public phone drives with stops"
            )
        } else if let stopped = base.stoppedStepMedianMeters, let moving = base.movingStepMedianMeters, moving > 0 {
            profile.stoppedErrorMotionFactor = min(1, stopped / moving)
            fitStopReleases(base, scale: releaseScale, into: &profile, notes: &notes)
        } else if base.movingStepMedianMeters == nil {
            notes.append("no fixes while moving: stoppedErrorMotionFactor 1 is kept, as nothing compares with the stops")
        }
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
    }

    /// The warm-up: the first fixes' accuracy against the rest.
    private static func fitWarmUp(_ samples: [ErrorStatistics.Sample], measured: ErrorStatistics, into profile: inout SignalProfile) {
        let firstAccuracy = Statistics.mean(samples.prefix(3).map(\.accuracyMeters)) ?? 0
        let settled = measured.accuracyMeanMeters + 2 * measured.accuracyDeviationMeters
        if measured.accuracyMeanMeters > 0, firstAccuracy >= 1.5 * measured.accuracyMeanMeters {
            profile.warmUpAccuracyFactor = min(1000, firstAccuracy / measured.accuracyMeanMeters)
            profile.warmUpFixes = samples.firstIndex { $0.accuracyMeters <= settled } ?? 0
        } else {
            profile.warmUpAccuracyFactor = 1
            profile.warmUpFixes = 0
        }
    }

    /// The jumps as faults, and gaps over `dropoutIntervals` fix intervals as dropouts.
    private static func fitFaults(_ samples: [ErrorStatistics.Sample], jumps: Jumps, interval: Double, notes: inout [String]) -> FaultProfile {
        var faults = FaultProfile.none
        if !jumps.sizes.isEmpty {
            var sorted = jumps.sizes
            faults.jumpProbability = min(1, Double(jumps.sizes.count) / Double(samples.count))
            faults.jumpMeters = Statistics.percentile(&sorted, 0.5) ?? 0
            faults.jumpDurationSeconds = Statistics.mean(jumps.durations) ?? interval
        }
        let gaps = zip(samples, samples.dropFirst()).map { $1.timeSeconds - $0.timeSeconds }.filter { $0 > dropoutIntervals * interval }
        if !gaps.isEmpty {
            faults.dropoutProbability = min(1, Double(gaps.count) / Double(samples.count))
            faults.dropoutSeconds = Statistics.mean(gaps) ?? 0
            notes.append(
                "\(gaps.count) gap\(gaps.count == 1 ? "" : "s") longer than \(NumberFormat.compact(dropoutIntervals)) fix intervals "
                    + "fitted as dropouts"
            )
        }
        return faults
    }
}
