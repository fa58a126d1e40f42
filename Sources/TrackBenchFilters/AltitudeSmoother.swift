import Foundation
import TrackBenchModel

/// Exponential smoothing of the altitude over time; positions unchanged.
///
/// Each fix with a valid altitude moves the estimate towards its altitude by
/// 1 - exp(-dt / time), where dt is the time since the previous valid
/// altitude in seconds: a time-aware running average whose memory is `time`
/// seconds whatever the fix rate, and which after a gap trusts the new fix
/// more. It takes the fix-to-fix jitter out of the altitude, which is what
/// makes a raw track's elevation gain grow on level ground, at the cost of a
/// lag of about `time` seconds on a steady climb. It cannot remove a swing
/// slower than its memory.
///
/// Edge cases: a fix whose altitude is invalid (negative vertical accuracy)
/// or not finite passes through unchanged and leaves the estimate as it is;
/// a fix whose time does not advance is averaged with weight 0.
///
/// - Complexity: O(1) per fix, without allocation.
struct AltitudeSmoother: RegisteredFilter {
    static let name = "altitude-smoother"
    static let summary = "Time-aware exponential smoothing of the altitude (memory `time` seconds); positions unchanged."
    static let timing = FilterTiming.online
    static let runsByDefault = false
    /// The `time` parameter.
    static let time = FilterParameter(
        name: "time",
        defaultValue: 20,
        unit: "s",
        summary: "the smoothing's time constant: longer removes more jitter but lags further behind a climb",
        minimum: 0.001,
        maximum: 86_400
    )
    static let parameters = [time]

    private let timeSeconds: Double
    private var smoothed: (altitudeMeters: Double, timeSeconds: Double)?

    init(settings: FilterSettings) {
        self.init(timeSeconds: settings[Self.time])
    }

    /// Creates the filter with a time constant in seconds (above 0).
    init(timeSeconds: Double) {
        self.timeSeconds = timeSeconds
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        guard fix.verticalAccuracyMeters >= 0, fix.altitudeMeters.isFinite else {
            estimates.append(fix)
            return
        }
        var altitude = fix.altitudeMeters
        if let previous = smoothed {
            let weight = ExponentialSmoothing.weight(elapsedSeconds: fix.deliveryTimeSeconds - previous.timeSeconds, timeConstantSeconds: timeSeconds)
            altitude = previous.altitudeMeters + weight * (fix.altitudeMeters - previous.altitudeMeters)
        }
        smoothed = (altitude, fix.deliveryTimeSeconds)
        var estimate = fix
        estimate.altitudeMeters = altitude
        estimates.append(estimate)
    }
}
