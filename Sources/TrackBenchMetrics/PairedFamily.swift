import TrackBenchSupport

/// One filter's family of tests, a second side's rows judged against a first side's, formed as `check` forms it.
///
/// Pairs are matched by (scenario, seed). For every metric, over the whole
/// suite and within every group of the report's breakdowns (signal, speed or
/// gait, distance and path type for simulated rows, each tag of a recording
/// suite; a breakdown with one group only is left out), one `PairedDecision`;
/// for every scenario with at least `PairedDecision.minimumSeeds` seeds where
/// something changed, the per-scenario guard's t-test over its seeds. Every
/// test that ran is one family, corrected by Holm at `PairedDecision.level`,
/// so a comparison of two filters or two runs gets exactly the verdict `check`
/// gives the second side against a baseline holding the first, with `check`'s
/// default allowance. The report and `sweep` judge their neighbours and their
/// best value with it.
package struct PairedFamily: Sendable {
    /// The group every pair belongs to.
    package static let wholeSuite = "all scenarios"

    /// The decisions by metric and group, judged within the family.
    package private(set) var decisions: [Metric: [String: PairedDecision]] = [:]
    /// How many tests ran in the family.
    package private(set) var testCount = 0

    /// One pair: a scenario (any row of it, for its groups), a seed and every metric's summary value on each side, in
    /// `Metric.allCases` order, NaN where the metric does not apply or is not finite (such pairs are left out alike).
    package struct Pair: Sendable {
        /// A row of the pair's scenario, for the groups it belongs to.
        package var scenario: ScenarioScore
        /// The pair's seed.
        package var seed: UInt64
        /// The first side's values.
        package var before: [Double]
        /// The second side's values.
        package var after: [Double]

        /// Every metric's summary value of `score`, NaN where there is none.
        package static func values(of score: ScenarioScore) -> [Double] {
            Metric.allCases.map { $0.summaryValue(in: score) ?? .nan }
        }
    }

    /// Judges `second`'s rows against `first`'s, paired by scenario and seed in `first`'s order.
    package init(first: [ScenarioScore], second: [ScenarioScore]) {
        var secondByRun: [RunKey: ScenarioScore] = [:]
        for score in second { secondByRun[RunKey(score)] = score }
        self.init(pairs: first.compactMap { old in
            secondByRun[RunKey(old)].map { Pair(scenario: old, seed: old.seed, before: Pair.values(of: old), after: Pair.values(of: $0)) }
        })
    }

    /// Judges pairs listed in the first side's order.
    package init(pairs: [Pair]) {
        let groupings = Self.groupings(of: pairs.map(\.scenario))
        var family: [PairedDecision] = []
        var places: [(Metric, String)] = []
        var scenarioPValues: [Double] = []
        for (position, metric) in Metric.allCases.enumerated() {
            let values = pairs.compactMap { pair -> (ScenarioScore, Double, Double)? in
                let (before, after) = (pair.before[position], pair.after[position])
                guard before.isFinite, after.isFinite else { return nil }
                var scenario = pair.scenario
                scenario.seed = pair.seed
                return (scenario, before, after)
            }
            guard !values.isEmpty else { continue }
            var cells: [(String, [(ScenarioScore, Double, Double)])] = [(Self.wholeSuite, values)]
            for grouping in groupings {
                var order: [String] = []
                var members: [String: [(ScenarioScore, Double, Double)]] = [:]
                for value in values {
                    let group = Self.group(of: value.0, by: grouping)
                    if members[group] == nil { order.append(group) }
                    members[group, default: []].append(value)
                }
                cells += order.map { ($0, members[$0] ?? []) }
            }
            for (group, members) in cells {
                family.append(Self.decision(metric, members))
                places.append((metric, group))
            }
            scenarioPValues += Self.scenarioPValues(values)
        }
        let holm = HolmCorrection(pValues: family.flatMap(\.pValues) + scenarioPValues, alpha: PairedDecision.level)
        testCount = holm.levels.count
        var position = 0
        for (decision, place) in zip(family, places) {
            var judged = decision
            let count = judged.pValues.count
            judged.applying(levels: holm.levels[position..<position + count], rejected: holm.rejected[position..<position + count])
            position += count
            decisions[place.0, default: [:]][place.1] = judged
        }
    }

    /// One cell's decision, before the family's levels are set.
    private static func decision(_ metric: Metric, _ members: [(ScenarioScore, Double, Double)]) -> PairedDecision {
        var differences = PairedDifferences()
        var seedOrder: [UInt64] = []
        var seedSums: [UInt64: (sum: Double, count: Int)] = [:]
        for (score, before, after) in members {
            differences.add(before, after)
            if seedSums[score.seed] == nil { seedOrder.append(score.seed) }
            seedSums[score.seed, default: (0, 0)].sum += after - before
            seedSums[score.seed, default: (0, 0)].count += 1
        }
        let means = seedOrder.compactMap { seedSums[$0].map { $0.sum / Double($0.count) } }
        return PairedDecision(metric: metric, differences: differences, seedTest: PairedTTest(differences: means), seedCount: means.count)
    }

    /// The per-scenario guard's tests: a t-test over each scenario's seeds, for scenarios with at least
    /// `PairedDecision.minimumSeeds` seeds and a change.
    private static func scenarioPValues(_ values: [(ScenarioScore, Double, Double)]) -> [Double] {
        var order: [String] = []
        var changes: [String: (moments: RunningMoments, changed: Int)] = [:]
        for (score, before, after) in values {
            if changes[score.scenarioID] == nil {
                order.append(score.scenarioID)
                changes[score.scenarioID] = (RunningMoments(), 0)
            }
            changes[score.scenarioID]?.moments.add(after - before)
            if after != before { changes[score.scenarioID]?.changed += 1 }
        }
        return order.compactMap { scenario in
            guard let tally = changes[scenario], tally.moments.count >= PairedDecision.minimumSeeds, tally.changed > 0 else { return nil }
            return PairedTTest(tally.moments)?.pValue
        }
    }

    /// The breakdowns the rows split into, each only when it has more than one group: the report's (gait rather than
    /// speed when any row has one) when any row is simulated, then recording tags by name.
    package static func groupings(of scores: [ScenarioScore]) -> [String] {
        var names: [String] = []
        if scores.contains(where: { !$0.isReplay }) {
            names = ["signal", scores.contains { $0.gait != nil } ? "gait" : "speed", "distance", "path"]
        }
        names += Set(scores.flatMap(\.tags.keys)).sorted()
        return names.filter { grouping in Set(scores.map { group(of: $0, by: grouping) }).count > 1 }
    }

    /// The group of `score` in one breakdown, as the gate and the report title it, such as "signal weak".
    package static func group(of score: ScenarioScore, by grouping: String) -> String {
        switch grouping {
        case "signal": return "signal \(score.signal)"
        case "gait": return score.gait.map { "gait \($0)" } ?? "no gait"
        case "speed": return "speed \(NumberFormat.compact(score.speedMetersPerSecond)) m/s"
        case "distance": return "distance \(NumberFormat.compact(score.nominalDistanceMeters)) m"
        case "path": return "path \(score.pathType)"
        default: return "\(grouping) \(score.tags[grouping] ?? "(none)")"
        }
    }

    /// A run: scenario and seed.
    private struct RunKey: Hashable {
        var scenario: String
        var seed: UInt64

        init(_ score: ScenarioScore) {
            scenario = score.scenarioID
            seed = score.seed
        }
    }
}
