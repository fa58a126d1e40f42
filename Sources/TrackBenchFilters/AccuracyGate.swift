import TrackBenchModel
/// Drops invalid fixes and fixes less accurate than a fixed threshold.
///
/// This is the gate phone apps put in front of logging: a fix passes,
/// unchanged (the same value, byte for byte), when its
/// `horizontalAccuracyMeters` is between 0 and `max` metres inclusive. A
/// negative accuracy marks an invalid coordinate and is always dropped, as is
/// a NaN accuracy. The default 50 m is the running-app choice; ride-hailing
/// apps use 100 m. A fixed threshold has a known failure: when conditions
/// are bad everywhere (a wet forest, a phone in a backpack) it logs nothing
/// at all, which is what `adaptive-gate` is for.
struct AccuracyGate: RegisteredFilter {
    static let name = "accuracy-gate"
    static let summary = "Drops invalid fixes (accuracy < 0) and fixes whose accuracy radius is above max metres."
    static let timing = FilterTiming.online
    /// The `max` parameter.
    static let max = FilterParameter(
        name: "max",
        defaultValue: 50,
        unit: "m",
        summary: "largest accepted accuracy radius; 50 m is the running-app choice, ride-hailing apps use 100 m",
        minimum: 0
    )
    static let parameters = [max]

    private let maxAccuracyMeters: Double

    init(settings: FilterSettings) {
        maxAccuracyMeters = settings[Self.max]
    }

    /// Creates the gate.
    /// - Parameter maxAccuracyMeters: The largest accepted accuracy radius, in metres.
    init(maxAccuracyMeters: Double) {
        self.maxAccuracyMeters = maxAccuracyMeters
    }

    func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        guard fix.hasValidCoordinate, fix.horizontalAccuracyMeters <= maxAccuracyMeters else { return }
        estimates.append(fix)
    }
}
