import Foundation
@testable import TrackBenchSupport
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
@testable import TrackBenchGate
import TrackBenchTestSupport
import TrackBenchRunFixtures
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `comparison.svg`: each filter's paired difference per group, where the numbers say, marked by its verdict.
struct ComparisonChartTests {
    private static func file(_ scores: [ScenarioScore]) -> ResultsFile {
        ResultsFile(context: Fixtures.context(), scores: scores)
    }

    /// B: `kalman` exact on every weak run (really better there) and 1 % long on every varied one (tied: the runs
    /// move both ways), `raw` 5 % longer on every strong run (really worse).
    private static let report: ComparisonReport = {
        let first = Fixtures.defaultScores
        let second = first.map { score -> ScenarioScore in
            var changed = score
            if score.filter == "kalman" && score.signal == "weak" { changed.estimatedDistanceMeters = score.trueDistanceMeters }
            if score.filter == "kalman" && score.signal == "varied" { changed.estimatedDistanceMeters = score.trueDistanceMeters * 1.01 }
            if score.filter == "raw" && score.signal == "strong" { changed.estimatedDistanceMeters = score.noisyDistanceMeters * 1.05 }
            return changed
        }
        return ComparisonReport(
            first: ("a.csv", file(first)), second: ("b.csv", file(second)), grouping: .signal,
            decisions: PairedVerdicts.decisions(of: .errorPercent, first: first, second: second)
        )
    }()
    private static let svg = ComparisonChart.render(report)

    /// A drawn point: its centre's x and y, and which verdict its shape and colour stand for.
    private struct Point {
        var x: Double
        var y: Double
        var verdict: String
    }

    /// The points below the legend, top to bottom: green circles (B better), vermillion squares (A better), white
    /// rings (no clear difference).
    private static func points(in svg: String) -> [Point] {
        let circle = /<circle cx="([-0-9.]+)" cy="([-0-9.]+)" r="5" fill="#009E73"\/>/
        let square = /<rect x="([-0-9.]+)" y="([-0-9.]+)" width="9" height="9" fill="#D55E00"\/>/
        let ring = /<circle cx="([-0-9.]+)" cy="([-0-9.]+)" r="4.5" fill="#ffffff" stroke="#6e6e6e" stroke-width="1.5"\/>/
        var points = svg.matches(of: circle).map { Point(x: Double($0.output.1)!, y: Double($0.output.2)!, verdict: "B better") }
        points += svg.matches(of: square).map { Point(x: Double($0.output.1)! + 4.5, y: Double($0.output.2)! + 4.5, verdict: "A better") }
        points += svg.matches(of: ring).map { Point(x: Double($0.output.1)!, y: Double($0.output.2)!, verdict: "no clear difference") }
        // The first block starts under its title, the first text in bold 13 pixels.
        let firstTitle = /<text x="[-0-9.]+" y="([-0-9.]+)" font-size="13"/
        let blocksTop = svg.firstMatch(of: firstTitle).map { Double($0.output.1)! } ?? .infinity
        return points.filter { $0.y > blocksTop }.sorted { $0.y < $1.y }
    }

    /// The pixel of a difference, read off the first block's tick labels (the only 10-pixel text).
    private static func scale(of svg: String) throws -> (Double) -> Double {
        let label = /<text x="([-0-9.]+)" y="[-0-9.]+" font-size="10" text-anchor="middle" fill="#8a8a8a">([-0-9.]+)<\/text>/
        let ticks = svg.matches(of: label).map { (x: Double($0.output.1)!, value: Double($0.output.2)!) }
        try #require(ticks.count > 1)
        let (low, high) = (ticks[0], ticks[1])
        let pixelsPerPoint = (high.x - low.x) / (high.value - low.value)
        return { low.x + ($0 - low.value) * pixelsPerPoint }
    }

    @Test func pointsSitAtTheChangeInTheMeanWithTheTablesNumbersBeside() throws {
        let differences = Self.report.groups.flatMap(\.differences)
        let points = Self.points(in: Self.svg)
        #expect(points.count == differences.count)
        let x = try Self.scale(of: Self.svg)
        let markdown = Self.report.render()
        for (point, difference) in zip(points, differences) {
            #expect(abs(point.x - x(difference.change)) < 0.01, "\(difference.filter): \(point.x)")
            // The numbers beside the point are the Markdown table's last two cells.
            let value = ComparisonReport.difference(difference)
            let verdict = ComparisonReport.verdict(difference)
            #expect(Self.svg.contains(">\(value)</text>") && Self.svg.contains(">\(XMLText.escaped(verdict))</text>"))
            #expect(markdown.contains("| \(value) | \(verdict) |"))
        }
    }

    @Test func shapeAndSideOfZeroFollowTheVerdict() throws {
        let differences = Self.report.groups.flatMap(\.differences)
        let verdicts = differences.map(\.verdict)
        #expect(verdicts.contains(.secondBetter) && verdicts.contains(.firstBetter) && verdicts.contains(.tied), "the sample lacks a verdict")
        let zero = try Self.scale(of: Self.svg)(0)
        for (point, difference) in zip(Self.points(in: Self.svg), differences) {
            switch difference.verdict {
            case .secondBetter: #expect(point.verdict == "B better" && point.x < zero, "\(difference.filter)")
            case .firstBetter: #expect(point.verdict == "A better" && point.x > zero, "\(difference.filter)")
            case .tied, .identical, .diverged: #expect(point.verdict == "no clear difference", "\(difference.filter)")
            }
        }
        #expect(Self.svg.contains(">← B better</text>") && Self.svg.contains(">A better →</text>"))
        for group in Self.report.groups {
            #expect(Self.svg.contains(">\(group.title)</text>"))
        }
    }

    @Test func isWellFormedXMLAndTheSameBytesEveryTime() {
        #expect(Self.svg == ComparisonChart.render(Self.report))
        #expect(XMLParser(data: Data(Self.svg.utf8)).parse())
        #expect(Self.svg.firstMatch(of: /\b(nan|inf)\b/.ignoresCase()) == nil)
    }

    @Test func namesAndLabelsAreEscapedAndADivergedFilterHasNoPoint() {
        let first = Fixtures.defaultScores.map { score -> ScenarioScore in
            var renamed = score
            renamed.filter = score.filter == "raw" ? "a<b&c" : score.filter
            return renamed
        }
        let second = first.map { score -> ScenarioScore in
            var changed = score
            if score.filter == "kalman" { changed.estimatedDistanceMeters = .nan }
            return changed
        }
        let report = ComparisonReport(
            first: ("A&B<1>.csv", Self.file(first)), second: ("b.csv", Self.file(second)), grouping: .none,
            decisions: PairedVerdicts.decisions(of: .errorPercent, first: first, second: second)
        )
        let svg = ComparisonChart.render(report)
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(svg.contains(">a&lt;b&amp;c</text>") && svg.contains("A = A&amp;B&lt;1&gt;.csv"))
        // kalman is listed as diverged, without a point; raw, identical, has its ring on zero.
        #expect(svg.contains(">kalman</text>") && svg.contains(">diverged</text>"))
        #expect(Self.points(in: svg).count == 1)
        #expect(svg.firstMatch(of: /\b(nan|inf)\b/.ignoresCase()) == nil)
    }
}
