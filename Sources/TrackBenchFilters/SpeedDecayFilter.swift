import Foundation
import TrackBenchModel

/// The pace over "the last little bit": a median against glitches, then smoothing that decays with time.
///
/// What runners want from a speed display is the pace over the last few
/// seconds, to see quickly that they have stopped, and not to be fooled by
/// the readings phones get wrong: a lone 0.0 at full speed, or a wildly high
/// value after a multipath jump. The two stages answer those in turn:
///
/// 1. A running median of the last `median` known speeds (default 3). A
///    single 0.0 or absurd reading among three cannot move a median of
///    three, whereas any mean follows it part of the way. A real change
///    shows after (`median` + 1) / 2 readings, 2 at the default.
/// 2. Exponential smoothing in time, not in fixes (a first-order low-pass
///    filter with time constant `tau`, default 2 s):
///    filtered += (1 - exp(-dt / tau)) x (median - filtered), where dt is the
///    time since the previous fix that updated it. A reading 1 s later moves
///    the estimate 39 % of the way, one 10 s later after a gap 99 %: a new
///    value after a gap is trusted almost entirely instead of being averaged
///    with stale ones, which is where `speed-ema` (blind to time) and
///    `speed-window` (a hard 15 s window) go wrong.
///
/// With the defaults, a runner at 2.8 m/s who stops reads below 0.5 m/s
/// about 5 s after the last moving reading at 1 Hz (the median turns on the
/// second 0.0 reading, then 2.8 x exp(-t / 2 s) needs about 3.5 s to fall
/// below 0.5), against up to 15 s for `speed-window`.
/// Tau 0 gives the plain running median; a bigger tau is steadier but
/// slower to show a stop.
///
/// Every fix produces one estimate: the fix unchanged (position, accuracy,
/// course, times) except `speedMetersPerSecond`, in metres per second. The
/// first known speed starts the estimate. A fix with an unknown speed
/// (negative, NaN or infinite), or whose timestamp is not after the last
/// update (a stale re-delivered or duplicate fix, whose speed is old news),
/// changes nothing and is emitted with the current estimate, or with -1
/// (unknown) before the first known speed. Before the median window fills
/// the median is over the readings so far (the mean of the middle two for an
/// even count), so at the very start a 0.0 glitch can halve the estimate.
///
/// - Complexity: O(`median`) per fix, without allocation once the median
///   window is full.
struct SpeedDecayFilter: RegisteredFilter {
    static let name = "speed-decay"
    static let summary = "Running median of the last few known speeds, smoothed in time with filtered += (1 - exp(-dt/tau)) x (median - filtered); "
        + "quick to show a stop, robust to glitches."
    static let timing = FilterTiming.online
    /// The `median` parameter.
    static let median = FilterParameter(
        name: "median",
        defaultValue: 3,
        unit: "fixes",
        summary: "how many recent known speeds the median is taken over; 3 ignores any single 0.0 or absurd reading and turns after 2 readings",
        minimum: 1,
        isInteger: true
    )
    /// The `tau` parameter.
    static let tau = FilterParameter(
        name: "tau",
        defaultValue: 2,
        unit: "s",
        summary: "time constant of the smoothing; 2 s shows a stop from running pace within about 5 s, 0 gives the plain median",
        minimum: 0
    )
    static let parameters = [median, tau]

    private let timeConstantSeconds: Double
    /// The last `median` known speeds.
    private var recent: RingBuffer<Double>
    /// The same speeds as `recent`, sorted ascending.
    private var sorted: [Double] = []
    /// The estimate in metres per second; negative before the first known speed.
    private var filteredMetersPerSecond = -1.0
    /// Timestamp of the last fix that updated the estimate, in seconds.
    private var lastUpdateSeconds = 0.0

    init(settings: FilterSettings) {
        self.init(medianFixCount: Int(settings[Self.median]), timeConstantSeconds: settings[Self.tau])
    }

    /// Creates the filter.
    /// - Parameters:
    ///   - medianFixCount: How many recent known speeds the median is taken over; at least 1 (1 turns the median off).
    ///   - timeConstantSeconds: The smoothing time constant, in seconds; 0 gives the plain running median.
    init(medianFixCount: Int, timeConstantSeconds: Double) {
        precondition(medianFixCount >= 1, "a median needs at least 1 speed, got median \(medianFixCount)")
        recent = RingBuffer(capacity: medianFixCount)
        self.timeConstantSeconds = timeConstantSeconds
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        let speed = fix.speedMetersPerSecond
        let isFirst = filteredMetersPerSecond < 0
        let elapsedSeconds = fix.timestampSeconds - lastUpdateSeconds
        // Known: 0 or more and finite (NaN fails both tests).
        if speed >= 0 && speed < .infinity && (isFirst || elapsedSeconds > 0) {
            insert(speed)
            let median = currentMedian
            if isFirst {
                filteredMetersPerSecond = median
            } else {
                // dt / 0 = infinity for tau 0: the weight is exactly 1.
                let weight = 1 - exp(-elapsedSeconds / timeConstantSeconds)
                filteredMetersPerSecond += weight * (median - filteredMetersPerSecond)
            }
            lastUpdateSeconds = fix.timestampSeconds
        }
        var estimate = fix
        estimate.speedMetersPerSecond = filteredMetersPerSecond
        estimates.append(estimate)
    }

    /// Adds a speed to the window, dropping the oldest once it is full.
    private mutating func insert(_ speed: Double) {
        var index: Int
        if let oldest = recent.append(speed) {
            // The new speed takes the oldest one's place, then moves to where it belongs. Every value in
            // `recent` is in `sorted`, so the search succeeds.
            index = sorted.firstIndex(of: oldest)!
        } else {
            sorted.append(speed)
            index = sorted.count - 1
        }
        while index > 0 && sorted[index - 1] > speed {
            sorted[index] = sorted[index - 1]
            index -= 1
        }
        while index + 1 < sorted.count && sorted[index + 1] < speed {
            sorted[index] = sorted[index + 1]
            index += 1
        }
        sorted[index] = speed
    }

    /// The median of the window, which is not empty.
    private var currentMedian: Double {
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 {
            return sorted[middle]
        }
        return (sorted[middle - 1] + sorted[middle]) / 2
    }
}
