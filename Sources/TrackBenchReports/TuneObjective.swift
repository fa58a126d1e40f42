import TrackBenchMetrics
import TrackBenchSupport
/// What `tune` looks for: the best mean of one metric among the settings that meet every constraint, and the
/// Pareto front of two or three metrics for a team that trades one against another.
///
/// Means are the summaries' (`FilterSummary.means`): absolute values for metrics where closer to zero is better
/// (distance error, lag), so `--max lag_s=2` bounds the mean absolute lag.
package struct TuneObjective: Sendable {
    /// A bound on one metric's mean.
    package struct Constraint: Sendable, Hashable {
        /// The bounded metric.
        package var metric: Metric
        /// The bound, in the metric's unit.
        package var bound: Double
        /// Whether the mean may be at most `bound` (`--max`) rather than at least (`--min`).
        package var isMaximum: Bool

        /// Creates a bound: at most `bound` when `isMaximum`, at least otherwise.
        package init(metric: Metric, bound: Double, isMaximum: Bool) {
            self.metric = metric
            self.bound = bound
            self.isMaximum = isMaximum
        }

        /// Whether `means` meet the bound; a metric that never applied does not.
        package func isMet(by means: [Metric: Double]) -> Bool {
            guard let value = means[metric], value.isFinite else { return false }
            return isMaximum ? value <= bound : value >= bound
        }

        /// `lag_s <= 2`.
        package var description: String {
            "\(metric.column) \(isMaximum ? "<=" : ">=") \(NumberFormat.compact(bound))"
        }
    }

    /// The metric whose mean picks the best setting.
    package var metric: Metric
    /// Bounds every setting picked must meet.
    package var constraints: [Constraint]
    /// The two or three metrics of the Pareto front.
    package var paretoMetrics: [Metric]

    /// Creates an objective.
    package init(metric: Metric, constraints: [Constraint] = [], paretoMetrics: [Metric]) {
        self.metric = metric
        self.constraints = constraints
        self.paretoMetrics = paretoMetrics
    }

    /// Whether `means` meet every constraint.
    package func isFeasible(_ means: [Metric: Double]) -> Bool {
        constraints.allSatisfy { $0.isMet(by: means) }
    }

    /// The positions of `means` best first: settings that meet the constraints before those that do not, then by
    /// the objective's mean (a mean that is missing, NaN or infinite last), then by position, so the order is total.
    package func ranked(_ means: [[Metric: Double]]) -> [Int] {
        let keys = means.map { means -> (feasible: Bool, value: Double?) in
            (isFeasible(means), means[metric].flatMap { $0.isFinite ? $0 : nil })
        }
        return means.indices.sorted { first, second in
            let (a, b) = (keys[first], keys[second])
            if a.feasible != b.feasible { return a.feasible }
            switch (a.value, b.value) {
            case let (x?, y?) where x != y: return metric.isBetter(x, than: y)
            case (_?, nil): return true
            case (nil, _?): return false
            default: return first < second
            }
        }
    }

    /// Whether `first` is at least as good as `second` in every Pareto metric and better in one.
    package func dominates(_ first: [Metric: Double], _ second: [Metric: Double]) -> Bool {
        var better = false
        for metric in paretoMetrics {
            guard let a = first[metric], let b = second[metric] else { return false }
            if metric.isBetter(b, than: a) { return false }
            if metric.isBetter(a, than: b) { better = true }
        }
        return better
    }

    /// The positions of `means` on the Pareto front: those with a finite mean of every Pareto metric that no other
    /// such one dominates, in position order. O(n²), a few thousand comparisons for a grid of 64.
    package func paretoFront(_ means: [[Metric: Double]]) -> [Int] {
        let eligible = means.indices.filter { index in paretoMetrics.allSatisfy { means[index][$0]?.isFinite ?? false } }
        return eligible.filter { index in !eligible.contains { $0 != index && dominates(means[$0], means[index]) } }
    }
}
