import TrackBenchMetrics
/// The tolerance for each metric: one default, with overrides for chosen metrics.
package struct ToleranceSet: Sendable, Hashable {
    /// The tolerance of every metric without an override.
    package var standard: Tolerance
    /// Per-metric absolute allowances that replace the standard absolute one.
    package var absoluteOverrides: [Metric: Double]

    /// Creates a set; by default every metric gets `Tolerance.standard`.
    package init(standard: Tolerance = .standard, absoluteOverrides: [Metric: Double] = [:]) {
        self.standard = standard
        self.absoluteOverrides = absoluteOverrides
    }

    /// The tolerance for one metric.
    package subscript(metric: Metric) -> Tolerance {
        Tolerance(absolute: absoluteOverrides[metric] ?? standard.absolute, relative: standard.relative)
    }
}
