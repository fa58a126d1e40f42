/// Means of several metrics' summary values over scores added one at a time: one pass over the rows for all of them.
///
/// Each mean sums its values in the order the scores were added, as
/// `Statistics.mean` of that metric's values would, so the numbers are the
/// same bits; a score is read once, not once per metric.
struct MetricMeans: Sendable {
    /// The metrics averaged, in order.
    let metrics: [Metric]
    private var sums: [Double]
    private var counts: [Int]

    init(_ metrics: [Metric]) {
        self.metrics = metrics
        sums = Array(repeating: 0, count: metrics.count)
        counts = Array(repeating: 0, count: metrics.count)
    }

    /// Adds the summary value (`Metric.summaryValue(in:)`) of every metric that applies to `score`.
    mutating func add(_ score: ScenarioScore) {
        for index in metrics.indices {
            if let value = metrics[index].summaryValue(in: score) {
                sums[index] += value
                counts[index] += 1
            }
        }
    }

    /// Each metric's mean; a metric that applied to no score added is absent.
    var means: [Metric: Double] {
        var means: [Metric: Double] = [:]
        for index in metrics.indices where counts[index] > 0 {
            means[metrics[index]] = sums[index] / Double(counts[index])
        }
        return means
    }
}
