import TrackBenchModel
/// Exponential smoothing of the reported speed, one fix at a time, blind to time.
///
/// Each known speed s moves the estimate: filtered = filtered x (1 - alpha)
/// + s x alpha (Brown's simple exponential smoothing), starting from the
/// first known speed itself. The default alpha 0.75 gives the newest reading
/// three quarters of the weight, so speeds 4, 0, 4 come out as 4, 1, 3.25.
/// Every fix produces one estimate: the fix unchanged (position, accuracy,
/// course, times) except `speedMetersPerSecond`, which is replaced by the
/// filtered value in metres per second.
///
/// Its known weakness is that it counts fixes, not seconds: five fixes 3 s
/// apart weigh exactly like five fixes 3 minutes apart, so after a gap the
/// estimate still leans on a speed from minutes ago, and at a higher fix
/// rate it smooths over a shorter time. `speed-decay` weighs by elapsed time
/// instead.
///
/// Edge cases: an unknown speed (negative, NaN or infinite) leaves the
/// estimate as it is and the fix is emitted with the current estimate, or
/// with -1 (unknown) before the first known speed. Alpha 1 passes known
/// speeds through; alpha 0 holds the first known speed forever; the command
/// line accepts 0...1, and `init(alpha:)` treats values above 1 (which would
/// overshoot) as 1. Invalid coordinates do not matter
/// here: the speed is smoothed whatever the accuracy.
///
/// - Complexity: O(1) per fix, without allocation.
struct SpeedEMAFilter: RegisteredFilter {
    static let name = "speed-ema"
    static let summary = "Exponential smoothing of the reported speed per fix (filtered = filtered*(1-alpha) + new*alpha); "
        + "positions unchanged, time-agnostic."
    static let timing = FilterTiming.online
    /// The `alpha` parameter.
    static let alpha = FilterParameter(
        name: "alpha",
        defaultValue: 0.75,
        unit: "weight",
        summary: "weight of the newest known speed; counts fixes, not seconds, so it smooths over less time at a higher fix rate",
        minimum: 0,
        maximum: 1
    )
    static let parameters = [alpha]

    private let alpha: Double
    /// The smoothed speed in metres per second; negative until the first known speed.
    private var filteredMetersPerSecond = -1.0

    init(settings: FilterSettings) {
        self.init(alpha: settings[Self.alpha])
    }

    /// Creates the filter.
    /// - Parameter alpha: The weight of the newest known speed, from 0 to 1; values above 1 act as 1.
    init(alpha: Double) {
        self.alpha = min(alpha, 1)
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        let speed = fix.speedMetersPerSecond
        // Known: 0 or more and finite (NaN fails both tests).
        if speed >= 0 && speed < .infinity {
            if filteredMetersPerSecond < 0 {
                filteredMetersPerSecond = speed
            } else {
                filteredMetersPerSecond = filteredMetersPerSecond * (1 - alpha) + speed * alpha
            }
        }
        var estimate = fix
        estimate.speedMetersPerSecond = filteredMetersPerSecond
        estimates.append(estimate)
    }
}
