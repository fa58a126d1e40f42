/// Signal conditions: the statistics the noise model draws a noisy path from.
///
/// Profiles are data in the scenario file, so a team can recalibrate them
/// against its own devices without touching code. All lengths are metres, all
/// times seconds; "deviation" is a standard deviation.
@usableFromInline package struct SignalProfile: Sendable, Hashable {
    /// The profile's name as used in scenario ids, for example `weak`.
    package var name: String
    /// Mean reported horizontal accuracy (2-D RMS radius), in metres.
    package var horizontalAccuracyMeanMeters: Double
    /// Deviation of the reported horizontal accuracy over time, in metres.
    package var horizontalAccuracyDeviationMeters: Double
    /// Mean reported vertical accuracy, in metres.
    package var verticalAccuracyMeanMeters: Double
    /// Deviation of the reported vertical accuracy, in metres.
    package var verticalAccuracyDeviationMeters: Double
    /// Mean time between fixes, in seconds (1.0 on phones logging at 1 Hz).
    package var fixIntervalMeanSeconds: Double
    /// Deviation of the time between fixes, in seconds (0.131 measured).
    package var fixIntervalDeviationSeconds: Double
    /// How many fixes at the start of a run have inflated accuracy.
    package var warmUpFixes: Int
    /// Accuracy multiplier on the first fix; it falls linearly to 1 over `warmUpFixes`.
    package var warmUpAccuracyFactor: Double
    /// Time constant of the slowly drifting receiver error, in seconds.
    ///
    /// The error's autocorrelation falls to 1/e after about 2.15 time constants.
    package var driftTimeConstantSeconds: Double
    /// Deviation per axis of the independent per-fix jitter, in metres.
    package var jitterMeters: Double
    /// Deviation of the reported speed around the true speed, in metres per second.
    package var speedDeviationMetersPerSecond: Double
    /// Deviation of the reported course around the true course, in degrees.
    package var courseDeviationDegrees: Double
    /// The true error's size as a multiple of the reported accuracy (dimensionless; 1 by default).
    ///
    /// The 2-D RMS error is this ratio times the accuracy. Real phones do not
    /// report their error honestly: clean traces measured 0.2-0.5 (the phone is
    /// conservative), jumpy ones above 1 (optimistic).
    package var errorToAccuracyRatio: Double
    /// How far the true error follows the reported accuracy's wandering, from 0 to 1 (1 by default).
    ///
    /// At 1 the error scales with each fix's reported accuracy; at 0 its size
    /// is fixed by the mean accuracy and the reported accuracy wanders on its
    /// own, as measured on real phones, which report a near-constant accuracy
    /// whatever their error does.
    package var accuracyTracking: Double
    /// How much the error moves while the runner stands still, as a fraction of its motion while moving (1 by default).
    ///
    /// Phones freeze their output when they detect no motion: the measured
    /// fix-to-fix change while stopped was 0.01-0.14 m against 0.15-0.40 m while
    /// moving. 0 freezes the error completely; 1 lets it move as usual.
    package var stoppedErrorMotionFactor: Double
    /// The share of the time stopped in which the error moves as when moving, in percent (0 by default).
    ///
    /// A phone that freezes at a stop lets go now and then: on the WHU urban drives 2-20 % of the stopped steps of
    /// phones frozen at a median of 1 mm moved as far as a moving step, in runs of 1-3.5 s, and the fixes' wandering
    /// at stops made up to 15 m of a drive's path excess. Each stop starts released with this probability, and the
    /// error then lets go and freezes again at random, in releases of `stoppedReleaseSeconds` on average, so that
    /// this share of the stopped fixes is released. Released, the error moves as when moving. 0 keeps every stop
    /// at `stoppedErrorMotionFactor`.
    package var stoppedReleasePercent: Double
    /// The mean length of one release of a stopped phone's error (`stoppedReleasePercent`), in seconds (2 by default).
    package var stoppedReleaseSeconds: Double
    /// The mean error along the direction of travel, in metres (0 by default).
    ///
    /// Negative means fixes lag behind the truth, positive that they lead;
    /// along the true course while moving and along the last one while
    /// stopped (a frozen fix keeps its error). Measured -0.24 to +1.54 m.
    package var alongTrackBiasMeters: Double
    /// The size of an error that holds for the whole run, in metres (0 by default), in a direction each run draws.
    ///
    /// A drive's error need not average to zero: per-axis means up to 1.2 m were measured on clean phone drives and
    /// 3.4 m on a multipath one, where fewer than 3 % of fixes came within the reported accuracy. It moves every fix
    /// alike, so it leaves path lengths as they are.
    package var fixedOffsetMeters: Double
    /// Time constant of the chipset's own position filter, in seconds (0 by default: none).
    ///
    /// Chipsets smooth their fixes: on turns they cut inside the true path, so a driving phone's path can come out
    /// shorter than the truth (up to 0.04 % shorter over the 72 WHU Beijing logs) where noise alone only lengthens it.
    /// Applied to the true track before any error, across the track only (no lag on straights); see
    /// `ChipsetSmoother`. `calibrate` fits it to the recording's path-length excess.
    package var chipsetSmoothingSeconds: Double
    /// Deviation of the slow swing of the GPS altitude, in metres (0 by default: no swing).
    ///
    /// GPS altitude can swing 50 m while standing still, and the reported
    /// vertical accuracy does not reflect it (a published comparison of
    /// smoothing filters on real phone tracks, Docs/sources.md): the swing is its own slowly drifting process,
    /// added to the altitude error the vertical accuracy describes, never
    /// slowed by a stop, and not reported in `verticalAccuracyMeters`. Swings
    /// from lowest to highest span about three deviations over an hour at a 300 s time constant.
    package var altitudeSwingMeters: Double
    /// Time constant of the altitude swing, in seconds (600 by default).
    package var altitudeSwingTimeConstantSeconds: Double
    /// Deviation of the independent per-fix altitude jitter, in metres (0 by default).
    ///
    /// The fix-to-fix wobble that makes a raw GPS track climb on level ground:
    /// every small rise adds to the elevation gain, and nothing subtracts.
    package var altitudeJitterMeters: Double
    /// The probability that a fix is an outlier, from 0 to 1 (0 by default: no step tail).
    ///
    /// Measured error steps have a heavier tail than drift plus normal jitter
    /// give (p95 / p50 of 5.2 and 4.9 on two public phone drives, Docs/calibration.md):
    /// an outlier fix is displaced by an extra normal error of deviation
    /// `stepTailMeters` per axis, for that fix only. `calibrate` measures it as
    /// the share of fixes whose step out and step back both exceed three
    /// median steps.
    @usableFromInline package var stepTailProbability: Double
    /// Deviation per axis of an outlier fix's extra error, in metres (0 by default).
    @usableFromInline package var stepTailMeters: Double
    /// Deviation per axis of the multipath offset, in metres (0 by default: no multipath regime).
    ///
    /// Reflections put the error at an offset that persists, then switches to
    /// another: the error sits on plateaus joined by steps much larger than the
    /// steps along a plateau. `calibrate` measures the offsets from the steps
    /// between plateaus (over three median steps, not returning at once).
    @usableFromInline package var multipathOffsetMeters: Double
    /// Mean time a multipath offset persists before it switches, in seconds (0 by default; > 0 when the offset is).
    ///
    /// Dwell times are exponential, so the offset's autocorrelation is
    /// exp(-t / dwell); `calibrate` measures it as the fix interval over the
    /// share of steps that switch plateau.
    package var multipathDwellSeconds: Double
    /// How many excursions start per hour of fixes (0 by default: none).
    ///
    /// In town a phone's error now and then swells to several times its usual
    /// size and back over tens of seconds (a street canyon, a bridge): the WHU
    /// P20 on BJ-3-15 sat 4-6 m out for two minutes, the X30 on BJ-4-06 rose to
    /// 10 m and back in 30 s. Such humps set the error's 95th percentile and a
    /// walker's distance, and drift of the usual size never makes them.
    /// `calibrate` counts them as the runs of fixes further from the median
    /// error than five robust deviations (at least 5 m).
    package var excursionsPerHour: Double
    /// Mean peak size of an excursion, in metres (0 by default); each excursion draws a factor uniformly from 0.5 to
    /// 1.5 for its peak and its length, and a random direction.
    package var excursionMeters: Double
    /// Mean length of an excursion, in seconds (0 by default; at least `fixIntervalMeanSeconds` when excursions are
    /// set): it rises to its peak over the first quarter, holds it over the middle half and falls back over the last.
    package var excursionSeconds: Double
    /// The share of the drift's variance that creeps instead (0 by default: none; 0...1).
    ///
    /// Some chipsets carry their position forward on a slightly wrong velocity between corrections, so the error
    /// creeps at a steady 2-4 cm a second and snaps back now and then: the WHU Mi 8 (steps of 2-4 cm, snaps of
    /// 1-3 m every half minute to two minutes). A drift of the same size and decorrelation steps 1.8-2.8 times as far, as its
    /// velocity wanders where the creep's holds. Each creep runs from the error's mean at a velocity drawn per axis,
    /// until a reset (`creepResetSeconds` apart on average) starts the next; the velocity's deviation makes the creep's
    /// variance per axis, 2 × (velocity deviation × reset time)², this share of the drift's, and the drift keeps the rest.
    package var creepShare: Double
    /// The mean time between the creeping error's resets, in seconds (0 by default; at least
    /// `fixIntervalMeanSeconds` when `creepShare` is set). The creep's autocorrelation after t seconds is
    /// e^(−t / T) (1 + t / 2T), so it falls to 1/e after 1.583 T. A run's reset time follows
    /// `driftTimeConstantSpreadPercent` as the drift's time does.
    package var creepResetSeconds: Double
    /// How much the drift time constant varies from run to run, in percent (0 by default: every run the same).
    ///
    /// Drives of one phone differ in how fast their error decorrelates and how
    /// large it is, so one fitted profile does not cover them all. Each
    /// run (scenario and seed) multiplies `driftTimeConstantSeconds` by
    /// e^(s·z), z standard normal and s = ln(1 + spread / 100): at 50 % about
    /// two runs in three fall between 0.67x and 1.5x of the profile's value.
    package var driftTimeConstantSpreadPercent: Double
    /// How much the error's size varies from run to run, in percent (0 by default), as the drift time constant's does:
    /// each run multiplies `errorToAccuracyRatio` by e^(s·z).
    package var errorSizeSpreadPercent: Double
    /// How much the size of the error's steps varies from run to run, in percent: `jitterMeters`, `stepTailMeters`
    /// and `multipathOffsetMeters` share one factor e^(s·z) per run, as `driftTimeConstantSpreadPercent` says.
    package var stepSizeSpreadPercent: Double
    /// The phone's barometer, if it has one: smooth, precise altitude changes that drift with the weather.
    package var barometer: BarometerProfile?
    /// Stale, invalid and jumping fixes, dropouts and speed glitches; `.none` for a clean signal.
    package var faults: FaultProfile

    /// Creates a profile; see the properties for units.
    package init(
        name: String,
        horizontalAccuracyMeanMeters: Double,
        horizontalAccuracyDeviationMeters: Double,
        verticalAccuracyMeanMeters: Double,
        verticalAccuracyDeviationMeters: Double,
        fixIntervalMeanSeconds: Double,
        fixIntervalDeviationSeconds: Double,
        warmUpFixes: Int,
        warmUpAccuracyFactor: Double,
        driftTimeConstantSeconds: Double,
        jitterMeters: Double,
        speedDeviationMetersPerSecond: Double,
        courseDeviationDegrees: Double,
        errorToAccuracyRatio: Double = 1,
        accuracyTracking: Double = 1,
        stoppedErrorMotionFactor: Double = 1,
        stoppedReleasePercent: Double = 0,
        stoppedReleaseSeconds: Double = 2,
        alongTrackBiasMeters: Double = 0,
        fixedOffsetMeters: Double = 0,
        chipsetSmoothingSeconds: Double = 0,
        altitudeSwingMeters: Double = 0,
        altitudeSwingTimeConstantSeconds: Double = 600,
        altitudeJitterMeters: Double = 0,
        stepTailProbability: Double = 0,
        stepTailMeters: Double = 0,
        multipathOffsetMeters: Double = 0,
        multipathDwellSeconds: Double = 0,
        excursionsPerHour: Double = 0,
        excursionMeters: Double = 0,
        excursionSeconds: Double = 0,
        creepShare: Double = 0,
        creepResetSeconds: Double = 0,
        driftTimeConstantSpreadPercent: Double = 0,
        errorSizeSpreadPercent: Double = 0,
        stepSizeSpreadPercent: Double = 0,
        barometer: BarometerProfile? = nil,
        faults: FaultProfile = .none
    ) {
        self.name = name
        self.horizontalAccuracyMeanMeters = horizontalAccuracyMeanMeters
        self.horizontalAccuracyDeviationMeters = horizontalAccuracyDeviationMeters
        self.verticalAccuracyMeanMeters = verticalAccuracyMeanMeters
        self.verticalAccuracyDeviationMeters = verticalAccuracyDeviationMeters
        self.fixIntervalMeanSeconds = fixIntervalMeanSeconds
        self.fixIntervalDeviationSeconds = fixIntervalDeviationSeconds
        self.warmUpFixes = warmUpFixes
        self.warmUpAccuracyFactor = warmUpAccuracyFactor
        self.driftTimeConstantSeconds = driftTimeConstantSeconds
        self.jitterMeters = jitterMeters
        self.speedDeviationMetersPerSecond = speedDeviationMetersPerSecond
        self.courseDeviationDegrees = courseDeviationDegrees
        self.errorToAccuracyRatio = errorToAccuracyRatio
        self.accuracyTracking = accuracyTracking
        self.stoppedErrorMotionFactor = stoppedErrorMotionFactor
        self.stoppedReleasePercent = stoppedReleasePercent
        self.stoppedReleaseSeconds = stoppedReleaseSeconds
        self.alongTrackBiasMeters = alongTrackBiasMeters
        self.fixedOffsetMeters = fixedOffsetMeters
        self.chipsetSmoothingSeconds = chipsetSmoothingSeconds
        self.altitudeSwingMeters = altitudeSwingMeters
        self.altitudeSwingTimeConstantSeconds = altitudeSwingTimeConstantSeconds
        self.altitudeJitterMeters = altitudeJitterMeters
        self.stepTailProbability = stepTailProbability
        self.stepTailMeters = stepTailMeters
        self.multipathOffsetMeters = multipathOffsetMeters
        self.multipathDwellSeconds = multipathDwellSeconds
        self.excursionsPerHour = excursionsPerHour
        self.excursionMeters = excursionMeters
        self.excursionSeconds = excursionSeconds
        self.creepShare = creepShare
        self.creepResetSeconds = creepResetSeconds
        self.driftTimeConstantSpreadPercent = driftTimeConstantSpreadPercent
        self.errorSizeSpreadPercent = errorSizeSpreadPercent
        self.stepSizeSpreadPercent = stepSizeSpreadPercent
        self.barometer = barometer
        self.faults = faults
    }

    /// Whether the profile draws altitude error beyond the vertical accuracy's honest one: a swing or jitter.
    ///
    /// Those draw from a stream of their own, so profiles without them simulate exactly as before they existed.
    package var hasAltitudeChannel: Bool { altitudeSwingMeters > 0 || altitudeJitterMeters > 0 }

    /// Whether any run draws its own values around the profile's: a spread of the drift time, error size or step size.
    package var hasSpreads: Bool { driftTimeConstantSpreadPercent > 0 || errorSizeSpreadPercent > 0 || stepSizeSpreadPercent > 0 }

    /// The profile with no spread across runs: every run simulates its values as given.
    package var withoutSpreads: SignalProfile {
        var profile = self
        profile.driftTimeConstantSpreadPercent = 0
        profile.errorSizeSpreadPercent = 0
        profile.stepSizeSpreadPercent = 0
        return profile
    }

    /// Whether the profile draws horizontal error beyond drift and jitter: a step tail or a multipath regime.
    ///
    /// Those draw from a stream of their own, so profiles without them simulate exactly as before they existed.
    package var hasErrorTails: Bool { (stepTailProbability > 0 && stepTailMeters > 0) || multipathOffsetMeters > 0 }

    /// Whether the profile's error now and then swells into an excursion; those draw from a stream of their own.
    package var hasExcursions: Bool { excursionsPerHour > 0 && excursionMeters > 0 && excursionSeconds > 0 }

    /// Whether part of the profile's drift creeps and resets; the creep draws from a stream of its own.
    package var hasCreep: Bool { creepShare > 0 && creepResetSeconds > 0 }

    /// The per-axis variance the step tail and the multipath regime take from the error's, in square metres.
    @inlinable package var errorTailVarianceSquareMeters: Double {
        stepTailProbability * stepTailMeters * stepTailMeters + multipathOffsetMeters * multipathOffsetMeters
    }

    /// Whether `name` can name a profile: lowercase ASCII letters, digits and `-`, not empty (it becomes part of scenario ids).
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }
}
