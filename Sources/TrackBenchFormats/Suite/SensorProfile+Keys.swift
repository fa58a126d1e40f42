import TrackBenchModel
extension SensorProfile {
    /// The keys of each activity's object (`walk`, `powerWalk`, `jog`), in file order.
    static let gaitKeys: [ProfileKey<GaitProfile>] = [
        ProfileKey(
            "cadenceStepsPerSecond", "steps/s", "steps per second while moving",
            minimum: 0, excludesMinimum: true, maximum: 10, \.cadenceStepsPerSecond
        ),
        ProfileKey("strideMeters", "m", "mean true stride over people", minimum: 0, excludesMinimum: true, maximum: 10, \.strideMeters),
        ProfileKey(
            "walkerStrideDeviationMeters", "m",
            "deviation of one person's mean stride from `strideMeters`, drawn once per run (one draw for all three activities)",
            minimum: 0, maximum: 10, \.walkerStrideDeviationMeters
        ),
        ProfileKey(
            "strideDeviationMeters", "m", "deviation of each step's stride from the person's mean, drawn step by step",
            minimum: 0, maximum: 10, \.strideDeviationMeters
        ),
    ]

    /// The activities' objects, in file order.
    static let gaitObjects: [(name: String, keyPath: WritableKeyPath<SensorProfile, GaitProfile> & Sendable)] = [
        ("walk", \.walk), ("powerWalk", \.powerWalk), ("jog", \.jog),
    ]

    /// Every numeric key of the profile itself, in file order: the one list parsing and the documentation loop over.
    static let keys: [ProfileKey<SensorProfile>] = [
        ProfileKey(
            "pedometerIntervalMinimumSeconds", "s", "shortest time between pedometer updates",
            minimum: 0.1, maximum: 3600, \.pedometerIntervalMinimumSeconds
        ),
        ProfileKey(
            "pedometerIntervalMaximumSeconds", "s", "longest time between pedometer updates (intervals are uniform in between)",
            minimum: 0.1, maximum: 3600, \.pedometerIntervalMaximumSeconds
        ),
        ProfileKey(
            "missedStepProbability", "per step", "chance the pedometer misses a step (at most one in two, so it always reports most of them)",
            minimum: 0, maximum: 0.5, \.missedStepProbability
        ),
        ProfileKey(
            "extraStepProbability", "per step", "chance the pedometer counts a step not taken", minimum: 0, maximum: 0.5, \.extraStepProbability
        ),
        ProfileKey("compassIntervalSeconds", "s", "time between compass samples", minimum: 0.01, maximum: 60, \.compassIntervalSeconds),
        ProfileKey(
            "headingLagSeconds", "s", "time constant of the compass's lag behind the phone's turns (a first-order low-pass; 0 = none)",
            minimum: 0, maximum: 60, \.headingLagSeconds
        ),
        ProfileKey(
            "headingNoiseDeviationDegrees", "°", "deviation of each compass sample's independent noise",
            minimum: 0, maximum: 180, \.headingNoiseDeviationDegrees
        ),
        ProfileKey(
            "headingBiasDeviationDegrees", "°", "deviation of the compass's slowly wandering bias",
            minimum: 0, maximum: 180, \.headingBiasDeviationDegrees
        ),
        ProfileKey(
            "headingBiasTimeConstantSeconds", "s", "time constant of the bias's wandering",
            minimum: 0, excludesMinimum: true, maximum: ScenarioLimits.durationSeconds, \.headingBiasTimeConstantSeconds
        ),
        ProfileKey(
            "phoneOffsetDeviationDegrees", "°", "deviation of the angle between phone and direction of travel, drawn once per run",
            minimum: 0, maximum: 180, \.phoneOffsetDeviationDegrees
        ),
        ProfileKey(
            "phoneTurnDegrees", "°", "how far the phone is turned at each change of a mixed gait's activity (positive = clockwise; 0 = never)",
            minimum: -180, maximum: 180, \.phoneTurnDegrees, leftOut: 0
        ),
        ProfileKey(
            "phoneTurnSeconds", "s", "how long the phone stays turned after each change of activity, then turns back (0 = never)",
            minimum: 0, maximum: 3600, \.phoneTurnSeconds, leftOut: 0
        ),
        ProfileKey(
            "declinationDegrees", "°", "magnetic declination, true to magnetic north (positive = east)",
            minimum: -180, maximum: 180, \.declinationDegrees
        ),
    ]
}
