import TrackBenchModel
extension FaultProfile {
    /// The unit of the fault probabilities, which errors word as probabilities.
    static let probabilityUnit = "per fix"

    /// Every key of a profile's `faults` object, in file order: the one list decoding, `jsonText` and the documentation
    /// (Docs/faults.md) loop over. All are required.
    static let keys: [ProfileKey<FaultProfile>] = [
        ProfileKey(
            "staleFixProbability", probabilityUnit, "chance that a cached earlier fix is re-delivered after a fix, with its old timestamp",
            minimum: 0, maximum: 1, \.staleFixProbability
        ),
        ProfileKey(
            "staleFixMinimumAgeSeconds", "s", "youngest age of a re-delivered fix at delivery",
            minimum: 0, maximum: ScenarioLimits.durationSeconds, \.staleFixMinimumAgeSeconds
        ),
        ProfileKey(
            "staleFixMaximumAgeSeconds", "s", "oldest age of a re-delivered fix at delivery; at least `staleFixMinimumAgeSeconds`",
            minimum: 0, maximum: ScenarioLimits.durationSeconds, \.staleFixMaximumAgeSeconds
        ),
        ProfileKey(
            "invalidFixProbability", probabilityUnit, "chance that a fix is invalid: negative accuracy and a meaningless coordinate",
            minimum: 0, maximum: 1, \.invalidFixProbability
        ),
        ProfileKey(
            "invalidFixOffsetMeters", "m", "how far from the truth an invalid fix's meaningless coordinate lies, at most",
            minimum: 0, maximum: ScenarioLimits.lengthMeters, \.invalidFixOffsetMeters
        ),
        ProfileKey("jumpProbability", probabilityUnit, "chance that a multipath burst starts at a fix", minimum: 0, maximum: 1, \.jumpProbability),
        ProfileKey(
            "jumpMeters", "m", "mean size of a multipath offset; the reported accuracy does not show it",
            minimum: 0, maximum: ScenarioLimits.lengthMeters, \.jumpMeters
        ),
        ProfileKey(
            "jumpDurationSeconds", "s", "mean length of a multipath burst",
            minimum: 0, maximum: ScenarioLimits.durationSeconds, \.jumpDurationSeconds
        ),
        ProfileKey(
            "dropoutProbability", probabilityUnit, "chance that a dropout (no fixes at all) starts at a fix",
            minimum: 0, maximum: 1, \.dropoutProbability
        ),
        ProfileKey("dropoutSeconds", "s", "mean length of a dropout", minimum: 0, maximum: ScenarioLimits.durationSeconds, \.dropoutSeconds),
        ProfileKey(
            "speedGlitchProbability", probabilityUnit, "chance that a fix reports a glitched speed: 0 (two in three) or three to six times too fast",
            minimum: 0, maximum: 1, \.speedGlitchProbability
        ),
    ]
}
