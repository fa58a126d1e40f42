/// The count, mean and spread of values added one at a time (Welford's method), without keeping the values.
///
/// The regression gate's tests over seeds gather one value per seed (or per
/// scenario and seed) for runs of any number of seeds; Welford's updates
/// keep the mean and the sum of squared deviations accurate where sums of
/// squares would cancel, and give a spread of exactly 0 for equal values.
/// Results agree with the two-pass `Statistics.mean` and
/// `Statistics.standardDeviation` to rounding (about 1e-15 relative).
package struct RunningMoments: Sendable, Hashable {
    /// How many values were added.
    package private(set) var count = 0
    /// Their mean; 0 before any.
    package private(set) var mean = 0.0
    /// The sum of squared deviations from the mean.
    private var squaredDeviations = 0.0

    /// No values yet.
    package init() {}

    /// Adds a value.
    package mutating func add(_ value: Double) {
        count += 1
        let delta = value - mean
        mean += delta / Double(count)
        squaredDeviations += delta * (value - mean)
    }

    /// The sample standard deviation (n - 1 in the denominator); nil for fewer than two values.
    package var standardDeviation: Double? {
        count > 1 ? (max(0, squaredDeviations) / Double(count - 1)).squareRoot() : nil
    }
}
