import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchCalibration
@testable import TrackBenchReports
import TrackBenchTestSupport
@testable import TrackBenchSimulation

/// `calibrate` recovers a profile it knows: a simulated phone written as a recording, its true path as the truth.
struct SignalCalibrationTests {
    /// The profile the "phone" was simulated with: conservative accuracy, slow drift, freezing, lagging.
    private static let phone = SignalProfile(
        name: "phone",
        horizontalAccuracyMeanMeters: 6, horizontalAccuracyDeviationMeters: 1.5,
        verticalAccuracyMeanMeters: 4, verticalAccuracyDeviationMeters: 0.5,
        fixIntervalMeanSeconds: 1, fixIntervalDeviationSeconds: 0.05,
        warmUpFixes: 0, warmUpAccuracyFactor: 1,
        driftTimeConstantSeconds: 20, jitterMeters: 0.2,
        speedDeviationMetersPerSecond: 0.3, courseDeviationDegrees: 8,
        errorToAccuracyRatio: 0.4, accuracyTracking: 0, stoppedErrorMotionFactor: 0.1, alongTrackBiasMeters: -1
    )

    /// The phone simulated on a path, written as CSV recordings and read back: a replay as from real files.
    /// With `firstSeconds`, only that many seconds from the start are kept of both.
    private static func replay(_ scenario: Scenario, seed: UInt64, firstSeconds: Double = .infinity) -> RecordingReplay {
        let simulated = scenario.simulate(seed: seed)
        func start(of path: Path) -> Path {
            Path(path.fixes.filter { $0.timestampSeconds - path.fixes[0].timestampSeconds <= firstSeconds })
        }
        let fixes = try! Recording.read(Data(PathCSV.render(start(of: simulated.noisyPath)).utf8), file: "noisy.csv")
        let truth = try! Recording.read(Data(PathCSV.render(start(of: simulated.truePath)).utf8), file: "true.csv")
        return try! RecordingReplay(id: scenario.id, fixes: fixes, truth: truth)
    }

    /// The simulations' median of `value` over the recording's: the table's *simulated / measured*.
    private static func simulatedOverMeasured(_ check: SignalCalibration, _ value: (ErrorStatistics) -> Double?) throws -> Double {
        var simulated = check.simulated.compactMap(value)
        return try #require(Statistics.percentile(&simulated, 0.5)) / #require(value(check.measured))
    }

