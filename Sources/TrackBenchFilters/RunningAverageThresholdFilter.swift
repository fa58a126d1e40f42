import TrackBenchModel
/// A running average that only admits accurate fixes: the final choice of a published
/// comparison of smoothing filters on phone tracks (Docs/sources.md).
///
/// Only fixes with 0 <= `horizontalAccuracyMeters` <= `threshold` enter the
/// FIFO window of the last `window` accepted fixes. Each fix that enters
/// produces one estimate: the fix with latitude, longitude and altitude
/// replaced by their means over the window, exactly as `running-average`
/// does. A rejected fix (too vague, invalid, or NaN accuracy) produces no
/// estimate and leaves the window as it was. The defaults, 11 m and 20 fixes,
/// are the published final choice.
///
/// Its documented weakness, which the benchmark should expose: the threshold
/// is fixed, so under a weak signal, when most fixes report more than 11 m,
/// it logs almost nothing, and when every fix does it logs nothing at all.
/// The window of 20 also lags about 10 accepted fixes behind on a straight
/// line. Compare `adaptive-gate+running-average`.
///
/// - Complexity: O(`window`) per accepted fix, O(1) per rejected one.
struct RunningAverageThresholdFilter: RegisteredFilter {
    static let name = "running-average-threshold"
    static let summary = "Running average of the last window fixes with accuracy <= threshold; fixes above the threshold produce no estimate."
    static let timing = FilterTiming.online
    /// The `threshold` parameter.
    static let threshold = FilterParameter(
        name: "threshold",
        defaultValue: 11,
        unit: "m",
        summary: "largest accuracy radius admitted to the average; 11 m is the published choice, and under weak signal it admits almost nothing",
        minimum: 0
    )
    /// The `window` parameter.
    static let window = FilterParameter(
        name: "window",
        defaultValue: 20,
        unit: "fixes",
        summary: "how many recent accepted fixes, the current one included, are averaged; the published choice is 20",
        minimum: 1,
        isInteger: true
    )
    static let parameters = [threshold, window]

    private let thresholdMeters: Double
    private var average: RunningAverageFilter

    init(settings: FilterSettings) {
        self.init(thresholdMeters: settings[Self.threshold], windowSize: Int(settings[Self.window]))
    }

    /// Creates the filter.
    /// - Parameters:
    ///   - thresholdMeters: The largest accuracy radius admitted, in metres.
    ///   - windowSize: How many recent accepted fixes are averaged, the current one included; at least 1.
    init(thresholdMeters: Double, windowSize: Int) {
        self.thresholdMeters = thresholdMeters
        average = RunningAverageFilter(windowSize: windowSize)
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        guard fix.hasValidCoordinate, fix.horizontalAccuracyMeters <= thresholdMeters else { return }
        average.receive(fix, into: &estimates)
    }
}
