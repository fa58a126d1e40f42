import Foundation
import Testing
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchGate
import TrackBenchTestSupport
import TrackBenchRunFixtures

/// Regressions confined to a corner of the suite (a part of a group, one scenario, a few seeds, one metric) are
/// caught and named by filter, metric and place; a filter's verdict does not depend on the other filters.
struct ConcentratedRegressionTests {
    /// The default suite's raw and kalman rows spread over ten seeds, each seed's metrics moved by up to ±15 %
    /// (a deterministic generator): a baseline with seed-to-seed noise, 540 rows per filter.
    private static let baseline: [ScenarioScore] = {
        var generator = SplitMix64(seed: 7)
        return (0..<10).flatMap { offset in
            Fixtures.defaultScores.map { score in
                var score = score
                score.seed = 100 + UInt64(offset)
                func jitter() -> Double { 1 + 0.3 * (generator.nextUnit() - 0.5) }
                let error: Double = (score.estimatedDistanceMeters - score.trueDistanceMeters) * jitter()
                score.estimatedDistanceMeters = score.trueDistanceMeters + error
                score.metrics.positionMedianMeters = score.metrics.positionMedianMeters.map { $0 * jitter() }
                score.metrics.positionRMSEMeters = score.metrics.positionRMSEMeters.map { $0 * jitter() }
                score.metrics.lagSeconds = score.metrics.lagSeconds.map { ($0 * jitter() * 10).rounded() / 10 }
                score.metrics.speedRMSEMetersPerSecond = score.metrics.speedRMSEMetersPerSecond.map { $0 * jitter() }
                return score
            }
        }
    }()

    private func changed(
        in rows: [ScenarioScore] = baseline, filter: String = "kalman", where selected: (ScenarioScore) -> Bool = { _ in true },
        _ edit: (inout ScenarioScore) -> Void
    ) -> [ScenarioScore] {
        rows.map { score in
            var score = score
            if score.filter == filter && selected(score) { edit(&score) }
            return score
        }
    }

    private func judge(_ current: [ScenarioScore], against baseline: [ScenarioScore] = baseline) -> BaselineReport {
        let comparison = BaselineComparison(baseline: baseline, current: current)
        let tolerances = ToleranceSet(standard: Tolerance(absolute: 0.001, relative: 0.01))
        return BaselineReport(
            comparison: comparison, verdicts: PairedVerdicts(comparison, tolerances: tolerances), tolerances: tolerances, isStrict: false,
            baselineFile: "b.csv", updateCommand: "trackbench check --update-baseline"
        )
    }

    /// Doubles kalman's distance error on the selected rows.
    private func worseDistance(_ score: inout ScenarioScore) {
        let error: Double = score.estimatedDistanceMeters - score.trueDistanceMeters
        score.estimatedDistanceMeters = score.trueDistanceMeters + 2 * error + 0.02 * score.trueDistanceMeters
    }

    @Test func aRegressionInACornerOfAGroupFailsAndIsNamedWhereItIs() throws {
        // Weak signal at one distance: a sixth of the suite. Five sixths of the pairs do not move.
        let distance = try #require(Self.baseline.first { $0.signal == "weak" }?.nominalDistanceMeters)
        let report = judge(changed(where: { $0.signal == "weak" && $0.nominalDistanceMeters == distance }, worseDistance))
        #expect(report.outcome == .regressed)
        #expect(report.verdict.hasPrefix("FAILED: `kalman` got worse: `error_pct` +"))
        let verdicts = try #require(report.verdicts)
        let finding = try #require(MetricFinding.findings(in: verdicts).first)
        #expect(finding.filter == "kalman" && finding.metric == .errorPercent)
        #expect(finding.groups.contains { $0.group == "signal weak" })
        #expect(report.render().contains("### What got worse"))
    }

