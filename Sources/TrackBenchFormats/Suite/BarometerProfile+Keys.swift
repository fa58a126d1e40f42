import TrackBenchModel
extension BarometerProfile {
    /// Every key of a profile's `barometer` object, in file order: the one list decoding and `jsonText` loop over. All
    /// are required.
    static let keys: [ProfileKey<BarometerProfile>] = [
        ProfileKey(
            "intervalSeconds", "s", "time between readings",
            minimum: ScenarioLimits.shortestFixIntervalSeconds, maximum: ScenarioLimits.durationSeconds, \.intervalSeconds
        ),
        ProfileKey("noiseMeters", "m", "deviation of each reading's independent noise", minimum: 0, maximum: 1000, \.noiseMeters),
        ProfileKey(
            "driftMetersPerHour", "m/h", "deviation of the weather drift's rate, drawn once per run", minimum: 0, maximum: 1000, \.driftMetersPerHour
        ),
    ]
}
