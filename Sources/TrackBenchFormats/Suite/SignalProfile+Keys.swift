import TrackBenchModel
extension SignalProfile {
    /// Every key of a profile, in file order: the one list decoding, `jsonText`, the documentation (Docs/noise-model.md)
    /// and calibration loop over.
    static let keys: [ProfileKey<SignalProfile>] = [
        ProfileKey(name: "name", unit: "", summary: "the profile's name; part of scenario ids", value: .name),
        .required(
            "horizontalAccuracyMeanMeters", "m", "mean reported 2-D RMS accuracy",
            minimum: 0, excludesMinimum: true, maximum: ScenarioLimits.lengthMeters, \.horizontalAccuracyMeanMeters
        ),
        .required(
            "horizontalAccuracyDeviationMeters", "m", "how far the accuracy wanders over time",
            minimum: 0, maximum: ScenarioLimits.lengthMeters, \.horizontalAccuracyDeviationMeters
        ),
        .required(
            "verticalAccuracyMeanMeters", "m", "mean reported vertical accuracy, drawn per fix",
            minimum: 0, excludesMinimum: true, maximum: ScenarioLimits.lengthMeters, \.verticalAccuracyMeanMeters
        ),
        .required(
            "verticalAccuracyDeviationMeters", "m", "deviation of the reported vertical accuracy",
            minimum: 0, maximum: ScenarioLimits.lengthMeters, \.verticalAccuracyDeviationMeters
        ),
        .required(
            "fixIntervalMeanSeconds", "s", "mean time between fixes",
            minimum: ScenarioLimits.shortestFixIntervalSeconds, maximum: ScenarioLimits.durationSeconds, \.fixIntervalMeanSeconds
        ),
        .required(
            "fixIntervalDeviationSeconds", "s", "deviation of the time between fixes",
            minimum: 0, maximum: ScenarioLimits.durationSeconds, \.fixIntervalDeviationSeconds
        ),
        ProfileKey(
            name: "warmUpFixes", unit: "fixes", summary: "how many fixes at the start have inflated accuracy",
            value: .wholeNumber(0...1_000_000, \.warmUpFixes)
        ),
        .required(
            "warmUpAccuracyFactor", "×", "accuracy multiplier on the first fix, falling linearly to 1",
            minimum: 1, maximum: 1000, \.warmUpAccuracyFactor
        ),
        .required(
            "driftTimeConstantSeconds", "s", "time constant of the drifting error",
            minimum: 0, excludesMinimum: true, maximum: ScenarioLimits.durationSeconds, \.driftTimeConstantSeconds
        ),
        .required(
            "jitterMeters", "m", "per-axis deviation of the independent per-fix error",
            minimum: 0, maximum: ScenarioLimits.lengthMeters, \.jitterMeters
        ),
        .required(
            "speedDeviationMetersPerSecond", "m/s", "deviation of the reported speed",
            minimum: 0, maximum: ScenarioLimits.speedMetersPerSecond.upperBound, \.speedDeviationMetersPerSecond
        ),
        .required("courseDeviationDegrees", "°", "deviation of the reported course", minimum: 0, maximum: 360, \.courseDeviationDegrees),
        .optional("errorToAccuracyRatio", "×", "the error's 2-D RMS radius over the accuracy", minimum: 0, maximum: 100, \.errorToAccuracyRatio),
        .optional("accuracyTracking", "", "how far the error's size follows each fix's accuracy", minimum: 0, maximum: 1, \.accuracyTracking),
        .optional(
            "stoppedErrorMotionFactor", "", "how much the error moves while stopped, as a fraction of moving (0 = frozen)",
            minimum: 0, maximum: 1, \.stoppedErrorMotionFactor
        ),
        .optional(
            "stoppedReleasePercent", "%",
            "share of the stopped fixes at which the error moves as when moving, in releases (0 = none): a phone frozen at a stop lets go "
                + "now and then; `calibrate`: the share of stopped steps over half the moving step median, on a phone that freezes",
            minimum: 0, maximum: 100, \.stoppedReleasePercent, writtenWhenAboveZero: \SignalProfile.stoppedReleasePercent
        ),
        .optional(
            "stoppedReleaseSeconds", "s", "mean length of one release; `calibrate`: the mean run of such steps times the fix interval",
            minimum: ScenarioLimits.shortestFixIntervalSeconds, maximum: ScenarioLimits.durationSeconds, \.stoppedReleaseSeconds,
            writtenWhenAboveZero: \SignalProfile.stoppedReleasePercent
        ),
        .optional(
            "alongTrackBiasMeters", "m", "mean error along the direction of travel (negative = lag)",
            minimum: -ScenarioLimits.lengthMeters, maximum: ScenarioLimits.lengthMeters, \.alongTrackBiasMeters
        ),
        .optional(
            "fixedOffsetMeters", "m",
            "size of an error that holds for the whole run, in a direction each run draws; `calibrate`: the length of the mean error",
            minimum: 0, maximum: ScenarioLimits.lengthMeters, \.fixedOffsetMeters, writtenWhenAboveZero: \SignalProfile.fixedOffsetMeters
        ),
        .optional(
            "chipsetSmoothingSeconds", "s",
            "time constant of the chipset's own position filter, applied across the true track before any error: it cuts corners "
                + "(0 = none); `calibrate`: fitted to the path-length excess",
            minimum: 0, maximum: ScenarioLimits.durationSeconds, \.chipsetSmoothingSeconds,
            writtenWhenAboveZero: \SignalProfile.chipsetSmoothingSeconds
        ),
        .optional(
            "altitudeSwingMeters", "m",
            "deviation of the slow swing of GPS altitude; it continues while stopped and the vertical accuracy does not report it "
                + "([altitude](altitude.md#vertical-noise))",
            minimum: 0, maximum: ScenarioLimits.altitudeMeters, \.altitudeSwingMeters, writtenWhenAboveZero: \SignalProfile.altitudeSwingMeters
        ),
        .optional(
            "altitudeSwingTimeConstantSeconds", "s", "time constant of that swing",
            minimum: ScenarioLimits.shortestFixIntervalSeconds, maximum: ScenarioLimits.durationSeconds, \.altitudeSwingTimeConstantSeconds,
            writtenWhenAboveZero: \SignalProfile.altitudeSwingMeters
        ),
        .optional(
            "altitudeJitterMeters", "m", "deviation of an independent per-fix altitude error",
            minimum: 0, maximum: ScenarioLimits.altitudeMeters, \.altitudeJitterMeters, writtenWhenAboveZero: \SignalProfile.altitudeJitterMeters
        ),
        .optional(
            "stepTailProbability", "per fix",
            "the probability that a fix is an outlier; `calibrate` measures it as the share of fixes whose step out and back both exceed "
                + "three median steps",
            minimum: 0, maximum: 1, \.stepTailProbability, writtenWhenAboveZero: \SignalProfile.stepTailProbability
        ),
        .optional(
            "stepTailMeters", "m",
            "per-axis deviation of an outlier's extra error; `calibrate`: the RMS displacement of outliers from their neighbours' mean",
            minimum: 0, maximum: ScenarioLimits.lengthMeters, \.stepTailMeters, writtenWhenAboveZero: \SignalProfile.stepTailProbability
        ),
        .optional(
            "multipathOffsetMeters", "m",
            "per-axis deviation of the multipath offset; `calibrate`: from the mean square of the steps that switch plateau, 4 offset² + 2 σ²",
            minimum: 0, maximum: ScenarioLimits.lengthMeters, \.multipathOffsetMeters, writtenWhenAboveZero: \SignalProfile.multipathOffsetMeters
        ),
        .optional(
            "multipathDwellSeconds", "s",
            "mean time an offset persists; at least `fixIntervalMeanSeconds` when the offset is set; "
                + "`calibrate`: interval / −ln(1 − share of steps that switch)",
            minimum: 0, maximum: ScenarioLimits.durationSeconds, \.multipathDwellSeconds, writtenWhenAboveZero: \SignalProfile.multipathOffsetMeters
        ),
        .optional(
            "excursionsPerHour", "per hour",
            "how many excursions start per hour of fixes: the error swells well beyond its usual size and back; `calibrate` counts "
                + "the runs of at least 3 fixes further from the median error than five robust deviations (at least 5 m), "
                + "without a step over 5 m",
            minimum: 0, maximum: 3600, \.excursionsPerHour, writtenWhenAboveZero: \SignalProfile.excursionsPerHour
        ),
        .optional(
            "excursionMeters", "m",
            "mean peak size of an excursion, in a random direction; each draws one factor from 0.5 to 1.5 for peak and length; "
                + "`calibrate`: the runs' mean largest distance",
            minimum: 0, maximum: ScenarioLimits.lengthMeters, \.excursionMeters, writtenWhenAboveZero: \SignalProfile.excursionsPerHour
        ),
        .optional(
            "excursionSeconds", "s",
            "mean length of an excursion: it rises to its peak over the first quarter, holds it over the middle half and falls back; "
                + "at least `fixIntervalMeanSeconds` when excursions are set; `calibrate`: from the time each lies beyond half the threshold",
            minimum: 0, maximum: ScenarioLimits.durationSeconds, \.excursionSeconds, writtenWhenAboveZero: \SignalProfile.excursionsPerHour
        ),
        .optional(
            "creepShare", "",
            "share of the drift's variance that creeps instead: the error runs at a steady velocity from its mean and resets "
                + "(0 = none), as a chipset that carries its position forward on a slightly wrong velocity; `calibrate`: when the "
                + "drift alone would step more than 1.15 times the recording with no jitter left, the share that steps as the recording does",
            minimum: 0, maximum: 1, \.creepShare, writtenWhenAboveZero: \SignalProfile.creepShare
        ),
        .optional(
            "creepResetSeconds", "s",
            "mean time between the creep's resets; each draws a new velocity per axis, its deviation such that the creep's variance "
                + "is its share; at least `fixIntervalMeanSeconds` when `creepShare` is set; `calibrate`: from the decorrelation",
            minimum: 0, maximum: ScenarioLimits.durationSeconds, \.creepResetSeconds, writtenWhenAboveZero: \SignalProfile.creepShare
        ),
        .optional(
            "driftTimeConstantSpreadPercent", "%",
            "how much `driftTimeConstantSeconds` (and `creepResetSeconds` with it) varies from run to run: each run multiplies it by "
                + "e^(s·z), z standard normal, s = ln(1 + spread / 100); set it from the values `calibrate` fits on several drives of one phone",
            minimum: 0, maximum: 1000, \.driftTimeConstantSpreadPercent, writtenWhenAboveZero: \SignalProfile.driftTimeConstantSpreadPercent
        ),
        .optional(
            "errorSizeSpreadPercent", "%", "how much `errorToAccuracyRatio` varies from run to run, in the same way",
            minimum: 0, maximum: 1000, \.errorSizeSpreadPercent, writtenWhenAboveZero: \SignalProfile.errorSizeSpreadPercent
        ),
        .optional(
            "stepSizeSpreadPercent", "%", "how much the error's steps vary from run to run, in the same way: one factor scales "
                + "`jitterMeters`, `stepTailMeters` and `multipathOffsetMeters`",
            minimum: 0, maximum: 1000, \.stepSizeSpreadPercent, writtenWhenAboveZero: \SignalProfile.stepSizeSpreadPercent
        ),
        ProfileKey(
            name: "barometer", unit: "",
            summary: "`{\"intervalSeconds\": I, \"noiseMeters\": N, \"driftMetersPerHour\": D}`, a barometer reading its altitude change "
                + "since the start every I s, with per-reading noise N m and a weather drift whose rate has deviation D m/h (N and D 0 to 1000)",
            value: .barometer
        ),
        ProfileKey(name: "faults", unit: "", summary: "the [fault profile](faults.md); all zero for a clean signal", value: .faults),
    ]

