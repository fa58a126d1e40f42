import TrackBenchModel
/// Drops fixes delivered long after they were taken: the stale-fix gate of running apps.
///
/// Phones re-deliver a cached fix when the receiver has nothing new; it keeps
/// its old timestamp but arrives later. The gate drops a fix whose age at
/// delivery, `deliveryTimeSeconds - timestampSeconds`, is more than
/// `max-age` seconds, and passes every other fix through unchanged (the
/// same value, byte for byte). At running speed (about 4 m/s) the default
/// 10 s is about 40 m behind the runner.
///
/// Edge cases: an age of exactly `max-age` passes (the test is strictly
/// greater). A fix delivered before its timestamp (negative age) passes.
/// Invalid fixes (negative accuracy) are not this gate's business and pass;
/// put an `accuracy-gate` beside it. A NaN time fails the comparison and
/// passes.
struct StaleGate: RegisteredFilter {
    static let name = "stale-gate"
    static let summary = "Drops fixes delivered more than max-age seconds after their timestamp (re-delivered cached fixes)."
    static let timing = FilterTiming.online
    /// The `max-age` parameter.
    static let maxAge = FilterParameter(
        name: "max-age",
        defaultValue: 10,
        unit: "s",
        summary: "oldest accepted fix age at delivery (delivery time - timestamp); 10 s is about 40 m behind at running speed",
        minimum: 0
    )
    static let parameters = [maxAge]

    private let maxAgeSeconds: Double

    init(settings: FilterSettings) {
        maxAgeSeconds = settings[Self.maxAge]
    }

    /// Creates the gate.
    /// - Parameter maxAgeSeconds: The largest accepted age at delivery, in seconds.
    init(maxAgeSeconds: Double) {
        self.maxAgeSeconds = maxAgeSeconds
    }

    func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        if fix.deliveryTimeSeconds - fix.timestampSeconds > maxAgeSeconds { return }
        estimates.append(fix)
    }
}
