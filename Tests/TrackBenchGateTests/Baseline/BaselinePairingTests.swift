import Testing
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchGate
import TrackBenchTestSupport
import TrackBenchRunFixtures

/// The gate's comparison made row by row equals the one made of listed rows, and holds no rows when both come in order.
struct BaselinePairingTests {
    private let baseline = Fixtures.defaultScores

    /// The report and JUnit XML of comparing `current` with the baseline, made as `check` makes them row by row.
    private func streamed(
        _ current: [ScenarioScore], against baseline: [ScenarioScore] = Fixtures.defaultScores, worstRowLimit: Int?
    ) throws -> (report: String, junit: String, mostWaiting: Int) {
        var rows = baseline.makeIterator()
        var line = 2
        let keys = Set(baseline.map(\.key))
        let currentKeys = Set(current.map(\.key))
        var pairing = BaselinePairing(
            BaselineComparison(
                tolerances: Self.tolerances, worstRowLimit: worstRowLimit, seedsInBlocks: SeedBlocks.areBlocks(baseline.map(\.seed))
            ),
            baselineRows: {
                line += 1
                return rows.next().map { ($0, line) }
            },
            baselineHas: { keys.contains($0) }, runMayHave: { currentKeys.contains($0) }
        )
        for score in current { try pairing.add(score) }
        try pairing.finish()
        let report = Self.report(pairing.comparison, verbose: worstRowLimit == nil)
        return (report.render(), BaselineJUnit.render(report), pairing.mostWaiting)
    }

    private static let tolerances = ToleranceSet(standard: Tolerance(absolute: 0.001, relative: 0.01))

    private static func report(_ comparison: BaselineComparison, verbose: Bool) -> BaselineReport {
        var report = BaselineReport(
            comparison: comparison, verdicts: PairedVerdicts(comparison, tolerances: tolerances), tolerances: tolerances,
            isStrict: true, baselineFile: "b.csv", updateCommand: "trackbench check --update-baseline"
        )
        report.isVerbose = verbose
        return report
    }

    /// Kalman's rows worse on weak signal, one raw row gone and a new row added: regressions with their worst rows,
    /// a missing and an added result.
    private var changed: [ScenarioScore] {
        var current = baseline.map { score in
            var score = score
            if score.filter == "kalman" && score.signal == "weak" { score.metrics.positionRMSEMeters! *= 1.2 }
            return score
        }
        let removed = current.firstIndex { $0.filter == "raw" }!
        current.remove(at: removed)
        var added = baseline[0]
        added.filter = "new"
        current.append(added)
        return current
    }

    @Test func rowByRowComparisonRendersWhatTheListedOneDoes() throws {
        for verbose in [false, true] {
            let listed = Self.report(BaselineComparison(baseline: baseline, current: changed, tolerances: Self.tolerances), verbose: verbose)
            let stream = try streamed(changed, worstRowLimit: verbose ? nil : BaselineReport.worstRowLimit)
            #expect(listed.render().contains("Rows of `kalman` that got worst"))
            #expect(stream.report == listed.render())
            #expect(stream.junit == BaselineJUnit.render(listed))
        }
    }

    @Test func rowsInTheBaselinesOrderAreNeverHeld() throws {
        #expect(try streamed(changed, worstRowLimit: 5).mostWaiting <= 1)
    }

    @Test func rowsInAnotherOrderStillCompareAsListed() throws {
        let reversed = Array(changed.reversed())
        let listed = Self.report(BaselineComparison(baseline: baseline, current: reversed, tolerances: Self.tolerances), verbose: false)
        let stream = try streamed(reversed, worstRowLimit: 5)
        #expect(stream.report == listed.render())
        #expect(stream.mostWaiting > 1)
    }

    @Test func sixSeedsInBlocksRenderWhatTheListedRowsDo() throws {
        // Each seed's rows together, as `run` writes them: the tests over seeds fold each seed as it ends.
        let seeds = (0..<6).flatMap { offset in
            baseline.map { score in
                var score = score
                score.seed += UInt64(offset)
                score.metrics.positionRMSEMeters = score.metrics.positionRMSEMeters.map { $0 * (1 + 0.01 * Double(offset)) }
                return score
            }
        }
        let current = seeds.map { score in
            var score = score
            if score.filter == "kalman" && score.seed % 2 == 0 { score.metrics.positionRMSEMeters! *= 1.5 }
            return score
        }
        let listed = Self.report(BaselineComparison(baseline: seeds, current: current, tolerances: Self.tolerances), verbose: false)
        let stream = try streamed(current, against: seeds, worstRowLimit: BaselineReport.worstRowLimit)
        #expect(listed.verdicts?.tests.contains { $0.seedTest != nil } == true)
        #expect(stream.report == listed.render())
        #expect(stream.junit == BaselineJUnit.render(listed))
    }
}