    /// A profile with every required value zero and every optional one at `init`'s default, named `name`: what decoding
    /// fills in, and what a file that leaves a key out gets.
    static func unset(named name: String) -> SignalProfile {
        SignalProfile(
            name: name, horizontalAccuracyMeanMeters: 0, horizontalAccuracyDeviationMeters: 0, verticalAccuracyMeanMeters: 0,
            verticalAccuracyDeviationMeters: 0, fixIntervalMeanSeconds: 0, fixIntervalDeviationSeconds: 0, warmUpFixes: 0,
            warmUpAccuracyFactor: 0, driftTimeConstantSeconds: 0, jitterMeters: 0, speedDeviationMetersPerSecond: 0, courseDeviationDegrees: 0
        )
    }

    /// The default suite's `strong` profile, as `Scenarios/default.json` holds it (a test checks the file against
    /// it): a phone with a clear view of the sky.
    package static let strong = SignalProfile(
        name: "strong",
        horizontalAccuracyMeanMeters: 5, horizontalAccuracyDeviationMeters: 1,
        verticalAccuracyMeanMeters: 3.643, verticalAccuracyDeviationMeters: 0.3,
        fixIntervalMeanSeconds: 1, fixIntervalDeviationSeconds: 0.131,
        warmUpFixes: 15, warmUpAccuracyFactor: 3,
        driftTimeConstantSeconds: 60, jitterMeters: 0.15,
        speedDeviationMetersPerSecond: 0.2, courseDeviationDegrees: 5,
        errorToAccuracyRatio: 0.4, accuracyTracking: 0, stoppedErrorMotionFactor: 0.2, alongTrackBiasMeters: -0.5,
        stepTailProbability: 0.0846, stepTailMeters: 0.56
    )

    /// The profile as a file that gives only the keys every file must would make it: each optional key (`keys`) at
    /// `init`'s default, no barometer.
    package var withOptionalKeysLeftOut: SignalProfile {
        let leftOut = Self.unset(named: name)
        var profile = self
        for key in Self.keys {
            switch key.value {
            case let .number(number) where !key.isRequired: profile[keyPath: number.keyPath] = leftOut[keyPath: number.keyPath]
            case .barometer: profile.barometer = leftOut.barometer
            case .name, .number, .wholeNumber, .faults: break
            }
        }
        return profile
    }
}
