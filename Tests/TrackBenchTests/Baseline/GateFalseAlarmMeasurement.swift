import Foundation
import Testing
@testable import TrackBenchSupport
@testable import TrackBenchSuite
@testable import TrackBenchScoring
@testable import TrackBenchResults
@testable import TrackBenchBaseline

/// How often the gate's paired verdicts fail filters that did not change: measured, not assumed.
///
/// Runs only when `TRACKBENCH_GATE_RESULTS` names results files (colon-separated) of many consecutive seeds;
/// `.ci/measure/gate-false-alarms.sh` makes them with a release build and runs this with one. The seeds are cut
/// into windows of `TRACKBENCH_GATE_WINDOW` (default 10, the default run's count); every ordered pair of windows
/// is one gate run: the first window as the baseline, the second as the run, paired by scenario and position
/// in the window. The filters are the same code on independent noise, so every regression found is a false alarm.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TRACKBENCH_GATE_RESULTS"] != nil))
struct GateFalseAlarmMeasurement {
    @Test func unchangedFiltersOnIndependentNoiseRarelyFail() throws {
        let environment = ProcessInfo.processInfo.environment
        let files = (environment["TRACKBENCH_GATE_RESULTS"] ?? "").split(separator: ":").map(String.init)
        let window = Int(environment["TRACKBENCH_GATE_WINDOW"] ?? "") ?? 10
        let tolerances = ToleranceSet(standard: Tolerance(absolute: Tolerance.standard.absolute, relative: Significance.noiseThreshold))
        for file in files {
            let results = try ResultsCSV.load(from: URL(fileURLWithPath: file))
            let seeds = results.context.seeds
            let windows = seeds.count / window
            try #require(windows >= 2, "\(file): \(seeds.count) seeds make fewer than two windows of \(window)")
            var rows: [String: ScenarioScore] = [:]
            for score in results.scores { rows["\(score.scenarioID)|\(score.filter)|\(score.seed)"] = score }
            let filters = results.scores.map(\.filter).uniqued()
            var runs = 0, failedRuns = 0, strictFailedRuns = 0, significantRuns = 0
            var filterRuns = 0, failedFilterRuns = 0
            for first in 0..<windows {
                for second in 0..<windows where second != first {
                    var pairs: [(baseline: ScenarioScore, current: ScenarioScore)] = []
                    for score in results.scores {
                        let offset = Int(score.seed - seeds.first)
                        guard offset / window == first else { continue }
                        let partnerSeed = seeds.first + UInt64(second * window + offset % window)
                        if let partner = rows["\(score.scenarioID)|\(score.filter)|\(partnerSeed)"] { pairs.append((score, partner)) }
                    }
                    let verdicts = PairedVerdicts(pairs: pairs, tolerances: tolerances)
                    runs += 1
                    if verdicts.hasRegression { failedRuns += 1 }
                    if verdicts.hasRegression || verdicts.hasImprovement { strictFailedRuns += 1 }
                    if verdicts.tests.contains(where: { $0.significance.isSignificant && $0.worsening > 0 }) { significantRuns += 1 }
                    for filter in filters {
                        filterRuns += 1
                        if verdicts.regressions.contains(where: { $0.filter == filter }) { failedFilterRuns += 1 }
                    }
                }
            }
            let rate = Double(failedRuns) / Double(runs)
            print("""
                gate false alarms, \(file): suite '\(results.context.suiteName)', seeds \(seeds), \(windows) windows of \(window), \
                \(filters.count) filters, \(runs) gate runs
                  runs failing (exit 2): \(failedRuns) of \(runs) (\(percent(rate)))
                  runs failing with --strict (exit 2 or 4): \(strictFailedRuns) of \(runs) (\(percent(Double(strictFailedRuns) / Double(runs))))
                  runs with a significant worsening, allowance aside: \(significantRuns) of \(runs) \
                (\(percent(Double(significantRuns) / Double(runs))))
                  filters failing: \(failedFilterRuns) of \(filterRuns) (\(percent(Double(failedFilterRuns) / Double(filterRuns))))
                """)
            #expect(rate < PairedVerdicts.familyAlpha, "\(failedRuns) of \(runs) runs failed")
        }
    }

    private func percent(_ value: Double) -> String { NumberFormat.fixed(value * 100, decimals: 2) + " %" }
}
