/// The regression gate's verdict: every (scenario, filter, metric) of a run compared with a baseline.
public struct BaselineComparison: Sendable {
    /// One metric of one (scenario, filter) that moved beyond tolerance.
    public struct Change: Sendable, Hashable {
        /// The scenario id.
        public var scenarioID: String
        /// The filter label.
        public var filter: String
        /// The metric that moved.
        public var metric: Metric
        /// The baseline's value; nil if the metric did not apply there.
        public var baseline: Double?
        /// This run's value; nil if the metric does not apply now.
        public var current: Double?

        /// current - baseline, in the metric's unit; nil if either is missing.
        public var delta: Double? {
            guard let baseline, let current else { return nil }
            return current - baseline
        }
    }

    /// A (scenario, filter) pair present on one side only.
    public struct Pair: Sendable, Hashable {
        /// The scenario id.
        public var scenarioID: String
        /// The filter label.
        public var filter: String
    }

    /// Metrics that got worse beyond tolerance, in baseline row order.
    public private(set) var regressions: [Change] = []
    /// Metrics that got better beyond tolerance: the baseline is stale.
    public private(set) var improvements: [Change] = []
    /// Pairs in the baseline that this run no longer produces.
    public private(set) var missing: [Pair] = []
    /// Pairs this run produces that the baseline does not have.
    public private(set) var added: [Pair] = []
    /// Pairs whose simulated input (fixes, true or noisy distance) differs:
    /// the noise model, the scenario file or the seed changed, not the filter.
    public private(set) var changedInputs: [Pair] = []
    /// Metric comparisons that stayed within tolerance.
    public private(set) var unchangedCount = 0

    /// Compares a run with a baseline.
    /// - Parameters:
    ///   - baseline: The committed scores.
    ///   - current: This run's scores.
    ///   - tolerances: The allowance per metric.
    public init(baseline: [ScenarioScore], current: [ScenarioScore], tolerances: ToleranceSet = ToleranceSet()) {
        var currentByKey: [String: ScenarioScore] = [:]
        for score in current {
            currentByKey[score.pairKey] = score
        }
        let baselineKeys = Set(baseline.map(\.pairKey))
        for old in baseline {
            guard let new = currentByKey[old.pairKey] else {
                missing.append(Pair(scenarioID: old.scenarioID, filter: old.filter))
                continue
            }
            let distanceTolerance = tolerances[.errorPercent]
            if old.fixes != new.fixes
                || !distanceTolerance.allows(new.trueDistanceMeters - old.trueDistanceMeters, from: old.trueDistanceMeters)
                || !distanceTolerance.allows(new.noisyDistanceMeters - old.noisyDistanceMeters, from: old.noisyDistanceMeters) {
                changedInputs.append(Pair(scenarioID: old.scenarioID, filter: old.filter))
                continue
            }
            for metric in Metric.allCases {
                compare(metric, old: old, new: new, tolerance: tolerances[metric])
            }
        }
        added = current.filter { !baselineKeys.contains($0.pairKey) }.map { Pair(scenarioID: $0.scenarioID, filter: $0.filter) }
    }

    /// Whether the gate passes: nothing got worse, nothing disappeared, the inputs are the same;
    /// in strict mode also nothing improved and nothing was added (the baseline is up to date).
    public func passes(strict: Bool) -> Bool {
        let clean = regressions.isEmpty && missing.isEmpty && changedInputs.isEmpty
        return clean && (!strict || (improvements.isEmpty && added.isEmpty))
    }

    private mutating func compare(_ metric: Metric, old: ScenarioScore, new: ScenarioScore, tolerance: Tolerance) {
        let before = metric.value(in: old)
        let after = metric.value(in: new)
        let change = Change(scenarioID: old.scenarioID, filter: old.filter, metric: metric, baseline: before, current: after)
        switch (before, after) {
        case (nil, nil):
            return
        case (.some, nil):
            regressions.append(change)
        case (nil, .some):
            improvements.append(change)
        case let (.some(before), .some(after)):
            let worsening: Double
            switch metric.direction {
            case .lower: worsening = after - before
            case .higher: worsening = before - after
            case .closerToZero: worsening = abs(after) - abs(before)
            }
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