    /// Calibrates from the phone simulated on a 10 km out-and-back with a 10-minute stop, through the CSV reader.
    private static let calibration: SignalCalibration = {
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 10_000, speedMetersPerSecond: 2, stopSeconds: 600, signal: phone, origin: Fixtures.frame.origin)
        return try! SignalCalibration(replay: replay(scenario, seed: 3), name: "fitted", seeds: SeedRange(first: 100, last: 104)!)
    }()

    @Test func aProfileFittedOnOneRouteReproducesAnotherRoutesStatistics() throws {
        // The same phone on another route (a 3 km loop at 3 m/s with a 2-minute stop), checked against the profile
        // fitted on the out-and-back: the judged use of calibrate. The profile's spreads say how other drives of a
        // phone differ (error size 100 %): as given, the loop's statistics lie within its ten seeds' range; without
        // them, their median is the loop's.
        let loop = Scenario(
            pathType: .loop, distanceMeters: 3000, speedMetersPerSecond: 3, stopSeconds: 120, signal: Self.phone, origin: Fixtures.frame.origin)
        let seeds = SeedRange(first: 100, last: 109)!
        let covered = try SignalCalibration(replay: Self.replay(loop, seed: 11), comparing: Self.calibration.profile, seeds: seeds)
        #expect(!covered.isFitted && covered.profile == Self.calibration.profile)
        for (name, value) in [("error SD", \ErrorStatistics.errorDeviationMeters), ("step median", \ErrorStatistics.stepMedianMeters)] {
            let range = covered.simulated.map { $0[keyPath: value] }
            #expect(range.min()! <= covered.measured[keyPath: value] && covered.measured[keyPath: value] <= range.max()!, "\(name) not covered")
        }
        let check = try SignalCalibration(replay: Self.replay(loop, seed: 11), comparing: Self.calibration.profile.withoutSpreads, seeds: seeds)
        let statistics: [(String, (ErrorStatistics) -> Double)] = [
            ("error SD", { $0.errorDeviationMeters }), ("step median", { $0.stepMedianMeters }),
        ]
        for (name, value) in statistics {
            var simulated = check.simulated.map(value)
            let median = Statistics.percentile(&simulated, 0.5)!
            let ratio = median / value(check.measured)
            #expect(ratio > 1 / 1.5 && ratio < 1.5, "\(name): simulated \(median), measured \(value(check.measured))")
        }
        var decorrelations = check.simulated.compactMap(\.decorrelationSeconds)
        let decorrelation = Statistics.percentile(&decorrelations, 0.5)!
        let measured = try #require(check.measured.decorrelationSeconds)
        #expect(
            decorrelation / measured > 1 / 1.5 && decorrelation / measured < 1.5, "decorrelation: simulated \(decorrelation), measured \(measured)")
    }

    @Test func recoversTheErrorSizeApartFromTheReportedAccuracy() {
        let fitted = Self.calibration.profile
        #expect(abs(fitted.horizontalAccuracyMeanMeters - 6) < 0.5)
        #expect(abs(fitted.errorToAccuracyRatio - 0.4) < 0.1, "ratio \(fitted.errorToAccuracyRatio)")
        #expect(fitted.accuracyTracking < 0.5, "tracking \(fitted.accuracyTracking)")
    }

    @Test func recoversTheTimeBehaviour() {
        let fitted = Self.calibration.profile
        #expect(fitted.driftTimeConstantSeconds > 10 && fitted.driftTimeConstantSeconds < 40, "time constant \(fitted.driftTimeConstantSeconds) s")
        #expect(abs(fitted.jitterMeters - 0.2) < 0.1, "jitter \(fitted.jitterMeters) m")
        #expect(fitted.stoppedErrorMotionFactor < 0.3, "stopped factor \(fitted.stoppedErrorMotionFactor)")
        #expect(abs(fitted.alongTrackBiasMeters + 1) < 0.5, "bias \(fitted.alongTrackBiasMeters) m")
        #expect(abs(fitted.fixIntervalMeanSeconds - 1) < 0.01)
        #expect(abs(fitted.speedDeviationMetersPerSecond - 0.3) < 0.05)
    }

    @Test func recoversAFrozenPhonesReleasesAtAStopAndTheirPathLength() throws {
        // The phone frozen harder (1 %) but letting go a fifth of the stopped time, 3 s at a time, over a 10-minute
        // stop: the fit reads the share of stopped steps as long as moving ones over the share of moving steps that
        // long, and the runs' length; simulated, the stop moves the fix as the recording's does.
        var releasing = Self.phone
        releasing.stoppedErrorMotionFactor = 0.01
        releasing.stoppedReleasePercent = 20
        releasing.stoppedReleaseSeconds = 3
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 4000, speedMetersPerSecond: 2, stopSeconds: 600, signal: releasing, origin: Fixtures.frame.origin)
        let calibration = try SignalCalibration(replay: Self.replay(scenario, seed: 3), name: "releasing", seeds: SeedRange(first: 100, last: 109)!)
        let fitted = calibration.profile
        #expect(abs(fitted.stoppedReleasePercent - 20) < 7, "share \(fitted.stoppedReleasePercent) %")
        #expect(abs(fitted.stoppedReleaseSeconds - 3) < 1.5, "release \(fitted.stoppedReleaseSeconds) s")
        #expect(calibration.notes.contains { $0.hasPrefix("a phone frozen at stops lets go") })
        let measured = try #require(calibration.measured.stoppedReleasePercent)
        var shares = calibration.simulated.compactMap(\.stoppedReleasePercent)
        let share = try #require(Statistics.percentile(&shares, 0.5))
        #expect(share / measured > 1 / 1.5 && share / measured < 1.5, "released steps: simulated \(share) %, measured \(measured) %")
        var lengths = calibration.simulated.map(\.lengthErrorPercent)
        let length = try #require(Statistics.percentile(&lengths, 0.5))
        let measuredLength = calibration.measured.lengthErrorPercent
        #expect(length / measuredLength > 1 / 1.5 && length / measuredLength < 1.5, "path: simulated \(length) %, measured \(measuredLength) %")
        #expect(Self.calibration.profile.stoppedReleasePercent == 0, "the phone that never lets go is fitted no releases")
    }

    @Test func simulationWithTheFittedProfileReproducesTheMeasuredStatisticsWithinAFactorOfOnePointFive() {
        let measured = Self.calibration.measured
        let statistics: [(String, (ErrorStatistics) -> Double?)] = [
            ("error SD", { $0.errorDeviationMeters }),
            ("decorrelation", { $0.decorrelationSeconds }),
            ("step median", { $0.stepMedianMeters }),
        ]
        for (name, value) in statistics {
            var simulated = Self.calibration.simulated.compactMap(value)
            let median = Statistics.percentile(&simulated, 0.5)!
            let ratio = median / value(measured)!
            #expect(ratio > 1 / 1.5 && ratio < 1.5, "\(name): simulated \(median), measured \(value(measured)!)")
        }
    }

    @Test func aPhoneWithoutTailsIsSaidToShowNone() {
        #expect(Self.calibration.profile.hasErrorTails == false)
        #expect(Self.calibration.notes.contains { $0.hasPrefix("no step tail or multipath regime") })
    }

    /// A phone whose error sits 3 m off in one direction (no lag; seed 6 draws it 1.8 m behind and 1.2 m left of
    /// the route on average), calibrated from 15 minutes north, east, north (three legs of a `turns` route, whose
    /// directions' mean vector is 0.75 long).
    private static let oneWayCalibration: SignalCalibration = {
        var offset = phone
        offset.alongTrackBiasMeters = 0
        offset.fixedOffsetMeters = 3
        let scenario = Scenario(pathType: .turns, distanceMeters: 12_000, speedMetersPerSecond: 10, signal: offset, origin: Fixtures.frame.origin)
        return try! SignalCalibration(
            replay: replay(scenario, seed: 6, firstSeconds: 900), name: "one-way", seeds: SeedRange(first: 100, last: 109)!)
    }()

    @Test func aPhoneThatLagsOnlyWhileMovingIsFittedItsMovingLagNotOneDilutedByItsStops() throws {
        // A loop (the bias and the offset told apart) with a 20-minute stop, the phone 1.5 m behind while moving and
        // on the spot at the stop, as a lag at speed is: the along-track mean the table compares is the moving fixes',
        // and so is the fit (-1.45 m). With the stopped fixes in the least squares at their last direction, the bias
        // came out -1.17 m.
        var phone = Self.phone
        phone.alongTrackBiasMeters = 0
        phone.errorToAccuracyRatio = 0.1
        let scenario = Scenario(
            pathType: .loop, distanceMeters: 6000, speedMetersPerSecond: 2, stopSeconds: 1200, signal: phone, origin: Fixtures.frame.origin)
        let simulated = scenario.simulate(seed: 4)
        let noisy = zip(simulated.noisyPath.fixes, simulated.truePath.fixes).map { fix, truth -> LocationFix in
            guard truth.speedMetersPerSecond > 0, truth.courseDegrees >= 0 else { return fix }
            var lagging = fix
            let behind = LocalPoint.direction(courseDegrees: truth.courseDegrees)
            let point = Fixtures.frame.point(for: fix.coordinate)
            let moved = Fixtures.frame.coordinate(for: LocalPoint(east: point.east - 1.5 * behind.east, north: point.north - 1.5 * behind.north))
            lagging.latitude = moved.latitude
            lagging.longitude = moved.longitude
            return lagging
        }
        let fixes = try Recording.read(Data(PathCSV.render(Path(noisy)).utf8), file: "noisy.csv")
        let truth = try Recording.read(Data(PathCSV.render(simulated.truePath).utf8), file: "true.csv")
        let check = try SignalCalibration(
            replay: RecordingReplay(id: "lag", fixes: fixes, truth: truth), name: "lag", seeds: SeedRange(first: 100, last: 104)!)
        #expect(check.notes.contains { $0.contains("told apart by the route's directions") })
        #expect(abs(check.profile.alongTrackBiasMeters + 1.5) < 0.15, "bias \(check.profile.alongTrackBiasMeters) m")
    }

    @Test func onAMostlyOneWayDriveTheAlongTrackMeanIsTheBiasSoSimulationsLagAsTheDriveDoes() throws {
        // The offset shows an along-track mean the simulations must reproduce; split by least squares it all went to
        // the fixed offset, which each simulated run points its own way, so their along-track mean came out near 0.
        // The fit now says the split is not separable and keeps the along-track mean as the bias.
        let calibration = Self.oneWayCalibration
        #expect(calibration.notes.contains { $0.contains("not separable: the route runs mostly one way") })
        let measured = try #require(calibration.measured.alongTrackMeanMeters)
        #expect(abs(measured) > 1, "along-track mean \(measured)")
        #expect(abs(calibration.profile.alongTrackBiasMeters - measured) < 0.3, "bias \(calibration.profile.alongTrackBiasMeters), mean \(measured)")
        var simulated = calibration.simulated.compactMap(\.alongTrackMeanMeters)
        let median = try #require(Statistics.percentile(&simulated, 0.5))
        #expect(median / measured > 1 / 1.5 && median / measured < 1.5, "along-track mean: simulated \(median), measured \(measured)")
    }

    @Test func simulationsOfTheFittedDriveHoldItsOffsetSoTheyKeepItsAlongAndCrossTrackMeans() throws {
        // The phone's error sits 3 m off in the direction its seed drew. On a route that runs mostly one way the bias
        // takes the along-track mean and the offset, across the route's mean direction, the cross-track mean. The
        // profile keeps the offset's length, as runs on other routes draw their own direction; the table's runs on
        // this drive hold the drive's, so each run's along- and cross-track means lie near the recording's.
        let calibration = Self.oneWayCalibration
        guard case let .timed(track) = calibration.replay.truth else {
            Issue.record("the replay's truth has no times")
            return
        }
        func means(_ path: Path) -> (along: Double, cross: Double) {
            var sums = (along: 0.0, cross: 0.0, count: 0.0)
            for sample in SignalCalibration.samples(of: path, on: track, in: calibration.replay.frame) {
                guard let direction = sample.direction else { continue }
                sums.along += sample.error.east * direction.east + sample.error.north * direction.north
                sums.cross += sample.error.east * direction.north - sample.error.north * direction.east
                sums.count += 1
            }
            return (sums.along / max(1, sums.count), sums.cross / max(1, sums.count))
        }
        let measured = means(calibration.replay.fixes)
        #expect(abs(measured.along) > 1 && abs(measured.cross) > 1, "along- and cross-track means \(measured)")
        #expect(calibration.notes.contains { $0.contains("the runs simulated on this recording hold the offset that way") })
        let held = calibration.simulatedFixes.map(means)
        let heldFar = held.filter { abs($0.along - measured.along) > 1 || abs($0.cross - measured.cross) > 1 }
        #expect(held.count == 10 && heldFar.isEmpty, "runs' means \(held), the recording's \(measured)")
        let compared = try SignalCalibration(replay: calibration.replay, comparing: calibration.profile, seeds: calibration.seeds)
        let drawn = compared.simulatedFixes.map(means).filter { abs($0.cross - measured.cross) > 1 }
        #expect(drawn.count >= 3, "a compared profile's runs draw their own directions: \(drawn.count) of 10 far from the cross-track mean")
    }

    /// The phone with a multipath regime and a step tail, calibrated from a 10 km out-and-back at 2 m/s.
    private static let tailedCalibration: SignalCalibration = {
        var tailed = phone
        tailed.multipathOffsetMeters = 1
        tailed.multipathDwellSeconds = 8
        tailed.stepTailProbability = 0.03
        tailed.stepTailMeters = 1.5
        let scenario = Scenario(pathType: .outAndBack, distanceMeters: 10_000, speedMetersPerSecond: 2, signal: tailed, origin: Fixtures.frame.origin)
        return try! SignalCalibration(replay: replay(scenario, seed: 4), name: "tailed", seeds: SeedRange(first: 100, last: 109)!)
    }()

    @Test func recoversTheMultipathRegimeAndTheStepTail() {
        let fitted = Self.tailedCalibration.profile
        #expect(abs(fitted.multipathOffsetMeters - 1) < 0.3, "offset \(fitted.multipathOffsetMeters) m")
        #expect(abs(fitted.multipathDwellSeconds - 8) < 4, "dwell \(fitted.multipathDwellSeconds) s")
        #expect(abs(fitted.stepTailProbability - 0.03) < 0.01, "tail probability \(fitted.stepTailProbability)")
        #expect(abs(fitted.stepTailMeters - 1.5) < 0.4, "tail \(fitted.stepTailMeters) m")
        #expect(Self.tailedCalibration.notes.contains { $0.hasPrefix("multipath regime:") })
        #expect(Self.tailedCalibration.notes.contains { $0.hasPrefix("step tail:") })
    }

    @Test func aTailedPhonesStepTailAndPathLengthAreReproducedWithinAFactorOfOnePointFive() {
        let check = Self.tailedCalibration
        let statistics: [(String, (ErrorStatistics) -> Double?)] = [
            ("error SD", { $0.errorDeviationMeters }),
            ("decorrelation", { $0.decorrelationSeconds }),
            ("step median", { $0.stepMedianMeters }),
            ("step p95", { $0.step95thPercentileMeters }),
            ("path length", { $0.lengthErrorPercent }),
        ]
        for (name, value) in statistics {
            var simulated = check.simulated.compactMap(value)
            let median = Statistics.percentile(&simulated, 0.5)!
            let ratio = median / value(check.measured)!
            #expect(ratio > 1 / 1.5 && ratio < 1.5, "\(name): simulated \(median), measured \(value(check.measured)!)")
        }
    }

    @Test func aPhoneWhoseErrorSwellsNowAndThenIsFittedSwellsThatReproduceItsP95() throws {
        // The phone with swells of 20 m over 40 s, twelve an hour, on a drive of 50 minutes: the fit counts the runs
        // beyond the excursion threshold (8.5 m here, five robust deviations) and reads their peaks and lengths back,
        // and the simulations' error p95, which the swells set, is the recording's. The phone without any is fitted
        // none.
        var swelling = Self.phone
        swelling.excursionsPerHour = 12
        swelling.excursionMeters = 20
        swelling.excursionSeconds = 40
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 36_000, speedMetersPerSecond: 12, signal: swelling, origin: Fixtures.frame.origin)
        let check = try SignalCalibration(replay: Self.replay(scenario, seed: 2), name: "swelling", seeds: SeedRange(first: 100, last: 109)!)
        let fitted = check.profile
        #expect(fitted.excursionsPerHour > 6 && fitted.excursionsPerHour < 18, "\(fitted.excursionsPerHour) an hour")
        #expect(abs(fitted.excursionMeters - 20) < 4, "peaks of \(fitted.excursionMeters) m")
        #expect(abs(fitted.excursionSeconds - 40) < 12, "over \(fitted.excursionSeconds) s")
        #expect(check.notes.contains { $0.contains("fitted as swells of the error") }, "\(check.notes)")
        let ratio = try Self.simulatedOverMeasured(check) { $0.error95thPercentileMeters }
        #expect(ratio > 1 / 1.5 && ratio < 1.5, "error p95: simulated over measured \(ratio)")
        #expect(check.measured.excursionPercent > 0 && check.simulated.contains { $0.excursionPercent > 0 })
        #expect(Self.calibration.profile.excursionsPerHour == 0 && Self.calibration.measured.excursionPercent == 0)
    }

    @Test func aPhoneWhoseErrorCreepsAndSnapsBackIsFittedACreepWhoseStepsAreItsOwn() throws {
        // No jitter, the whole drift creeping at a steady velocity and resetting every 40 s on average, on a drive of
        // 40 minutes: a drift of that size and decorrelation would step about twice as far, so the fit creeps, and
        // the simulations' step median and decorrelation are the recording's. The jittery phone is fitted no creep.
        var creeping = Self.phone
        creeping.jitterMeters = 0
        creeping.creepShare = 1
        creeping.creepResetSeconds = 40
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 36_000, speedMetersPerSecond: 15, signal: creeping, origin: Fixtures.frame.origin)
        let check = try SignalCalibration(replay: Self.replay(scenario, seed: 6), name: "creeping", seeds: SeedRange(first: 100, last: 109)!)
        #expect(check.profile.creepShare > 0.5, "creepShare \(check.profile.creepShare): \(check.notes)")
        #expect(check.profile.creepResetSeconds > 20 && check.profile.creepResetSeconds < 80, "\(check.profile.creepResetSeconds) s")
        #expect(check.notes.contains { $0.hasPrefix("creep: ") })
        let stepRatio = try Self.simulatedOverMeasured(check) { $0.movingStepMedianMeters }
        #expect(stepRatio > 1 / 1.5 && stepRatio < 1.5, "step median: simulated over measured \(stepRatio)")
        let lagRatio = try Self.simulatedOverMeasured(check) { $0.decorrelationSeconds }
        #expect(lagRatio > 1 / 1.5 && lagRatio < 1.5, "decorrelation: simulated over measured \(lagRatio)")
        #expect(Self.calibration.profile.creepShare == 0 && !Self.calibration.notes.contains { $0.hasPrefix("creep: ") })
    }

    @Test func anErrorThatRunsAwayAndSnapsBackIsNotFittedAsASwell() throws {
        // Twice the fixes run off 4 m a second for 10 s and come back in one step, as the GSDC Pixel 4 XL's did (10 m a
        // second to 75 m): the step back, over 5 m, makes each a jump's kind, not a swell of the error that rises and
        // falls.
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 20_000, speedMetersPerSecond: 10, signal: Self.phone, origin: Fixtures.frame.origin)
        let simulated = scenario.simulate(seed: 5)
        var noisy = simulated.noisyPath.fixes
        for start in [600, 1400] {
            for second in 1...10 { noisy[start + second].latitude += 4 * Double(second) / 111_320 }
        }
        let fixes = try Recording.read(Data(PathCSV.render(Path(noisy)).utf8), file: "noisy.csv")
        let truth = try Recording.read(Data(PathCSV.render(simulated.truePath).utf8), file: "true.csv")
        let check = try SignalCalibration(
            replay: RecordingReplay(id: "runaway", fixes: fixes, truth: truth), name: "runaway", seeds: SeedRange(first: 100, last: 104)!)
        #expect(check.measured.excursionPercent > 0)
        #expect(check.profile.excursionsPerHour == 0, "\(check.notes)")
    }

    @Test func aDriftLeftASliverOfTheVarianceIsFittedATimeConstantAScenarioFileTakes() throws {
        // The library's Pixel 4 XL simulated on a 12 km loop at 15 m/s (seed 1): its jitter and multipath offsets leave
        // the drift so little variance that it would have to stay all but whole at the decorrelation lag, which
        // fitted 9.6 million seconds, and calibrate failed on its own profile being out of range.
        let library = Fixtures.shippedSuite("Scenarios/phones.json")
        let phone = try #require(library.signals.first { $0.name == "pixel4xl" })
        let scenario = Scenario(pathType: .loop, distanceMeters: 12_000, speedMetersPerSecond: 15, signal: phone, origin: library.origin)
        let check = try SignalCalibration(replay: Self.replay(scenario, seed: 1), name: "sliver", seeds: SeedRange(first: 100, last: 101)!)
        #expect(check.profile.driftTimeConstantSeconds < 600, "minutes at most, not millions of seconds: \(check.profile.driftTimeConstantSeconds) s")
    }

    @Test func theTailsAreScaledUntilTheSimulatedStepP95IsTheMeasured() throws {
        // A phone whose steps are 1 cm for the first half of the drive and 15 cm for the second, as a chipset's
        // smoothing changes with conditions: many of the rough half's steps exceed three median steps, the fit reads
        // them as multipath switches, and offsets of the size read from them leave the simulated step p95 at 0.83
        // times the measured (1.3-1.7 times on the WHU Mi 8, 0.7-0.8 on the Huaweis). The drift's refit rounds scale
        // the tails until the simulations' p95 is the recording's.
        var smooth = Self.phone
        smooth.fixIntervalDeviationSeconds = 0
        smooth.jitterMeters = 0.01
        var rough = smooth
        rough.jitterMeters = 0.15
        func simulated(_ signal: SignalProfile) -> SimulatedScenario {
            Scenario(pathType: .outAndBack, distanceMeters: 10_000, speedMetersPerSecond: 10, signal: signal, origin: Fixtures.frame.origin)
                .simulate(seed: 6)
        }
        let (calm, jumpy) = (simulated(smooth), simulated(rough))
        let half = calm.noisyPath.count / 2
        let noisy = Path(Array(calm.noisyPath.fixes[..<half] + jumpy.noisyPath.fixes[half...]))
        let fixes = try Recording.read(Data(PathCSV.render(noisy).utf8), file: "noisy.csv")
        let truth = try Recording.read(Data(PathCSV.render(calm.truePath).utf8), file: "true.csv")
        let check = try SignalCalibration(
            replay: RecordingReplay(id: "halves", fixes: fixes, truth: truth), name: "halves", seeds: SeedRange(first: 100, last: 109)!)
        let ratio = try Self.simulatedOverMeasured(check) { $0.step95thPercentileMeters }
        #expect(ratio > 0.9 && ratio < 1.1, "step p95: simulated over measured \(ratio)")
        #expect(check.notes.contains { $0.hasPrefix("the tails' sizes scaled by") })
    }

    @Test func aChipsetThatCutsCornersIsFittedSoSimulatedPathsAreAsShort() throws {
        // A phone (error 6 m, steps 0.3 m), its chipset smoothing over 2 s, drives 15 minutes round a circle of 100 m
        // at 6 m/s: it cuts inside by 1 - 1 / (1 + 0.12²), and its path comes out about 1.4 % shorter than the truth.
        // Without smoothing, simulations' paths would be longer; the fit finds the time constant that shortens them
        // as much, its offsets (1.4 m) within a quarter of the error.
        var smoothing = Self.phone
        smoothing.errorToAccuracyRatio = 1
        smoothing.jitterMeters = 0.3
        smoothing.chipsetSmoothingSeconds = 2
        let times = (0...4500).map { Double($0) / 5 }
        let track = TimedTrack(times: times, points: times.map { LocalPoint(east: 100 * cos($0 * 0.06), north: 100 * sin($0 * 0.06)) })
        let simulated = track.simulate(signal: smoothing, in: Fixtures.frame, seed: 5, streamName: "circle")
        let fixes = try Recording.read(Data(PathCSV.render(simulated.noisyPath).utf8), file: "noisy.csv")
        let truth = try Recording.read(Data(PathCSV.render(simulated.truePath).utf8), file: "true.csv")
        let calibration = try SignalCalibration(
            replay: RecordingReplay(id: "circle", fixes: fixes, truth: truth), name: "smooth", seeds: SeedRange(first: 100, last: 109)!)
        #expect(calibration.measured.lengthErrorPercent < -0.7, "measured \(calibration.measured.lengthErrorPercent) %")
        let fitted = calibration.profile.chipsetSmoothingSeconds
        #expect(fitted > 1.5 && fitted < 2.5, "fitted \(fitted) s")
        #expect(calibration.notes.contains { $0.hasPrefix("chipsetSmoothingSeconds") })
        let ratio = try Self.simulatedOverMeasured(calibration) { $0.lengthErrorPercent }
        #expect(ratio > 1 / 1.5 && ratio < 1.5, "path length ratio \(ratio)")
        #expect(calibration.profile.jsonText().contains("\"chipsetSmoothingSeconds\""))
        // A phone that does not smooth, its path's excess within the simulations' range, is fitted none.
        #expect(Self.calibration.profile.chipsetSmoothingSeconds == 0 && !Self.calibration.profile.jsonText().contains("chipsetSmoothing"))
    }

    @Test func aPathLengthExcessIndistinguishableFromZeroIsPrintedAsWithinNoiseNotAsARatio() {
        // 0.01 % measured with a noise floor of 0.08 %: a simulated 0.05 % is as good as it, 0.2 % is not.
        #expect(CalibrationReport.ratio(0.01, 0.05, noiseFloor: 0.08) == CalibrationReport.withinNoise)
        #expect(CalibrationReport.ratio(0.01, 0.2, noiseFloor: 0.08) == "20.00")
        // Beyond the floor, the ratio as for any statistic.
        #expect(CalibrationReport.ratio(0.5, 0.52, noiseFloor: 0.08) == "1.04")
        #expect(CalibrationReport.ratio(0.5, 0.52, noiseFloor: nil) == "1.04")
        #expect(CalibrationReport.ratio(0, 0.52, noiseFloor: nil) == "")
        // The floor: sqrt(2) x the error SD per axis over the truth's length (the 10 km out-and-back).
        let measured = Self.calibration.measured
        let floorMeters = measured.lengthNoiseFloorPercent / 100 * 10_000
        #expect(abs(floorMeters - 2.squareRoot() * measured.errorDeviationMeters) < 0.05 * measured.errorDeviationMeters, "\(floorMeters) m")
    }

    @Test func aPhoneStillSettlingAtTheStartIsLeftOutAndSaidSoInsteadOfFittedAsAJump() throws {
        // The phone's first three fixes 25, 12 and 6 m behind, as a phone just started converges (the WHU P20 on
        // BJ-1-07: 21, 6, 2 m): left out of every statistic, so no jump is fitted and the path is not lengthened.
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 4000, speedMetersPerSecond: 10, signal: Self.phone, origin: Fixtures.frame.origin)
        let simulated = scenario.simulate(seed: 7)
        var noisy = simulated.noisyPath.fixes
        for (index, behind) in [25.0, 12, 6].enumerated() {
            noisy[index].latitude -= behind / 111_320
        }
        let fixes = try Recording.read(Data(PathCSV.render(Path(noisy)).utf8), file: "noisy.csv")
        let truth = try Recording.read(Data(PathCSV.render(simulated.truePath).utf8), file: "true.csv")
        let replay = try RecordingReplay(id: "settling", fixes: fixes, truth: truth)
        let calibration = try SignalCalibration(replay: replay, name: "settling", seeds: SeedRange(first: 100, last: 104)!)
        #expect(calibration.notes.contains { $0.hasPrefix("the first 3 fixes (3 s, errors up to ") }, "\(calibration.notes)")
        #expect(calibration.measured.fixCount == noisy.count - 3)
        #expect(calibration.profile.faults.jumpProbability == 0)
        #expect(!calibration.notes.contains { $0.contains("fitted as faults") })
    }

    @Test func aRecordingWithoutStopsGivesAProfileThatFreezesAtStopsAsMeasuredPhonesDo() throws {
        // A highway drive has no stops to measure freezing on; a profile that kept drifting at the stops of a town
        // would lengthen its paths there, where phones hold still (the six public drives with stops: median 0.02).
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 6000, speedMetersPerSecond: 10, signal: Self.phone, origin: Fixtures.frame.origin)
        let calibration = try SignalCalibration(replay: Self.replay(scenario, seed: 8), name: "no-stops", seeds: SeedRange(first: 100, last: 102)!)
        #expect(calibration.profile.stoppedErrorMotionFactor == SignalCalibration.unmeasuredStoppedErrorMotionFactor)
        #expect(calibration.notes.contains { $0.hasPrefix("fewer than 10 fixes while stopped: stoppedErrorMotionFactor 0.02") })
        // With stops, it is measured.
        #expect(Self.calibration.profile.stoppedErrorMotionFactor != SignalCalibration.unmeasuredStoppedErrorMotionFactor)
    }

    @Test func theErrorSDLeavesOutAnAlongTrackBiasThatTurnsWithTheRoute() throws {
        // Every fix exactly 3 m behind the truth round a circle: the error turns with the route, yet it is all bias
        // (the along-track mean), so its spread about that is 0, and the bias is not counted twice.
        let samples = (0..<600).map { second -> ErrorStatistics.Sample in
            let angle = Double(second) * 0.02
            let course = (90 - angle * 180 / .pi).truncatingRemainder(dividingBy: 360)
            let direction = LocalPoint.direction(courseDegrees: course < 0 ? course + 360 : course)
            return ErrorStatistics.Sample(
                timeSeconds: Double(second), truePoint: LocalPoint(east: 100 * sin(angle), north: 100 * cos(angle)),
                error: LocalPoint(east: -3 * direction.east, north: -3 * direction.north), accuracyMeters: 5,
                trueSpeedMetersPerSecond: 2, trueCourseDegrees: course < 0 ? course + 360 : course)
        }
        let statistics = try #require(ErrorStatistics(samples: samples))
        #expect(abs(try #require(statistics.alongTrackMeanMeters) + 3) < 1e-6)
        #expect(statistics.errorDeviationMeters < 1e-6, "SD \(statistics.errorDeviationMeters) m")
    }

    @Test func anAlongTrackMeanWithinItsStandardErrorOfZeroIsPrintedAsWithinNoise() throws {
        // A phone without a bias on a 2 km out-and-back: its along-track mean is a few draws of its drift, and the
        // ratio of two such numbers says nothing. The floor is the standard error of the drive's mean.
        var unbiased = Self.phone
        unbiased.alongTrackBiasMeters = 0
        let scenario = Scenario(pathType: .outAndBack, distanceMeters: 2000, speedMetersPerSecond: 5, signal: unbiased, origin: Fixtures.frame.origin)
        let calibration = try SignalCalibration(replay: Self.replay(scenario, seed: 9), name: "unbiased", seeds: SeedRange(first: 100, last: 109)!)
        let measured = calibration.measured
        let moving = Double(measured.fixCount) * measured.fixIntervalMeanSeconds
        let decorrelation = try #require(measured.decorrelationSeconds)
        let expected = measured.errorDeviationMeters * (2 * decorrelation / moving).squareRoot()
        #expect(abs(measured.alongTrackNoiseMeters - expected) < 0.05 * expected, "\(measured.alongTrackNoiseMeters) m, about \(expected)")
        #expect(abs(try #require(measured.alongTrackMeanMeters)) < measured.alongTrackNoiseMeters)
        let text = CalibrationReport.render(calibration, fixesFile: "noisy.csv", truthFile: "true.csv")
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("along-track error mean (m)") })
        #expect(row.contains(CalibrationReport.withinNoise), "\(row)")
        #expect(text.contains("the standard error of the drive's mean"))
    }

    @Test func aJumpOrTwoIsWithinNoiseAndNoJumpsAtAllIsNoRatio() throws {
        // 900 steps: the floor is the share three steps over 5 m make. One jump measured (out and back, 2 steps) and
        // simulations with one or none: counts that small say nothing, where 40 steps against 10 do.
        var samples: [ErrorStatistics.Sample] = []
        for index in 0...900 {
            let jumped = index == 300
            samples.append(ErrorStatistics.Sample(
                timeSeconds: Double(index), truePoint: LocalPoint(east: 10 * Double(index), north: 0),
                error: LocalPoint(east: 0, north: jumped ? 20 : 0.01 * Double(index % 7)), accuracyMeters: 5,
                trueSpeedMetersPerSecond: 10, trueCourseDegrees: 90
            ))
        }
        let statistics = try #require(ErrorStatistics(samples: samples))
        #expect(abs(statistics.jumpStepNoisePercent - 100 * 3 / 900) < 1e-9)
        #expect(abs(statistics.jumpStepPercent - 100 * 2 / 900) < 1e-9)
        let floor = statistics.jumpStepNoisePercent
        #expect(CalibrationReport.ratio(statistics.jumpStepPercent, 0, noiseFloor: floor) == CalibrationReport.withinNoise)
        let twice = 2 * statistics.jumpStepPercent
        #expect(CalibrationReport.ratio(statistics.jumpStepPercent, twice, noiseFloor: floor) == CalibrationReport.withinNoise)
        #expect(CalibrationReport.ratio(100 * 40 / 900, 100 * 10 / 900, noiseFloor: floor) == "0.25")
        #expect(CalibrationReport.ratio(0, 0, noiseFloor: floor) == "")
    }

    @Test func theTailsGrowForTheStepP95OnlyWhileTheLargestStepAllows() {
        // The WHU P20 on BJ-1-07: its step p95 asked the tails to grow 3.4 times, and they made steps of 3-4 m where
        // the phone's largest was 1.2 m. A round grows them as the p95 asks while the simulations' largest step is
        // small, no further than 1.5 times the recording's, and shrinks them when it is beyond.
        let power = SignalCalibration.tailRefitPower
        let asked = SignalCalibration.tailScaleStep(step95: (0.52, 0.40), largestStep: (1.2, 0.6))
        #expect(abs(asked - pow(0.52 / 0.40, power)) < 1e-12)
        let bounded = SignalCalibration.tailScaleStep(step95: (0.52, 0.40), largestStep: (1.2, 1.5))
        #expect(abs(bounded - pow(1.5 * 1.2 / 1.5, power)) < 1e-12 && bounded < asked)
        let shrunk = SignalCalibration.tailScaleStep(step95: (0.52, 0.40), largestStep: (1.2, 3.9))
        #expect(shrunk < 1)
    }

    @Test func aSlowDriftOnAShortDriveIsRefitUntilSimulationsDecorrelateAsItDoes() throws {
        // A drift of 90 s time constant over an 11-minute drive: the measured 1/e lag is cut short by the drive's
        // length (its mean removed takes the slowest part with it), and so is every simulation's: fitted as measured
        // (29 s, over 2.146), simulations would decorrelate faster than the drive. The refit rounds scale it.
        var slow = Self.phone
        slow.driftTimeConstantSeconds = 90
        slow.alongTrackBiasMeters = 0
        let scenario = Scenario(pathType: .outAndBack, distanceMeters: 13_000, speedMetersPerSecond: 20, signal: slow, origin: Fixtures.frame.origin)
        let calibration = try SignalCalibration(replay: Self.replay(scenario, seed: 21), name: "slow", seeds: SeedRange(first: 100, last: 129)!)
        let ratio = try Self.simulatedOverMeasured(calibration) { $0.decorrelationSeconds }
        #expect(ratio > 0.85 && ratio < 1.18, "decorrelation: simulated over measured \(ratio)")
    }

    @Test func theReportSaysWhetherTheRecordingFallsWithinTheSimulationsRange() {
        #expect(CalibrationReport.inRange(1.0, [0.9, 1.2], decimals: 2) == "in")
        #expect(CalibrationReport.inRange(1.3, [0.9, 1.2], decimals: 2) == "out")
        // Compared as printed: 1.204 shows as 1.20, inside a range that ends at 1.20.
        #expect(CalibrationReport.inRange(1.204, [0.9, 1.2], decimals: 2) == "in")
        #expect(CalibrationReport.inRange(nil, [0.9, 1.2], decimals: 2) == "")
        let text = CalibrationReport.render(Self.tailedCalibration, fixesFile: "noisy.csv", truthFile: "true.csv")
        let row = text.split(separator: "\n").first { $0.hasPrefix("error step 95th percentile (m)") }!
        #expect(row.hasSuffix(" in") || row.hasSuffix(" out"))
        #expect(text.contains("measured in range"))
    }

    @Test func printedProfileReadsBackAsTheProfileSimulated() throws {
        let profile = Self.calibration.profile
        let text = "{\"name\": \"t\", \"description\": \"\", \"origin\": {\"latitude\": 0, \"longitude\": 0}, \"pathTypes\": [\"loop\"], "
            + "\"distancesMeters\": [1000], \"speedsMetersPerSecond\": [2], \"stopsSeconds\": [0], \"signals\": [\(profile.jsonText())]}"
        let suite = try ScenarioSuite.decode(Data(text.utf8), file: "pasted.json")
        #expect(suite.signals == [profile])
        // The tails print only when fitted, and read back too.
        let tailed = Self.tailedCalibration.profile
        #expect(!profile.jsonText().contains("stepTail") && tailed.jsonText().contains("\"multipathDwellSeconds\""))
        let tailedText = text.replacingOccurrences(of: profile.jsonText(), with: tailed.jsonText())
        #expect(try ScenarioSuite.decode(Data(tailedText.utf8), file: "pasted.json").signals == [tailed])
    }

    @Test func fixesExactlyOnTheTruthFitNoErrorAndSaySo() throws {
        let scenario = Scenario(
            pathType: .loop, distanceMeters: 2000, speedMetersPerSecond: 2, stopSeconds: 60, signal: Self.phone, origin: Fixtures.frame.origin)
        let truth = try Recording.read(Data(PathCSV.render(scenario.simulate(seed: 1).truePath).utf8), file: "true.csv")
        let calibration = try SignalCalibration(
            replay: RecordingReplay(id: "perfect", fixes: truth, truth: truth), name: "perfect", seeds: SeedRange(100))
        #expect(calibration.profile.errorToAccuracyRatio == 0 && calibration.profile.jitterMeters == 0)
        #expect(calibration.notes.contains { $0.contains("no error to fit") })
        let text = CalibrationReport.render(calibration, fixesFile: "true.csv", truthFile: "true.csv")
        #expect(!text.contains("nan") && !text.contains("inf"))
    }

    @Test func aTruthWithoutTimesCannotBeCalibratedFrom() throws {
        let fixes = try Recording.read(
            Data("time,latitude,longitude,horizontalAccuracy\n0,37.0,-122.0,5\n1,37.00001,-122.0,5\n2,37.00002,-122.0,5\n".utf8), file: "fixes.csv")
        let route = try Recording.read(
            Data("<gpx><rte><rtept lat=\"37.0\" lon=\"-122.0\"/><rtept lat=\"37.001\" lon=\"-122.0\"/></rte></gpx>".utf8), file: "route.gpx")
        let replay = try RecordingReplay(id: "walk", fixes: fixes, truth: route)
        #expect(throws: SignalCalibration.CalibrationError.self) {
            try SignalCalibration(replay: replay, name: "x", seeds: SeedRange(100))
        }
    }
}
