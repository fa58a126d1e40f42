import Foundation
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
import TrackBenchTestSupport
import TrackBenchRunFixtures
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `sweep.svg`: the sweep's curve with its band, the best value marked and its ties ringed.
struct SweepChartTests {
    private static let seeds = SeedRange(first: 100, last: 102)!

    private static func sweep(_ values: [Double]) -> SweepReport {
        let base = try! FilterRegistry.builtIn.configuration(parsing: "kalman")
        let configurations = values.map { try! base.setting("q", to: $0) }
        let scores = Benchmark(scenarios: Array(Fixtures.defaultSuite.scenarios.prefix(6)), filters: configurations, seeds: seeds).scoresInOrder()
        return SweepReport(
            filter: "kalman", parameter: "q", values: zip(values, configurations).map { ($0, $1.label) }, scores: scores, rankingMetric: .errorPercent
        )
    }

    @Test func marksTheBestValueAndIsTheSameBytesEveryTime() throws {
        let sweep = Self.sweep([1, 2, 3, 4, 5, 6])
        let svg = SweepChart.render(sweep, parameterUnit: "m/s", suite: "default", seeds: Self.seeds)
        #expect(svg == SweepChart.render(sweep, parameterUnit: "m/s", suite: "default", seeds: Self.seeds))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        let best = try #require(sweep.bestIndex)
        #expect(svg.contains(">best q = \(FilterParameter.format(sweep.rows[best].value))</text>"))
        #expect(svg.contains(">q (m/s)</text>"), "a linear axis over 1...6")
        #expect(svg.contains(">Distance error %</text>"))
        #expect(svg.contains("95 % confidence interval over 3 seeds"))
        // One ring per value tied with the best.
        #expect(svg.components(separatedBy: "fill=\"none\" stroke=\"\(SVGCanvas.palette[1])\"").count - 1 == sweep.tiedIndices.count + 1)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test func valuesSpanningTwentyTimesOrMoreGetALogAxis() {
        let svg = SweepChart.render(Self.sweep([0.25, 1, 4, 16]), parameterUnit: "m/s", suite: "default", seeds: Self.seeds)
        #expect(svg.contains(">q (m/s, log scale)</text>"))
    }

    @Test func ticksAreRoundNumbersWithJustTheDecimalsTheyNeed() {
        #expect(SVGCanvas.ticks(from: 5.73, to: 6.61).map(\.label) == ["5.8", "6.0", "6.2", "6.4", "6.6"])
        #expect(SVGCanvas.ticks(from: 0, to: 100).map(\.label) == ["0", "20", "40", "60", "80", "100"])
        #expect(SVGCanvas.ticks(from: 1, to: 1).isEmpty)
    }
}