    @Test func zerosDoNotMaskAChangeConfinedToAFewPairs() throws {
        // 90 of 720 pairs worse, 630 unchanged: counted on both sides, the zeros would leave p = 1.
        let distance = try #require(Self.baseline.first { $0.signal == "weak" }?.nominalDistanceMeters)
        let verdicts = try #require(judge(changed(where: { $0.signal == "weak" && $0.nominalDistanceMeters == distance }, worseDistance)).verdicts)
        let whole = try #require(
            verdicts.tests.first { $0.filter == "kalman" && $0.metric == .errorPercent && $0.group == PairedVerdicts.wholeSuite })
        let corner = Self.baseline.filter { $0.filter == "kalman" && $0.signal == "weak" && $0.nominalDistanceMeters == distance }.count
        #expect(whole.pairCount == 720 && whole.changedCount == corner && corner < 100)
        #expect(whole.consistencyRejected && whole.verdict == .regression)
    }

    @Test func aRegressionOnOneScenarioOnlyIsCaughtByTheScenarioGuard() throws {
        let scenario = try #require(Self.baseline.first { $0.filter == "kalman" }?.scenarioID)
        let report = judge(changed(where: { $0.scenarioID == scenario }) { $0.metrics.positionRMSEMeters! *= 3 })
        let verdicts = try #require(report.verdicts)
        #expect(report.outcome == .regressed)
        let guarded = try #require(verdicts.scenarioWorsenings.first)
        #expect(guarded.filter == "kalman" && guarded.metric == .positionRMSEMeters && guarded.scenarioID == scenario && guarded.seedCount == 10)
        // The mean over seeds moves on every seed, so the suite's test catches it too; the scenario explains it.
        #expect(report.verdict.hasPrefix("FAILED: `kalman` got worse: `position_rmse_m` +"))
        let finding = try #require(MetricFinding.findings(in: verdicts).first)
        #expect(finding.metric == .positionRMSEMeters && finding.scenarios.map(\.scenarioID) == [scenario])
        let text = report.render()
        #expect(text.contains("| | `position_rmse_m` | scenario `\(scenario)` | **regressed** (guard) | 10 seeds |"))
        #expect(text.contains("worse by > 50 % of "))
    }

    @Test func theScenarioGuardNamesAScenarioTooSmallToMoveTheSuite() throws {
        // kalman's most precise scenario twice as bad in position_p50_m on every seed: the suite's mean moves by
        // less than its allowance, the scenario's by far more than both of the guard's thresholds, on every seed.
        let kalman = Self.baseline.filter { $0.filter == "kalman" && $0.seed == 100 }
        let scenario = try #require(kalman.min { $0.metrics.positionMedianMeters! < $1.metrics.positionMedianMeters! }?.scenarioID)
        let report = judge(changed(where: { $0.scenarioID == scenario }) { $0.metrics.positionMedianMeters! *= 2 })
        let verdicts = try #require(report.verdicts)
        let whole = try #require(
            verdicts.tests.first { $0.filter == "kalman" && $0.metric == .positionMedianMeters && $0.group == PairedVerdicts.wholeSuite })
        #expect(whole.verdict != .regression)
        #expect(report.outcome == .regressed)
        #expect(verdicts.scenarioWorsenings.allSatisfy { $0.scenarioID == scenario && $0.filter == "kalman" })
        #expect(verdicts.scenarioWorsenings.contains { $0.metric == .positionMedianMeters })
        #expect(report.verdict.hasPrefix("FAILED: `kalman` got worse: `position_p50_m` +"))
        // The verdict names the group it moved (signal strong); the table under it names the scenario and the guard's rule.
        let text = report.render()
        #expect(text.contains("| | `position_p50_m` | scenario `\(scenario)` | **regressed** (guard) | 10 seeds |"))
        #expect(text.contains("worse by > 50 % of ") && text.contains("× the allowance 0.076; t over 10 seeds: p = "))
        // CI test reports show it too: a failing `scenarios` case of the filter.
        #expect(BaselineJUnit.render(report).contains("<testcase name=\"scenarios\" classname=\"kalman\">\n      <failure message="))
    }

    @Test func aRegressionOnThreeOfTenSeedsFails() throws {
        let report = judge(changed(where: { $0.seed >= 107 }, worseDistance))
        #expect(report.outcome == .regressed)
        #expect(report.verdict.hasPrefix("FAILED: `kalman` got worse: `error_pct` +"))
        #expect(report.verdict.contains(" in all scenarios ("))
    }

    @Test func aBaselineWhoseSeedsAreNotInBlocksGetsTheSameVerdicts() throws {
        // As `run` writes them, each seed's rows come together and each seed's mean is folded as it ends; scenario by
        // scenario, every seed's sums are kept instead. Both must judge alike: the tests over seeds to rounding.
        let current = changed(where: { $0.seed >= 107 }, worseDistance)
        let order = Dictionary(Self.baseline.map(\.scenarioID).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let byScenario = Self.baseline.sorted { (order[$0.scenarioID]!, $0.filter, $0.seed) < (order[$1.scenarioID]!, $1.filter, $1.seed) }
        #expect(SeedBlocks.areBlocks(Self.baseline.map(\.seed)) && !SeedBlocks.areBlocks(byScenario.map(\.seed)))
        let inBlocks = try #require(judge(current).verdicts)
        let scattered = try #require(judge(current, against: byScenario).verdicts)
        #expect(inBlocks.tests.count == scattered.tests.count)
        let others = Dictionary(scattered.tests.map { ("\($0.filter) \($0.metric.column) \($0.group)", $0) }, uniquingKeysWith: { a, _ in a })
        var seedTests = 0
        for test in inBlocks.tests {
            let other = try #require(others["\(test.filter) \(test.metric.column) \(test.group)"])
            #expect(test.verdict == other.verdict && test.seedCount == other.seedCount && test.changedCount == other.changedCount)
            #expect(test.consistency?.pValue == other.consistency?.pValue)
            guard let seedTest = test.seedTest, let otherTest = other.seedTest else {
                #expect(test.seedTest == nil && other.seedTest == nil)
                continue
            }
            seedTests += 1
            #expect(abs(seedTest.t - otherTest.t) <= 1e-12 * max(1, abs(seedTest.t)))
            #expect(abs(seedTest.pValue - otherTest.pValue) <= 1e-12)
        }
        #expect(seedTests > 100)
        #expect(inBlocks.regressions.map(\.group) == scattered.regressions.map(\.group))
        #expect(inBlocks.scenarioWorsenings.map(\.scenarioID) == scattered.scenarioWorsenings.map(\.scenarioID))
    }

    @Test func aFilterLateByOneFixLeadsWithLagNotDistance() throws {
        let report = judge(changed { $0.metrics.lagSeconds! += 1 })
        #expect(report.outcome == .regressed)
        #expect(report.verdict.hasPrefix("FAILED: `kalman` got worse: `lag_s` +1.0"))
        let table = try #require(report.render().components(separatedBy: "### What got worse").last)
        let firstRow = try #require(table.split(separator: "\n").first { $0.hasPrefix("| `kalman`") })
        #expect(firstRow.contains("`lag_s` | all scenarios | **regressed**"))
    }

    @Test func theSameChangeGetsTheSameVerdictAloneOrBesideUnchangedFilters() throws {
        // The change, and the same change in a baseline where raw is judged too (unchanged, or moved by noise).
        let kalmanOnly = Self.baseline.filter { $0.filter == "kalman" }
        let edit: (inout ScenarioScore) -> Void = { $0.metrics.speedRMSEMetersPerSecond! *= 1.03 }
        let alone = try #require(judge(changed(in: kalmanOnly, edit), against: kalmanOnly).verdicts)
        let beside = try #require(judge(changed(edit)).verdicts)
        var generator = SplitMix64(seed: 3)
        let noisy = changed(in: changed(edit), filter: "raw") { $0.metrics.positionRMSEMeters! *= 1 + 0.1 * (generator.nextUnit() - 0.5) }
        let besideNoise = try #require(judge(noisy).verdicts)
        let expected = alone.tests(of: "kalman").map { "\($0.metric.column) \($0.group) \($0.verdict)" }
        #expect(expected.contains("speed_rmse_mps all scenarios regression"))
        #expect(beside.tests(of: "kalman").map { "\($0.metric.column) \($0.group) \($0.verdict)" } == expected)
        #expect(besideNoise.tests(of: "kalman").map { "\($0.metric.column) \($0.group) \($0.verdict)" } == expected)
        #expect(beside.testCount(of: "kalman") == alone.testCount(of: "kalman"))
    }

    @Test func aTradeOffNamesTheImprovementInTheVerdictLine() throws {
        let report = judge(changed {
            $0.estimatedDistanceMeters = $0.trueDistanceMeters + ($0.estimatedDistanceMeters - $0.trueDistanceMeters) / 2
            $0.metrics.speedRMSEMetersPerSecond! *= 1.5
        })
        #expect(report.outcome == .regressed)
        #expect(report.verdict.hasPrefix("FAILED: `kalman` got worse: `speed_rmse_mps` +"))
        #expect(report.verdict.contains("; trade-off: better `error_pct` -"))
    }

    @Test func rowsThatMovedMostReadWorseAsPositive() throws {
        // A signed error that grows more negative is worse: the rows table shows |error_pct| and a positive change.
        let report = judge(changed { $0.estimatedDistanceMeters -= 0.05 * $0.trueDistanceMeters })
        let text = report.render()
        let section = try #require(text.components(separatedBy: "that got worst in `|error_pct|`").dropFirst().first)
        let firstRow = try #require(section.split(separator: "\n").first { $0.hasPrefix("| `") })
        #expect(firstRow.hasSuffix(" |") && firstRow.split(separator: "|").last?.trimmingCharacters(in: .whitespaces).hasPrefix("+") == true)
    }

    @Test func tooFewPairsPrintNoPValue() throws {
        let few = Array(Fixtures.defaultScores.filter { $0.filter == "kalman" }.prefix(3))
        var current = few
        current[1].estimatedDistanceMeters *= 1.3
        let report = judge(current, against: few)
        let text = report.render()
        #expect(text.contains("too few pairs for a test (n = 3)"))
        #expect(!text.contains("p = "))
        #expect(report.verdict.contains("no test could run (too few pairs)"))
    }
}
