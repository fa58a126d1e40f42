import TrackBenchMetrics

/// One filter's metric in one scenario, over its seeds, gathered as pairs come: what the per-scenario guard
/// (`ScenarioWorsening`) needs, without the pairs.
struct ScenarioTally: Sendable {
    /// The scenario.
    let scenarioID: String
    /// How many pairs (seeds) there were.
    private(set) var count = 0
    /// The baseline's values summed in pair order.
    private(set) var beforeSum = 0.0
    /// The run's values summed in pair order.
    private(set) var afterSum = 0.0
    /// How many pairs changed.
    private(set) var changedCount = 0
    /// The changes, run minus baseline.
    private(set) var changes = RunningMoments()
    /// The scenario's rows that got worst.
    private(set) var worst: WorstRows

    /// No pairs yet; `worstRowLimit` rows that got worst are kept (nil: all).
    init(scenarioID: String, worstRowLimit: Int?) {
        self.scenarioID = scenarioID
        worst = WorstRows(limit: worstRowLimit)
    }

    /// Adds one seed's pair of finite values.
    mutating func add(_ row: WorstRows.Row) {
        count += 1
        beforeSum += row.before
        afterSum += row.after
        let change = row.after - row.before
        if change != 0 { changedCount += 1 }
        changes.add(change)
        worst.add(row)
    }
}
