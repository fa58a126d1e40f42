import TrackBenchMetrics

/// One filter's metric that got worse: its test over the whole suite and the groups and scenarios that explain it.
///
/// The gate's first screen leads with these, one per filter and metric:
/// those worse over the whole suite first, each the worst relative to its
/// allowance first, so a filter that got worse in lag is named for lag even
/// when its distance error barely moved.
package struct MetricFinding: Sendable {
    /// The metric's test over the whole suite, with its own verdict (a change confined to a group or a scenario
    /// may leave it within noise).
    package var suite: PairedVerdicts.Test
    /// The groups in which the metric regressed, most severe first.
    package var groups: [PairedVerdicts.Test]
    /// The scenarios the per-scenario guard caught, most severe first.
    package var scenarios: [ScenarioWorsening]

    /// The filter.
    package var filter: String { suite.filter }
    /// The metric.
    package var metric: Metric { suite.metric }

    /// How bad the finding is, in multiples of the allowance: the suite's worsening when the suite regressed, else
    /// the worst group's, or a guarded scenario's worsening over the suite's allowance.
    package var severity: Double {
        if suite.verdict == .regression { return suite.severity }
        let scenarioSeverity = scenarios.map { suite.allowance > 0 ? $0.worsening / suite.allowance : $0.worsening }
        return (groups.map(\.severity) + scenarioSeverity).max() ?? 0
    }

    /// Every filter and metric that got worse: those worse over the whole suite first, each kind the most severe
    /// first (ties in baseline and column order).
    static func findings(in verdicts: PairedVerdicts) -> [MetricFinding] {
        let regressions = verdicts.regressions
        var found: [MetricFinding] = []
        for suite in verdicts.tests where suite.group == PairedVerdicts.wholeSuite {
            let groups = regressions.filter { $0.filter == suite.filter && $0.metric == suite.metric && $0.group != PairedVerdicts.wholeSuite }
            let scenarios = verdicts.scenarioWorsenings.filter { $0.filter == suite.filter && $0.metric == suite.metric }
            guard suite.verdict == .regression || !groups.isEmpty || !scenarios.isEmpty else { continue }
            found.append(MetricFinding(suite: suite, groups: groups, scenarios: scenarios))
        }
        return found.enumerated().sorted { a, b in
            let (wholeA, wholeB) = (a.element.suite.verdict == .regression, b.element.suite.verdict == .regression)
            if wholeA != wholeB { return wholeA }
            return a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
    }
}
