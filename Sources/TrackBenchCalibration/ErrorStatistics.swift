import Foundation
import TrackBenchGeodesy
import TrackBenchMetrics
import TrackBenchModel

/// What a phone's error looks like against the truth: the statistics `calibrate` fits a signal profile to and
/// compares a simulation with.
///
/// Measured over fixes paired with the true position at their own times, in
/// a local metric frame. The error of a fix is its position minus the true
/// position. Steps are the change of the error from one fix to the next, so a
/// slowly drifting error has small steps however large it is. Statistics a
/// recording cannot give (no reported speed, no stop) are nil.
package struct ErrorStatistics: Sendable, Equatable {
    /// One fix paired with the truth at its time.
    package struct Sample: Sendable, Equatable {
        /// The fix's time, in seconds.
        package var timeSeconds: Double
        /// The true position at that time, in metres in the frame.
        package var truePoint: LocalPoint
        /// The fix's position minus the true position, in metres east and north.
        package var error: LocalPoint
        /// The reported horizontal accuracy, in metres.
        package var accuracyMeters: Double
        /// The reported vertical accuracy, in metres; nil when the fix has none.
        package var verticalAccuracyMeters: Double?
        /// The true speed, in metres per second.
        package var trueSpeedMetersPerSecond: Double
        /// The true course, in degrees clockwise from north; -1 when standing still.
        package var trueCourseDegrees: Double
        /// Reported minus true speed, in metres per second; nil when the fix reports no speed.
        package var speedErrorMetersPerSecond: Double?
        /// Reported minus true course, wrapped to -180...180 degrees; nil when either is unknown.
        package var courseErrorDegrees: Double?

        /// Creates a sample; see the properties for units.
        package init(
            timeSeconds: Double, truePoint: LocalPoint, error: LocalPoint, accuracyMeters: Double,
            verticalAccuracyMeters: Double? = nil, trueSpeedMetersPerSecond: Double, trueCourseDegrees: Double,
            speedErrorMetersPerSecond: Double? = nil, courseErrorDegrees: Double? = nil
        ) {
            self.timeSeconds = timeSeconds
            self.truePoint = truePoint
            self.error = error
            self.accuracyMeters = accuracyMeters
            self.verticalAccuracyMeters = verticalAccuracyMeters
            self.trueSpeedMetersPerSecond = trueSpeedMetersPerSecond
            self.trueCourseDegrees = trueCourseDegrees
            self.speedErrorMetersPerSecond = speedErrorMetersPerSecond
            self.courseErrorDegrees = courseErrorDegrees
        }

        /// Whether the truth is moving: at least `TimedTrack.stoppedSpeedMetersPerSecond` with a known course.
        var isMoving: Bool { trueSpeedMetersPerSecond >= TimedTrack.stoppedSpeedMetersPerSecond && trueCourseDegrees >= 0 }

        /// The unit vector along the true course (east = sin, north = cos); nil when not moving.
        var direction: LocalPoint? {
            isMoving ? LocalPoint.direction(courseDegrees: trueCourseDegrees) : nil
        }
    }

    /// An error step longer than this is a jump, in metres (the size the phone measurements counted).
    package static let jumpStepMeters = 5.0
    /// The longest lag the decorrelation search looks at, in fixes (an hour at 1 Hz).
    static let longestLagFixes = 3600
    /// How many robust deviations from the median error make an excursion.
    static let excursionDeviations = 5.0
    /// The share of the median moving step a stopped step must move to count as released (`stoppedReleasePercent`):
    /// a frozen phone's stopped steps are a few millimetres, a released one's as long as a moving step.
    static let releaseStepShare = 0.5
    /// The fewest releases (`stoppedReleaseCount`) that tell a phone letting go at stops; `calibrate` fits none from
    /// fewer.
    static let fewestReleases = 3
    /// The fewest steps over `jumpStepMeters` whose share `jumpStepPercent` is told from chance: one jump out and back
    /// and one step more. Counts this small vary by chance by as much as they are (a Poisson count n by sqrt(n)).
    static let fewestJumpSteps = 3

    /// How many fixes were measured.
    package var fixCount: Int
    /// Mean time between fixes, in seconds.
    package var fixIntervalMeanSeconds: Double
    /// Deviation of the time between fixes, in seconds.
    package var fixIntervalDeviationSeconds: Double
    /// Mean reported horizontal accuracy, in metres.
    package var accuracyMeanMeters: Double
    /// Deviation of the reported horizontal accuracy, in metres.
    package var accuracyDeviationMeters: Double
    /// Mean reported vertical accuracy, in metres; nil when no fix reports one.
    package var verticalAccuracyMeanMeters: Double?
    /// Deviation of the reported vertical accuracy, in metres; nil when fewer than two fixes report one.
    package var verticalAccuracyDeviationMeters: Double?
    /// Mean error east and north, in metres.
    package var errorMean: LocalPoint
    /// The error's deviation per axis with its mean removed (root mean square of the two axes), over the fixes
    /// outside excursions, in metres; the mean along-track error is removed too, along the direction of travel (while
    /// stopped, the last one).
    ///
    /// The along-track mean is the profile's `alongTrackBiasMeters`, so it is not counted again here: on a route
    /// that turns, a bias turns with it and would read as spread. (A P20's 4 m along-track mean, fitted on a drive
    /// one way, read as an SD of 2.1-6.2 m on a drive with turns where the phone's own was 1.3 m.)
    ///
    /// Excursions (`excursions(in:besides:)`) are left out because a single one can hold most of a drive's error energy: on the public
    /// multipath drive one 17 s excursion to 75 m holds 76 % of it, so with it this would measure that one event.
    package var errorDeviationMeters: Double
    /// The 2-D error's root mean square, mean included, in metres.
    package var errorRMSMeters: Double
    /// Median 2-D error, in metres.
    package var errorMedianMeters: Double
    /// 95th percentile of the 2-D error, in metres.
    package var error95thPercentileMeters: Double
    /// Share of fixes whose 2-D error is within their reported accuracy, in percent.
    package var withinAccuracyPercent: Double
    /// How strongly the error's size follows the reported accuracy: d log(error) / d log(accuracy), from a
    /// least-squares line of error against accuracy at the means; nil when the accuracy hardly varies (its
    /// deviation under 5 % of its mean), so nothing can be told.
    package var accuracyElasticity: Double?
    /// The lag at which the error's autocorrelation falls to 1/e, in seconds; nil when it has not fallen by half
    /// the recording or an hour.
    ///
    /// Both axes count, each with its mean removed and the mean along-track error too (while stopped, along the
    /// last direction of travel): a constant lag turns with the route and would otherwise read as a slow drift.
    /// Fixes in excursions are left out, as for `errorDeviationMeters`.
    package var decorrelationSeconds: Double?
    /// Median 2-D error step from one fix to the next, in metres.
    package var stepMedianMeters: Double
    /// 95th percentile of the error step, in metres.
    package var step95thPercentileMeters: Double
    /// Median error step while the truth moves, in metres; nil without moving steps.
    package var movingStepMedianMeters: Double?
    /// Median error step while the truth stands still, in metres; nil without stopped steps.
    package var stoppedStepMedianMeters: Double?
    /// How many steps were taken standing still.
    package var stoppedStepCount: Int
    /// Share of the steps taken standing still (both fixes stopped) that move at least `releaseStepShare` of the
    /// median moving step, in percent: a phone frozen at a stop letting go (`SignalProfile.stoppedReleasePercent`);
    /// nil without such steps or moving ones.
    package var stoppedReleasePercent: Double?
    /// Mean length of a run of such steps, in seconds: their mean count in a row times the fix interval mean; nil
    /// without one.
    package var stoppedReleaseSeconds: Double?
    /// How many runs of such steps there are: the releases seen.
    var stoppedReleaseCount: Int
    /// How many steps had both fixes stopped: those `stoppedReleasePercent` is a share of.
    var stillStepCount: Int
    /// How far from zero `stoppedReleasePercent` can fall by chance, in percent: the share `fewestReleases` releases
    /// of the length seen make (of one step without any), the fewest `calibrate` fits releases from; so the share
    /// of fewer releases is within it. 0 without stopped steps.
    var stoppedReleaseNoisePercent: Double {
        guard stillStepCount > 0 else { return 0 }
        let fewest = Double(Self.fewestReleases)
        return stoppedReleaseCount > 0
            ? (stoppedReleasePercent ?? 0) * fewest / Double(stoppedReleaseCount) : 100 * fewest / Double(stillStepCount)
    }
    /// Share of the moving steps at least `releaseStepShare` of their median, from 0 to 1 (1 without moving steps):
    /// how many of a release's steps, as long as moving ones, `stoppedReleasePercent` counts.
    var movingStepsOverReleaseShare: Double
    /// Mean error along the true direction of travel while moving, in metres (negative: fixes lag behind).
    package var alongTrackMeanMeters: Double?
    /// How far from zero `alongTrackMeanMeters` can fall by chance, in metres: the error SD per axis times
    /// sqrt(2 × decorrelation / time moving), the standard error of a mean over a drift that decorrelates in that
    /// time (the whole time moving when it does not decorrelate); 0 without moving fixes.
    ///
    /// A drive of 8 minutes over an error that decorrelates in 46 s holds about five independent draws of it, so
    /// an along-track mean of 0.16 m (WHU P30, BJ-4-01, error SD 1.4 m) says nothing on its own.
    package var alongTrackNoiseMeters: Double
    /// Along-track over cross-track error RMS while moving; nil without moving fixes.
    package var alongToCrossTrackRatio: Double?
    /// Share of steps longer than `jumpStepMeters`, in percent.
    package var jumpStepPercent: Double
    /// How far from zero `jumpStepPercent` can fall by chance, in percent: the share `fewestJumpSteps` steps make.
    ///
    /// A phone that jumped once on a drive (two steps over 5 m of 900) and a simulation that jumped once or not at all
    /// give a ratio of 1, 2 or 0, which says nothing: `calibrate` prints *within noise* when both shares lie within it.
    package var jumpStepNoisePercent: Double
    /// Share of fixes in an excursion (`excursions(in:besides:)`), in percent.
    package var excursionPercent: Double
    /// How far `excursionPercent` can fall by chance, in percent: the share one excursion (`excursionRuns`) holds on
    /// average, and at least the share `fewestExcursionFixes` fixes make.
    ///
    /// A drive holds a few excursions at most, each tens of fixes long: one more or less in a simulation moves the
    /// share by that much, so `calibrate` prints *within noise* when measured and simulated lie within one.
    package var excursionNoisePercent: Double
    /// The longest error step, in metres.
    package var largestStepMeters: Double
    /// The longest error step not over `jumpStepMeters`, in metres: the largest the error's tails make, jumps aside.
    package var largestOrdinaryStepMeters: Double
    /// Deviation of reported minus true speed, in metres per second; nil when the fixes report no speed.
    package var speedErrorDeviationMetersPerSecond: Double?
    /// Root mean square of reported minus true course while moving, in degrees; nil when unknown.
    package var courseErrorRMSDegrees: Double?
    /// The fixes' path length against the truth's at the same times, in percent (positive: fixes longer; 0 when the
    /// truth does not move).
    package var lengthErrorPercent: Double
    /// How far from zero `lengthErrorPercent` can fall by chance, in percent: sqrt(2) times the error SD per axis over
    /// the truth's length (0 when the truth does not move).
    ///
    /// The along-track errors at the two ends enter a path's length directly (a fix ahead of the truth at the end
    /// and behind at the start lengthens it by both), and the two are independent once the drive is longer than the
    /// error's decorrelation: at driving speed they outweigh the rest of the excess. `calibrate` prints an excess
    /// near zero as *within noise* rather than as a ratio of two small numbers when the simulations' median lies
    /// within this of it.
    package var lengthNoiseFloorPercent: Double

    /// Measures samples in time order.
    /// - Returns: nil for fewer than three samples: too few to have steps and intervals.
    package init?(samples: [Sample]) {
        guard samples.count >= 3 else { return nil }
        let count = Double(samples.count)
        fixCount = samples.count
        let intervals = zip(samples, samples.dropFirst()).map { $1.timeSeconds - $0.timeSeconds }
        fixIntervalMeanSeconds = Statistics.mean(intervals) ?? 0
        fixIntervalDeviationSeconds = Statistics.standardDeviation(intervals) ?? 0
        let accuracies = samples.map(\.accuracyMeters)
        accuracyMeanMeters = Statistics.mean(accuracies) ?? 0
        accuracyDeviationMeters = Statistics.standardDeviation(accuracies) ?? 0
        let vertical = samples.compactMap(\.verticalAccuracyMeters)
        verticalAccuracyMeanMeters = Statistics.mean(vertical)
        verticalAccuracyDeviationMeters = Statistics.standardDeviation(vertical)

        let directions = samples.map(\.direction)
        (alongTrackMeanMeters, alongToCrossTrackRatio) = Self.alongAndCrossTrack(samples, directions: directions)
        errorMean = LocalPoint(east: Statistics.mean(samples.map(\.error.east)) ?? 0, north: Statistics.mean(samples.map(\.error.north)) ?? 0)
        let excursions = Self.excursions(in: samples)
        let inExcursion = excursions.inExcursion
        let ordinary = samples.indices.filter { !inExcursion[$0] }
        let excursionCount = Self.excursionRuns(in: samples, excursions: excursions, interval: fixIntervalMeanSeconds).count
        excursionPercent = 100 * Double(samples.count - ordinary.count) / count
        excursionNoisePercent = max(excursionPercent / Double(max(1, excursionCount)), 100 * Double(Self.fewestExcursionFixes) / count)
        let heldDirections = Self.heldDirections(of: samples)
        let drift = Self.drift(
            east: ordinary.map { samples[$0].error.east }, north: ordinary.map { samples[$0].error.north },
            directions: ordinary.map { heldDirections[$0] }, alongTrackMean: alongTrackMeanMeters ?? 0
        )
        let squares = zip(drift.east, drift.north).reduce(0) { $0 + $1.0 * $1.0 + $1.1 * $1.1 }
        errorDeviationMeters = drift.east.isEmpty ? 0 : (squares / (2 * Double(drift.east.count))).squareRoot()
        var errors = samples.map { ($0.error.east * $0.error.east + $0.error.north * $0.error.north).squareRoot() }
        errorRMSMeters = RootMeanSquare(errors).value ?? 0
        let within = zip(errors, samples).filter { $0.0 <= $0.1.accuracyMeters }.count
        withinAccuracyPercent = 100 * Double(within) / count
        accuracyElasticity = Self.elasticity(errors: errors, accuracies: accuracies)
        let errorPercentiles = Statistics.percentiles(&errors, [0.5, 0.95])
        errorMedianMeters = errorPercentiles?[0] ?? 0
        error95thPercentileMeters = errorPercentiles?[1] ?? 0
        let interval = fixIntervalMeanSeconds
        decorrelationSeconds = Self.decorrelationLag(drift.east, drift.north).map { $0 * interval }

        let steps = Self.steps(of: samples)
        stoppedStepCount = steps.stoppedCount
        jumpStepPercent = steps.jumpPercent
        jumpStepNoisePercent = 100 * Double(Self.fewestJumpSteps) / Double(samples.count - 1)
        largestStepMeters = steps.largest
        largestOrdinaryStepMeters = steps.largestOrdinary
        stepMedianMeters = steps.median
        step95thPercentileMeters = steps.percentile95
        movingStepMedianMeters = steps.movingMedian
        stoppedStepMedianMeters = steps.stoppedMedian
        (stoppedReleasePercent, stoppedReleaseSeconds, stoppedReleaseCount, stillStepCount, movingStepsOverReleaseShare) = Self.releases(
            of: samples, movingStepMedian: steps.movingMedian, interval: fixIntervalMeanSeconds
        )

        speedErrorDeviationMetersPerSecond = Statistics.standardDeviation(samples.compactMap(\.speedErrorMetersPerSecond))
        courseErrorRMSDegrees = RootMeanSquare(samples.filter(\.isMoving).compactMap(\.courseErrorDegrees)).value
        let lengths = Self.lengthsMeters(of: samples)
        lengthErrorPercent = lengths.truth > 0 ? 100 * (lengths.fixes - lengths.truth) / lengths.truth : 0
        let movingSeconds = Double(samples.filter(\.isMoving).count) * fixIntervalMeanSeconds
        alongTrackNoiseMeters = movingSeconds > 0
            ? errorDeviationMeters * min(1, (2 * (decorrelationSeconds ?? movingSeconds) / movingSeconds)).squareRoot()
            : 0
        lengthNoiseFloorPercent = lengths.truth > 0 ? 100 * 2.squareRoot() * errorDeviationMeters / lengths.truth : 0
    }

    /// The mean along-track error while moving, and the along-track over the cross-track error RMS (nil without
    /// cross-track error).
    private static func alongAndCrossTrack(_ samples: [Sample], directions: [LocalPoint?]) -> (mean: Double?, ratio: Double?) {
        var along: [Double] = []
        var cross: [Double] = []
        for (sample, direction) in zip(samples, directions) {
            guard let direction else { continue }
            along.append(sample.error.east * direction.east + sample.error.north * direction.north)
            cross.append(sample.error.east * direction.north - sample.error.north * direction.east)
        }
        let crossSquares = cross.reduce(0) { $0 + $1 * $1 }
        return (Statistics.mean(along), crossSquares > 0 ? (along.reduce(0) { $0 + $1 * $1 } / crossSquares).squareRoot() : nil)
    }

    /// Each sample's direction of travel, and while stopped the direction last moved in (nil before the first move):
    /// a phone's frozen fix keeps its bias along it, as the model's does.
    static func heldDirections(of samples: [Sample]) -> [LocalPoint?] {
        var last: LocalPoint?
        return samples.map { sample in
            last = sample.direction ?? last
            return last
        }
    }

    /// The error's drift, east and north in metres: the error with the mean along-track error removed along each
    /// direction given (a constant lag turns with the route), then each axis's mean.
    private static func drift(
        east: [Double], north: [Double], directions: [LocalPoint?], alongTrackMean lag: Double
    ) -> (east: [Double], north: [Double]) {
        var driftEast = east
        var driftNorth = north
        for (index, direction) in directions.enumerated() {
            guard let direction else { continue }
            driftEast[index] -= lag * direction.east
            driftNorth[index] -= lag * direction.north
        }
        let driftMean = (Statistics.mean(driftEast) ?? 0, Statistics.mean(driftNorth) ?? 0)
        return (driftEast.map { $0 - driftMean.0 }, driftNorth.map { $0 - driftMean.1 })
    }

    /// Which samples lie in an excursion, besides those `besides` marks: an error further from the median error than
    /// `excursionDeviations` robust deviations (the median distance from it over 1.1774) and at least
    /// `jumpStepMeters`. Also the distance that makes one, in metres, and the median error, east and north in metres.
    static func excursions(in samples: [Sample], besides: [Bool]? = nil) -> (inExcursion: [Bool], thresholdMeters: Double, center: LocalPoint) {
        var eastErrors = samples.map(\.error.east)
        var northErrors = samples.map(\.error.north)
        let center = LocalPoint(east: Statistics.percentile(&eastErrors, 0.5) ?? 0, north: Statistics.percentile(&northErrors, 0.5) ?? 0)
        var distances = samples.map { $0.error.distance(to: center) }
        let robustDeviation = (Statistics.percentile(&distances, 0.5) ?? 0) / ErrorTailFit.rayleighMedianPerDeviation
        let threshold = max(jumpStepMeters, excursionDeviations * robustDeviation)
        let inExcursion = samples.indices.map { !(besides?[$0] ?? false) && samples[$0].error.distance(to: center) > threshold }
        return (inExcursion, threshold, center)
    }

    /// The error steps' statistics: all of them, moving and stopped.
    private static func steps(of samples: [Sample]) -> (
        stoppedCount: Int, jumpPercent: Double, largest: Double, largestOrdinary: Double, median: Double, percentile95: Double,
        movingMedian: Double?, stoppedMedian: Double?
    ) {
        var steps: [Double] = []
        var moving: [Double] = []
        var stopped: [Double] = []
        for (before, after) in zip(samples, samples.dropFirst()) {
            let step = after.error.distance(to: before.error)
            steps.append(step)
            if after.isMoving { moving.append(step) } else { stopped.append(step) }
        }
        let jumpPercent = 100 * Double(steps.filter { $0 > Self.jumpStepMeters }.count) / Double(steps.count)
        let largest = steps.max() ?? 0
        let largestOrdinary = steps.filter { $0 <= Self.jumpStepMeters }.max() ?? 0
        let percentiles = Statistics.percentiles(&steps, [0.5, 0.95])
        return (
            stopped.count, jumpPercent, largest, largestOrdinary, percentiles?[0] ?? 0, percentiles?[1] ?? 0,
            Statistics.percentile(&moving, 0.5), Statistics.percentile(&stopped, 0.5)
        )
    }

    /// The share of stopped steps at least `releaseStepShare` of the median moving step, in percent, and the mean
    /// length of their runs, in seconds (nil without stopped or moving steps, the length also without a run); how
    /// many runs and stopped steps; and the share of moving steps that long. A stopped step is one whose two fixes
    /// are both stopped.
    private static func releases(
        of samples: [Sample], movingStepMedian: Double?, interval: Double
    ) -> (percent: Double?, seconds: Double?, runs: Int, stopped: Int, movingShare: Double) {
        guard let movingStepMedian, movingStepMedian > 0 else { return (nil, nil, 0, 0, 1) }
        let threshold = releaseStepShare * movingStepMedian
        var stopped = 0
        var released = 0
        var runs = 0
        var inRun = false
        var moving = 0
        var movingOver = 0
        for (before, after) in zip(samples, samples.dropFirst()) {
            guard !after.isMoving else {
                moving += 1
                if after.error.distance(to: before.error) >= threshold { movingOver += 1 }
                inRun = false
                continue
            }
            // The step into a stop is neither: the fix still catching up with the truth as it stops is no release.
            guard !before.isMoving else {
                inRun = false
                continue
            }
            stopped += 1
            let isReleased = after.error.distance(to: before.error) >= threshold
            if isReleased {
                released += 1
                if !inRun { runs += 1 }
            }
            inRun = isReleased
        }
        let movingShare = moving > 0 ? Double(movingOver) / Double(moving) : 1
        guard stopped > 0 else { return (nil, nil, 0, stopped, movingShare) }
        let seconds = runs > 0 ? Double(released) / Double(runs) * interval : nil
        return (100 * Double(released) / Double(stopped), seconds, runs, stopped, movingShare)
    }

    /// The truth's and the fixes' path lengths over the samples' times, in metres.
    private static func lengthsMeters(of samples: [Sample]) -> (truth: Double, fixes: Double) {
        var fixLength = 0.0
        var trueLength = 0.0
        for (before, after) in zip(samples, samples.dropFirst()) {
            trueLength += after.truePoint.distance(to: before.truePoint)
            let fixBefore = LocalPoint(east: before.truePoint.east + before.error.east, north: before.truePoint.north + before.error.north)
            let fixAfter = LocalPoint(east: after.truePoint.east + after.error.east, north: after.truePoint.north + after.error.north)
            fixLength += fixAfter.distance(to: fixBefore)
        }
        return (trueLength, fixLength)
    }

    /// d log(error) / d log(accuracy) at the means, from the least-squares slope; nil when the accuracy hardly varies.
    private static func elasticity(errors: [Double], accuracies: [Double]) -> Double? {
        guard let meanAccuracy = Statistics.mean(accuracies), let meanError = Statistics.mean(errors),
              let deviation = Statistics.standardDeviation(accuracies),
              meanAccuracy > 0, meanError > 0, deviation >= 0.05 * meanAccuracy else { return nil }
        var covariance = 0.0
        var variance = 0.0
        for (error, accuracy) in zip(errors, accuracies) {
            covariance += (error - meanError) * (accuracy - meanAccuracy)
            variance += (accuracy - meanAccuracy) * (accuracy - meanAccuracy)
        }
        return covariance / variance * meanAccuracy / meanError
    }

    /// The lag, in fixes and interpolated, at which the two axes' joint autocorrelation falls to 1/e.
    private static func decorrelationLag(_ east: [Double], _ north: [Double]) -> Double? {
        let energy = zip(east, north).reduce(0) { $0 + $1.0 * $1.0 + $1.1 * $1.1 }
        guard energy > 0 else { return nil }
        let threshold = exp(-1.0)
        var previous = 1.0
        for lag in 1...max(1, min(east.count / 2, longestLagFixes)) {
            var sum = 0.0
            for index in 0..<(east.count - lag) {
                sum += east[index] * east[index + lag] + north[index] * north[index + lag]
            }
            let correlation = sum / energy
            if correlation < threshold {
                return Double(lag - 1) + (previous - threshold) / (previous - correlation)
            }
            previous = correlation
        }
        return nil
    }
}
