import Testing
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
import TrackBenchTestSupport
import TrackBenchRunFixtures
@testable import TrackBenchGate

struct ComparisonReportTests {
    private func file(_ scores: [ScenarioScore]) -> ResultsFile {
        ResultsFile(context: Fixtures.context(), scores: scores)
    }

    @Test func showsBothValuesAndTheDeltaPerGroup() {
        let first = Fixtures.defaultScores
        let second = first.map { score -> ScenarioScore in
            var changed = score
            if score.filter == "kalman" && score.signal == "weak" { changed.estimatedDistanceMeters = score.trueDistanceMeters * 1.01 }
            return changed
        }
        let text = ComparisonReport(
            first: ("a.csv", file(first)), second: ("b.csv", file(second)), grouping: .signal,
            decisions: PairedVerdicts.decisions(of: .errorPercent, first: first, second: second)
        ).render()
        #expect(text.contains("### all scenarios") && text.contains("### signal weak") && text.contains("### signal strong"))
        let weak = text.components(separatedBy: "### signal weak")[1].components(separatedBy: "###")[0]
        let kalmanRow = weak.split(separator: "\n").first { $0.hasPrefix("| `kalman`") }!
        #expect(kalmanRow.contains("-> 1.000 ("))
        // B's kalman is 1 % long on every weak run: the mean moves by -0.219, the statistic tested and shown beside the
        // means it comes from, but the 18 runs' absolute errors move both ways: not a real difference.
        #expect(kalmanRow.contains("| 1.219 -> 1.000 (-0.219) |"))
        #expect(kalmanRow.hasSuffix("| -0.219 | tied (signed rank, 18 changed: p = 0.495 > 0.001) |"), "\(kalmanRow)")
        let strong = text.components(separatedBy: "### signal strong")[1].components(separatedBy: "###")[0]
        #expect(strong.split(separator: "\n").first { $0.hasPrefix("| `kalman`") }!.contains("(0.000)"))
    }

    @Test func listsFiltersFoundInOnlyOneFile() {
        let first = Fixtures.defaultScores
        let second = first.filter { $0.filter == "raw" }
        let text = ComparisonReport(
            first: ("a.csv", file(first)), second: ("b.csv", file(second)), grouping: .none,
            decisions: PairedVerdicts.decisions(of: .errorPercent, first: first, second: second)
        ).render()
        #expect(text.contains("Only in A: `kalman`"))
        #expect(!text.contains("### signal"))
    }

    @Test func aFilterWithNoFinitePairIsDivergedNotIdentical() {
        let first = Fixtures.defaultScores
        let second = first.map { score -> ScenarioScore in
            var changed = score
            if score.filter == "kalman" { changed.estimatedDistanceMeters = .infinity }
            return changed
        }
        let text = ComparisonReport(
            first: ("a.csv", file(first)), second: ("b.csv", file(second)), grouping: .none,
            decisions: PairedVerdicts.decisions(of: .errorPercent, first: first, second: second)
        ).render()
        let kalmanRow = text.split(separator: "\n").first { $0.hasPrefix("| `kalman`") }!
        #expect(kalmanRow.hasSuffix("|  | diverged |"), "\(kalmanRow)")
        let rawRow = text.split(separator: "\n").first { $0.hasPrefix("| `raw`") }!
        #expect(rawRow.hasSuffix("| identical |"))
    }
}
