import TrackBenchMetrics

extension PairedVerdicts {
    /// `check`'s decisions on one metric of `second` judged against the baseline `first`, by filter and group: what
    /// `compare` shows, so that it calls real exactly the differences `check --baseline` would.
    ///
    /// Pairs whose simulated input differs are compared all the same (`compare` warns about files made differently),
    /// and the tolerances are `check`'s defaults (`PairedDecision.absoluteAllowance`, `PairedDecision.relativeAllowance`).
    package static func decisions(of metric: Metric, first: [ScenarioScore], second: [ScenarioScore]) -> [String: [String: PairedDecision]] {
        let tolerances = ToleranceSet(standard: Tolerance(absolute: PairedDecision.absoluteAllowance, relative: PairedDecision.relativeAllowance))
        let comparison = BaselineComparison(baseline: first, current: second, tolerances: tolerances, comparesInputs: false)
        let verdicts = PairedVerdicts(comparison, tolerances: tolerances)
        var decisions: [String: [String: PairedDecision]] = [:]
        for test in verdicts.tests where test.metric == metric {
            decisions[test.filter, default: [:]][test.group] = test.decision
        }
        return decisions
    }
}
