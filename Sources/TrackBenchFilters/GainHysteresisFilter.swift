import TrackBenchModel
/// Elevation gain counted as fitness apps count it: the altitude moves only when it has changed by a threshold.
///
/// The filter holds an altitude and releases a new one only when a fix's
/// altitude differs from it by at least `threshold` metres; otherwise the
/// fix goes out with the held altitude. The output is a staircase, so the
/// sum of its rises (the elevation gain the metrics measure) counts only
/// climbs of at least the threshold: jitter below it adds nothing. A larger
/// threshold also ignores real small hills. Positions are unchanged.
///
/// Edge cases: a fix whose altitude is invalid (negative vertical accuracy)
/// or not finite passes through unchanged; the first valid altitude is held
/// as it is.
///
/// - Complexity: O(1) per fix, without allocation.
struct GainHysteresisFilter: RegisteredFilter {
    static let name = "gain-hysteresis"
    static let summary = "Holds the altitude until it changes by `threshold` metres, so elevation gain counts only real climbs; positions unchanged."
    static let timing = FilterTiming.online
    static let runsByDefault = false
    /// The `threshold` parameter.
    static let threshold = FilterParameter(
        name: "threshold",
        defaultValue: 5,
        unit: "m",
        summary: "the altitude change that counts: above the jitter, below the hills that matter",
        minimum: 0,
        maximum: 10_000
    )
    static let parameters = [threshold]

    private let thresholdMeters: Double
    private var heldMeters: Double?

    init(settings: FilterSettings) {
        self.init(thresholdMeters: settings[Self.threshold])
    }

    /// Creates the filter with a threshold in metres (0 or more).
    init(thresholdMeters: Double) {
        self.thresholdMeters = thresholdMeters
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        guard fix.verticalAccuracyMeters >= 0, fix.altitudeMeters.isFinite else {
            estimates.append(fix)
            return
        }
        if let held = heldMeters, abs(fix.altitudeMeters - held) < thresholdMeters {
            var estimate = fix
            estimate.altitudeMeters = held
            estimates.append(estimate)
            return
        }
        heldMeters = fix.altitudeMeters
        estimates.append(fix)
    }
}
