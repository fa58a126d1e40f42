import TrackBenchMetrics
/// The tolerance for each metric: one default, with overrides for chosen metrics.
public struct ToleranceSet: Sendable, Hashable {
    /// The tolerance of every metric without an override.
    public var standard: Tolerance
    /// Per-metric absolute allowances that replace the standard absolute one.
    public var absoluteOverrides: [Metric: Double]

    /// Creates a set; by default every metric gets `Tolerance.standard`.
    public init(standard: Tolerance = .standard, absoluteOverrides: [Metric: Double] = [:]) {
        self.standard = standard
        self.absoluteOverrides = absoluteOverrides
    }

    /// The tolerance for one metric.
    public subscript(metric: Metric) -> Tolerance {
        Tolerance(absolute: absoluteOverrides[metric] ?? standard.absolute, relative: standard.relative)
    }
}
