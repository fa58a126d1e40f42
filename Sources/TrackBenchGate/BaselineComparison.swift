import TrackBenchMetrics
/// The regression gate's verdict: every (scenario, filter, seed, metric) of a run compared with a baseline.
package struct BaselineComparison: Sendable {
    /// One metric of one result that moved beyond tolerance, or came out non-finite.
    package struct Change: Sendable, Hashable {
        /// The result: scenario, filter and seed.
        package var key: ScenarioScore.Key
        /// The metric that moved.
        package var metric: Metric
        /// The baseline's value; nil if the metric did not apply there.
        package var baseline: Double?
        /// This run's value; nil if the metric does not apply now, NaN or infinite if the filter diverged.
        package var current: Double?

        /// current - baseline, in the metric's unit; nil if either is missing.
        package var delta: Double? {
            guard let baseline, let current else { return nil }
            return current - baseline
        }
    }

    /// A paired result whose filter delivered another number of estimates than in the baseline.
    package struct EstimateCountChange: Sendable, Equatable {
        /// The result (scenario, filter, seed).
        package var key: ScenarioScore.Key
        /// `estimated_fixes` in the baseline.
        package var baseline: Int
        /// `estimated_fixes` in this run.
        package var current: Int
    }

    /// Metrics whose value this run is NaN or infinite: a filter that diverged, the worst regression.
    package private(set) var nonFinite: [Change] = []
    /// Metrics that got worse beyond tolerance, in baseline row order.
    package private(set) var regressions: [Change] = []
    /// Metrics that got better beyond tolerance: the baseline is stale.
    package private(set) var improvements: [Change] = []
    /// Results in the baseline that this run no longer produces.
    package private(set) var missing: [ScenarioScore.Key] = []
    /// Results this run produces that the baseline does not have.
    package private(set) var added: [ScenarioScore.Key] = []
    /// Results whose simulated input (fixes, true or noisy distance) differs:
    /// the noise model changed, not the filter.
    package private(set) var changedInputs: [ScenarioScore.Key] = []
    /// Baseline values that cannot be a baseline: non-finite, or empty where this run measures the metric (and
    /// the baseline's filter produced estimates). Such a baseline would let any current value pass.
    package private(set) var badBaselineValues: [Change] = []
    /// Results found in both with the same simulated input, as paired verdicts compare them: gathered per filter,
    /// metric and group rather than listed.
    package private(set) var paired: PairedTally
    /// Paired results whose `estimated_fixes` differs, compared exactly: `kept_pct`, written to two decimals,
    /// cannot show a few fixes more or fewer on a long run. They inform; `kept_pct` judges them.
    package private(set) var estimateCountChanges: [EstimateCountChange] = []
    /// Metric comparisons that stayed within tolerance.
    package private(set) var unchangedCount = 0
    /// Results (scenario, filter, seed) found in both and compared metric by metric.
    package private(set) var comparedResultCount = 0

    /// How many metric values were compared: within tolerance, better or worse.
    package var comparedCount: Int { unchangedCount + improvements.count + regressions.count }

    /// The allowance per metric.
    private let tolerances: ToleranceSet
    /// Whether a result with other simulated input is set aside as changed input.
    private let comparesInputs: Bool

    /// Compares a run with a baseline.
    /// - Parameters:
    ///   - baseline: The committed scores.
    ///   - current: This run's scores.
    ///   - tolerances: The allowance per metric.
    ///   - comparesInputs: Whether a result with other simulated input is set aside as changed input; false when the
    ///     run is on purpose the same filters on other noise (`check --noise-seeds`), which also leaves out a metric
    ///     with a value on one side only (whether a filter yields one depends on the noise).
    package init(baseline: [ScenarioScore], current: [ScenarioScore], tolerances: ToleranceSet = ToleranceSet(), comparesInputs: Bool = true) {
        self.init(tolerances: tolerances, comparesInputs: comparesInputs, seedsInBlocks: SeedBlocks.areBlocks(baseline.map(\.seed)))
        var currentByKey: [ScenarioScore.Key: ScenarioScore] = [:]
        for score in current {
            currentByKey[score.key] = score
        }
        let baselineKeys = Set(baseline.map(\.key))
        for old in baseline {
            add(baseline: old, current: currentByKey[old.key])
        }
        for score in current where !baselineKeys.contains(score.key) {
            addUnpaired(score)
        }
    }

    /// An empty comparison, to which rows are added one at a time (`BaselinePairing`).
    /// - Parameters:
    ///   - tolerances: The allowance per metric.
    ///   - worstRowLimit: How many of the most worsened rows to keep per filter, metric and group; nil for all.
    ///   - comparesInputs: Whether a result with other simulated input is set aside (see `init(baseline:current:tolerances:comparesInputs:)`).
    ///   - seedsInBlocks: Whether the baseline rows come seed by seed, each seed's rows together (as `run` writes them),
    ///     so the test over seeds folds each seed's mean as it ends; false keeps every seed's sums (`PairedTally`).
    package init(tolerances: ToleranceSet, worstRowLimit: Int? = nil, comparesInputs: Bool = true, seedsInBlocks: Bool = false) {
        self.tolerances = tolerances
        self.comparesInputs = comparesInputs
        paired = PairedTally(worstRowLimit: worstRowLimit, seedsInBlocks: seedsInBlocks)
    }

    /// Compares the next baseline row, in baseline order, with this run's row of the same key (nil: there is none).
    package mutating func add(baseline old: ScenarioScore, current new: ScenarioScore?) {
        guard let new else {
            missing.append(old.key)
            return
        }
        if comparesInputs && Self.inputsDiffer(old, new) {
            changedInputs.append(old.key)
            return
        }
        paired.add(baseline: old, current: new)
        comparedResultCount += 1
        if old.estimatedFixes != new.estimatedFixes {
            estimateCountChanges.append(EstimateCountChange(key: old.key, baseline: old.estimatedFixes, current: new.estimatedFixes))
        }
        for metric in Metric.allCases {
            // A value no gate can compare with is reported as such, not judged. On other noise, whether a metric
            // has a value at all (a filter that yields no estimate) depends on the noise: such pairs are left out.
            let oneSided = (metric.value(in: old) == nil) != (metric.value(in: new) == nil)
            if !comparesInputs && oneSided { continue }
            if let problem = Self.badBaselineValue(metric, old: old, new: new) {
                badBaselineValues.append(problem)
            } else {
                compare(metric, old: old, new: new, tolerance: tolerances[metric])
            }
        }
    }

    /// Adds a row of this run the baseline does not have, after every baseline row, in the run's order.
    package mutating func addUnpaired(_ score: ScenarioScore) {
        added.append(score.key)
        for metric in Metric.allCases {
            if let value = metric.value(in: score), !value.isFinite {
                nonFinite.append(Change(key: score.key, metric: metric, baseline: nil, current: value))
            }
        }
    }

    /// How much a simulated input (a distance in metres) may move before the run counts as having other input:
    /// fixed, whatever the metrics' tolerances, so a loose metric tolerance never hides a changed noise model.
    /// Results are deterministic; this absorbs the last digits of platforms' math libraries only.
    package static let inputTolerance = Tolerance(absolute: 0.001, relative: 1e-6)

    /// Whether the simulated input differs: delivered fixes, or the true or noisy distance.
    static func inputsDiffer(_ old: ScenarioScore, _ new: ScenarioScore) -> Bool {
        old.fixes != new.fixes
            || !inputTolerance.allows(new.trueDistanceMeters - old.trueDistanceMeters, from: old.trueDistanceMeters)
            || !inputTolerance.allows(new.noisyDistanceMeters - old.noisyDistanceMeters, from: old.noisyDistanceMeters)
    }

    /// A baseline value no gate can compare with: non-finite, or empty where the run measures it although the
    /// baseline's filter produced estimates (with none, an empty value is what the metric gives).
    static func badBaselineValue(_ metric: Metric, old: ScenarioScore, new: ScenarioScore) -> Change? {
        let before = metric.value(in: old)
        let after = metric.value(in: new)
        let change = Change(key: old.key, metric: metric, baseline: before, current: after)
        if let before, !before.isFinite { return change }
        if before == nil, after != nil, old.estimatedFixes > 0 { return change }
        return nil
    }

    /// The gate's outcome.
    package enum Verdict: Sendable, Equatable {
        /// Everything compared is within tolerance (improvements and new results allowed unless strict).
        case pass
        /// In strict mode, the only differences are improvements or new results: the baseline is stale.
        case improvedOnly
        /// Something got worse, diverged, disappeared or was computed from changed inputs.
        case regressed
    }

    /// The verdict; in strict mode improvements and new results fail it as `.improvedOnly`.
    package func verdict(strict: Bool) -> Verdict {
        guard nonFinite.isEmpty, regressions.isEmpty, missing.isEmpty, changedInputs.isEmpty else { return .regressed }
        // A bad baseline is refused before any verdict (exit 1); as a verdict it cannot pass.
        guard badBaselineValues.isEmpty else { return .regressed }
        return strict && !(improvements.isEmpty && added.isEmpty) ? .improvedOnly : .pass
    }

    private mutating func compare(_ metric: Metric, old: ScenarioScore, new: ScenarioScore, tolerance: Tolerance) {
        let before = metric.value(in: old)
        let after = metric.value(in: new)
        let change = Change(key: old.key, metric: metric, baseline: before, current: after)
        switch (before, after) {
        case (nil, nil):
            return
        case let (_, .some(after)) where !after.isFinite:
            nonFinite.append(change)
        case (.some, nil):
            regressions.append(change)
        case (nil, .some):
            improvements.append(change)
        case let (.some(before), .some(after)):
            let worsening = metric.worsening(from: before, to: after)
            if tolerance.allows(worsening, from: before) {
                unchangedCount += 1
            } else if worsening > 0 {
                regressions.append(change)
            } else {
                improvements.append(change)
            }
        }
    }
}
