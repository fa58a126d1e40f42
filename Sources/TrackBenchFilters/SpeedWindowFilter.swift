import TrackBenchModel
/// The time-windowed average of the reported speed: the mean of the known speeds of the last max-age seconds.
///
/// The window holds the known speeds of the fixes whose timestamps are at
/// most `max-age` seconds older than the newest timestamp seen, the current
/// fix included; older ones are dropped (an age of exactly `max-age` stays).
/// With at least `min-fixes` speeds in the window each fix's speed is
/// replaced by their plain mean, in metres per second; with fewer, the fix
/// keeps its own speed, so the start of a run is not averaged over one or two
/// readings. Everything else about the fix (position, accuracy, course,
/// times) passes through unchanged.
///
/// This is the averaging many running apps ship, and its shortcomings are
/// the point of benchmarking it:
/// - A hard cut-off: a reading counts fully for `max-age` seconds and then
///   not at all, so the estimate jumps when an old outlier leaves the window.
/// - No decay: a reading 14 s old weighs as much as the newest one, so a
///   change of pace shows up only gradually, over the whole window.
/// - A stop is noticed late: the mean reaches 0 only once every moving
///   reading has left, `max-age` seconds after stopping (at the default 15 s
///   and 1 Hz it is still above half the running speed after 6 s).
///
/// Edge cases: unknown speeds (negative, NaN or infinite) do not enter the
/// window; such a fix gets the mean if the window has enough speeds, or its
/// own unknown speed. A stale fix (a timestamp older than the newest seen)
/// does not move the window back; it joins it only if it is still inside.
/// Invalid coordinates do not matter here.
///
/// - Complexity: O(k) per fix for k speeds in the window (about `max-age` x
///   the fix rate), without allocation once the window has reached its size.
struct SpeedWindowFilter: RegisteredFilter {
    static let name = "speed-window"
    static let summary = "Mean of the known speeds reported in the last max-age seconds, once there are min-fixes of them; positions unchanged."
    static let timing = FilterTiming.online
    /// The `max-age` parameter.
    static let maxAge = FilterParameter(
        name: "max-age",
        defaultValue: 15,
        unit: "s",
        summary: "how far back, by timestamp, speeds are averaged; 15 s is the running-app choice, and a stop shows fully only after this long",
        minimum: 0
    )
    /// The `min-fixes` parameter.
    static let minFixes = FilterParameter(
        name: "min-fixes",
        defaultValue: 3,
        unit: "fixes",
        summary: "fewest known speeds in the window for the mean to be used; with fewer a fix keeps its own speed",
        minimum: 1,
        isInteger: true
    )
    static let parameters = [maxAge, minFixes]

    /// One known speed in the window.
    private struct Reading: Sendable {
        var timestampSeconds: Double
        var metersPerSecond: Double
    }

    private let maxAgeSeconds: Double
    private let minimumFixCount: Int
    /// The known speeds in the window, in arrival order, from `start` on; those before it have left.
    private var window: [Reading] = []
    /// Where the window begins in `window`.
    private var start = 0
    /// Whether the readings from `start` on arrived in time order, as nearly all do: then the ones that
    /// leave are the first few, and leaving is moving `start`; a stale fix's reading makes a whole pass necessary.
    private var isInTimeOrder = true
    /// The newest timestamp seen, the window's "now"; -infinity before the first fix.
    private var newestTimestampSeconds = -Double.infinity

    init(settings: FilterSettings) {
        self.init(maxAgeSeconds: settings[Self.maxAge], minimumFixCount: Int(settings[Self.minFixes]))
    }

    /// Creates the filter.
    /// - Parameters:
    ///   - maxAgeSeconds: How much older than the newest timestamp a speed may be and still count, in seconds.
    ///   - minimumFixCount: The fewest known speeds in the window for the mean to be used; at least 1.
    init(maxAgeSeconds: Double, minimumFixCount: Int) {
        precondition(minimumFixCount >= 1, "the mean needs at least 1 speed, got min-fixes \(minimumFixCount)")
        self.maxAgeSeconds = maxAgeSeconds
        self.minimumFixCount = minimumFixCount
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        newestTimestampSeconds = max(newestTimestampSeconds, fix.timestampSeconds)
        let now = newestTimestampSeconds
        let maxAge = maxAgeSeconds
        if isInTimeOrder {
            while start < window.count && now - window[start].timestampSeconds > maxAge {
                start += 1
            }
        } else {
            window.removeSubrange(0..<start)
            start = 0
            window.removeAll { now - $0.timestampSeconds > maxAge }
            isInTimeOrder = zip(window, window.dropFirst()).allSatisfy { $0.timestampSeconds <= $1.timestampSeconds }
        }
        // The readings that left are dropped once they are as many as those in the window, so it never grows.
        if start > 0 && start >= window.count - start {
            window.removeSubrange(0..<start)
            start = 0
        }
        let speed = fix.speedMetersPerSecond
        // Known: 0 or more and finite (NaN fails both tests); a stale fix joins only if inside the window.
        if speed >= 0 && speed < .infinity && !(now - fix.timestampSeconds > maxAge) {
            if let last = window.last, start < window.count, !(last.timestampSeconds <= fix.timestampSeconds) {
                isInTimeOrder = false
            }
            window.append(Reading(timestampSeconds: fix.timestampSeconds, metersPerSecond: speed))
        }
        var estimate = fix
        let count = window.count - start
        if count >= minimumFixCount {
            var sum = 0.0
            for index in start..<window.count {
                sum += window[index].metersPerSecond
            }
            estimate.speedMetersPerSecond = sum / Double(count)
        }
        estimates.append(estimate)
    }
}
