import Foundation
import Testing
@testable import TrackBenchSimulation
@testable import TrackBenchReports

/// `SVGCanvas`: the shapes the charts draw, and the reductions that keep long runs' files small.
struct SVGCanvasTests {
    /// A seeded wiggly line: 2000 points 0.05 px apart in x, jittering up to 3 px in y, with one tall spike.
    static let wiggly: [(x: Double, y: Double)] = {
        var generator = SplitMix64(seed: 7)
        return (0..<2000).map { index in (x: Double(index) * 0.05, y: index == 1234 ? -40 : 3 * generator.nextUnit()) }
    }()

    @Test func thinningKeepsTheEndsAndEveryDroppedPointNearAKeptOne() {
        let kept = SVGCanvas.thinned(Self.wiggly, tolerance: 0.5)
        #expect(kept.count < Self.wiggly.count)
        #expect(kept.first! == Self.wiggly.first! && kept.last! == Self.wiggly.last!)
        #expect(kept.contains { $0.y == -40 }, "the spike")
        for point in Self.wiggly {
            #expect(kept.contains { ($0.x - point.x) * ($0.x - point.x) + ($0.y - point.y) * ($0.y - point.y) < 0.25 + 1e-12 })
        }
    }

    @Test func thinningKeepsACornerOfLongerSides() {
        let corner: [(x: Double, y: Double)] = [(0, 0), (10, 0), (10, 10)]
        #expect(SVGCanvas.thinned(corner).map(\.x) == [0, 10, 10])
    }

    @Test func decimationKeepsEachColumnsExtremesAndEnds() {
        let kept = SVGCanvas.decimated(Self.wiggly, columnWidth: 1)
        let columns = Dictionary(grouping: Self.wiggly) { $0.x.rounded(.down) }
        let keptColumns = Dictionary(grouping: kept) { $0.x.rounded(.down) }
        #expect(keptColumns.count == columns.count)
        for (column, points) in columns {
            let survivors = keptColumns[column] ?? []
            #expect(survivors.count <= 4)
            #expect(survivors.map(\.y).min() == points.map(\.y).min() && survivors.map(\.y).max() == points.map(\.y).max())
            #expect(survivors.first! == points.first! && survivors.last! == points.last!)
        }
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.x <= $1.x }, "in their order")
    }

    @Test func dotsAreOnePathOfRoundCappedZeroLengthStrokes() {
        var canvas = SVGCanvas(width: 10, height: 10)
        canvas.dots([(1, 2), (3.456, 4)], radius: 1.5, fill: "#123456")
        let svg = canvas.render(title: "dots")
        #expect(svg.contains("<path d=\"M1 2h0M3.46 4h0\" stroke=\"#123456\" stroke-width=\"3\" stroke-linecap=\"round\"/>"))
    }

    @Test func clippingWrapsWhatIsDrawnAndNumbersEachClip() {
        var canvas = SVGCanvas(width: 10, height: 10)
        canvas.clipped(toX: 1, y: 2, width: 3, height: 4) { $0.line(0, 0, 10, 10) }
        canvas.clipped(toX: 0, y: 0, width: 5, height: 5) { $0.line(0, 0, 1, 1) }
        let svg = canvas.render(title: "clips")
        #expect(
            svg.contains("<clipPath id=\"clip1\"><rect x=\"1\" y=\"2\" width=\"3\" height=\"4\"/></clipPath>\n<g clip-path=\"url(#clip1)\">\n<line "))
        #expect(svg.contains("<g clip-path=\"url(#clip2)\">"))
        #expect(svg.components(separatedBy: "</g>").count - 1 == 2)
    }

    @Test(arguments: [(-1e308, 1e308), (1e200, 1e200 * (1 + 1e-15)), (0.0, 1e-300), (-Double.greatestFiniteMagnitude, 0.0)] as [(Double, Double)])
    func ticksOfExtremeRangesAreFewAndFiniteWithoutTrapOrEndlessLoop(low: Double, high: Double) {
        let ticks = SVGCanvas.ticks(from: low, to: high)
        #expect(ticks.count <= SVGCanvas.maximumTickCount)
        #expect(ticks.allSatisfy { $0.value.isFinite })
    }
}

