import TrackBenchMetrics

/// The regression gate's comparison made as rows come: a baseline read a row at a time, paired with a run's rows in
/// the order the run delivers them, so neither side is held.
///
/// Baseline rows are compared in baseline order, as `BaselineComparison`
/// compares listed rows, so the comparison is the same to the last bit. A run
/// delivers its rows in the order the baseline was written (the same suite,
/// seeds and filters), so a run's row waits for its baseline row only
/// briefly; rows of the run the baseline lacks, and baseline rows the run
/// will not produce, are recognised at once by the callers' two predicates.
/// Only rows that come in another order are held until their partner comes.
package struct BaselinePairing {
    /// The next baseline row the gate judges, with its line; nil after the last.
    package typealias BaselineRows = () throws -> (score: ScenarioScore, line: Int)?

    /// The comparison so far; complete after `finish()`.
    package private(set) var comparison: BaselineComparison
    /// How many baseline rows were judged.
    package private(set) var judgedCount = 0
    /// The filters of the judged baseline rows, in baseline order.
    package private(set) var judgedFilters: [String] = []
    /// The line of the first baseline row with a value no gate can compare with.
    package private(set) var firstBadValueLine: Int?
    /// The filters of the run's rows, in the run's order.
    package private(set) var runFilters: [String] = []

    private let baselineRows: BaselineRows
    private let baselineHas: (ScenarioScore.Key) -> Bool
    private let runMayHave: (ScenarioScore.Key) -> Bool
    /// The run's rows waiting for their baseline row, by key, with their place in the run.
    private var waiting: [ScenarioScore.Key: (position: Int, score: ScenarioScore)] = [:]
    /// The run's rows the baseline lacks, with their place in the run.
    private var unpaired: [(position: Int, score: ScenarioScore)] = []
    /// The baseline row waiting for its partner.
    private var next: (score: ScenarioScore, line: Int)?
    private var position = 0
    /// The most run rows that ever waited at once: what the pairing held beyond its tallies.
    package private(set) var mostWaiting = 0

    /// Starts a comparison.
    /// - Parameters:
    ///   - comparison: An empty comparison with the gate's tolerances.
    ///   - baselineRows: The judged baseline rows, in file order.
    ///   - baselineHas: Whether a judged baseline row has the key: exactly.
    ///   - runMayHave: Whether the run may deliver a row with the key: false only for keys it certainly will not.
    package init(
        _ comparison: BaselineComparison, baselineRows: @escaping BaselineRows,
        baselineHas: @escaping (ScenarioScore.Key) -> Bool, runMayHave: @escaping (ScenarioScore.Key) -> Bool
    ) {
        self.comparison = comparison
        self.baselineRows = baselineRows
        self.baselineHas = baselineHas
        self.runMayHave = runMayHave
    }

    /// Adds the run's next row, as a results file holds it.
    /// - Throws: The baseline reader's error.
    package mutating func add(_ score: ScenarioScore) throws {
        position += 1
        if !runFilters.contains(score.filter) { runFilters.append(score.filter) }
        guard baselineHas(score.key) else {
            unpaired.append((position, score))
            return
        }
        waiting[score.key] = (position, score)
        mostWaiting = max(mostWaiting, waiting.count)
        try advance(isComplete: false)
    }

    /// Compares the rest of the baseline once the run delivered every row.
    /// - Throws: The baseline reader's error.
    package mutating func finish() throws {
        try advance(isComplete: true)
        unpaired += waiting.values
        waiting = [:]
        for (_, score) in unpaired.sorted(by: { $0.position < $1.position }) {
            comparison.addUnpaired(score)
        }
        unpaired = []
    }

    /// Compares baseline rows while their partner is known: delivered, or certainly not coming.
    private mutating func advance(isComplete: Bool) throws {
        while true {
            if next == nil { next = try baselineRows() }
            guard let row = next else { return }
            let partner = waiting.removeValue(forKey: row.score.key)
            guard partner != nil || isComplete || !runMayHave(row.score.key) else { return }
            next = nil
            judgedCount += 1
            if !judgedFilters.contains(row.score.filter) { judgedFilters.append(row.score.filter) }
            let badValues = comparison.badBaselineValues.count
            comparison.add(baseline: row.score, current: partner?.score)
            if firstBadValueLine == nil, comparison.badBaselineValues.count > badValues { firstBadValueLine = row.line }
        }
    }
}
