import Foundation
@testable import TrackBenchSupport
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchReports
import TrackBenchTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `map-<scenario>.svg`: the paths on one map at one scale, with a scale bar, a legend and an inset on the worst stretch.
struct PathMapTests {
    static let filters = ["raw", "kalman"].map { try! FilterRegistry.builtIn.configuration(parsing: $0) }
    static let scenario = Fixtures.defaultSuite.scenario(withID: "outAndBack-1000m-2.8mps-weak")!
    static let run = PlottedRun(scenario: scenario, seed: Fixtures.seed, filters: filters)
    static let svg = PathMap.render(run)

    @Test func isWellFormedXMLAndTheSameBytesEveryTime() {
        #expect(Self.svg == PathMap.render(PlottedRun(scenario: Self.scenario, seed: Fixtures.seed, filters: Self.filters)))
        #expect(XMLParser(data: Data(Self.svg.utf8)).parse())
        #expect(!Self.svg.contains("nan") && !Self.svg.contains("inf") && !Self.svg.contains(NumberFormat.nonFinite))
    }

    @Test func hasATitleAndALegendNamingEveryLine() {
        #expect(Self.svg.contains("<title>Path map: outAndBack-1000m-2.8mps-weak, seed 100</title>"))
        for text in ["true path (arrow: direction of travel)", "raw", "kalman", "delivered fix", "area of the worst stretch"] {
            #expect(Self.svg.contains(">\(text)</text>"), "\(text)")
        }
    }

    @Test func drawnLinesMapBackToTheExportedNumbers() throws {
        let overview = PathMap.layout(for: Self.run).overview
        let frame = LocalFrame(origin: Self.scenario.origin)
        let simulated = Self.scenario.simulate(seed: Fixtures.seed)
        for (index, filter) in Self.filters.enumerated() {
            // The exported CSV's coordinates, as `export --filter` writes them, read back.
            let csv = PathCSV.render(filter.makeFilter().estimatedPath(for: simulated.noisyPath))
            let exported = try csv.split(separator: "\n").dropFirst().map { row in
                let fields = row.split(separator: ",")
                return frame.point(for: Coordinate(latitude: try #require(Double(fields[1])), longitude: try #require(Double(fields[2]))))
            }
            let style = PlottedRun.style(at: index)
            let drawn = try SVGPath.points(in: Self.svg, with: "stroke=\"\(style.colour)\" stroke-width=\"1.5\"")
            #expect(drawn.count > 20 && drawn.count <= exported.count)
            // Each drawn point is an exported one, in order, to within the SVG's rounding (0.005 px per axis).
            let tolerance = 0.01 / overview.scale
            var next = 0
            for point in drawn {
                let east = (point.x - overview.x - overview.width / 2) / overview.scale + overview.centre.east
                let north = (overview.y + overview.height / 2 - point.y) / overview.scale + overview.centre.north
                while next < exported.count, exported[next].distance(to: LocalPoint(east: east, north: north)) > tolerance { next += 1 }
                #expect(next < exported.count, "\(filter.label): (\(point.x), \(point.y)) is no exported fix")
                next += 1
            }
            #expect(next == exported.count, "\(filter.label): the line does not end on the last fix")
        }
    }

    @Test func eastIsRightNorthIsUpAndBothAxesShareTheScale() {
        let overview = PathMap.layout(for: Self.run).overview
        // The out-and-back runs north from the start, then east.
        #expect(overview.y(100) < overview.y(0))
        #expect(overview.x(100) > overview.x(0))
        #expect(abs((overview.x(100) - overview.x(0)) - (overview.y(0) - overview.y(100))) < 1e-9)
    }

    @Test func scaleBarsAreRoundLengthsDrawnAtTheirPanelsScale() throws {
        let layout = PathMap.layout(for: Self.run)
        let bars = Self.svg.components(separatedBy: "<line ").dropFirst().compactMap { line -> Double? in
            guard line.contains("stroke-width=\"2\"") else { return nil }
            let value = { (name: String) in Double(line.components(separatedBy: "\(name)=\"")[1].prefix { $0 != "\"" })! }
            return value("y1") == value("y2") ? value("x2") - value("x1") : nil
        }
        for panel in [layout.overview, try #require(layout.inset)] {
            let meters = panel.scaleBarMeters
            #expect(Self.svg.contains(">\(PathMap.lengthLabel(meters))</text>"))
            #expect(bars.contains { abs($0 - meters * panel.scale) <= 0.01 }, "no bar of \(meters) m")
            // The longest round length up to 30 % of the panel: the next one would be too long.
            #expect(meters * panel.scale <= 0.3 * panel.width && meters * panel.scale >= 0.12 * panel.width)
        }
    }

    @Test(arguments: [(740.0, 500.0), (499, 200), (200, 200), (199.9, 100), (4.9, 2), (1, 1), (0.3, 0.2)])
    func roundLengthsAreOneTwoOrFiveTimesAPowerOfTen(maximum: Double, expected: Double) {
        #expect(abs(PathMap.roundLength(atMost: maximum) - expected) < 1e-12)
    }

    @Test func scaleLabelsSwitchToKilometresAtOne() {
        #expect(PathMap.lengthLabel(500) == "500 m")
        #expect(PathMap.lengthLabel(1000) == "1 km")
        #expect(PathMap.lengthLabel(2000) == "2 km")
        #expect(PathMap.lengthLabel(0.5) == "0.5 m")
    }

    @Test func theInsetShowsTheWorstStretchAndTheOverviewMarksIt() throws {
        let layout = PathMap.layout(for: Self.run)
        let window = try #require(Self.run.worstWindow)
        let area = try #require(layout.worstArea)
        let inset = try #require(layout.inset)
        #expect(
            Self.svg.contains(
                ">Worst 60 s: \(NumberFormat.fixed(window.lowerBound, decimals: 0)) to \(NumberFormat.fixed(window.upperBound, decimals: 0)) s</text>"
            ))
        for series in Self.run.series {
            for (time, point) in zip(series.deliverySeconds, series.points) where window.contains(time) {
                #expect(area.west <= point.east && point.east <= area.east && area.south <= point.north && point.north <= area.north)
                let pixel = inset.pixel(point)
                #expect(pixel.x > inset.x && pixel.x < inset.x + inset.width && pixel.y > inset.y && pixel.y < inset.y + inset.height)
            }
        }
        // The overview's mark, in ink.
        let left = SVGCanvas.number(layout.overview.x(area.west))
        #expect(Self.svg.contains("<rect x=\"\(left)\""))
        #expect(Self.svg.contains("fill=\"none\" stroke=\"\(SVGCanvas.ink)\" stroke-width=\"1.5\"/>"))
    }

    @Test func theWorstStretchsBoxStaysInsideTheOverviewWithAllFourSides() throws {
        let overview = PathMap.layout(for: Self.run).overview
        let inset = PathMap.worstBoxInset
        let (left, top) = (overview.x + inset, overview.y + inset)
        let (right, bottom) = (overview.x + overview.width - inset, overview.y + overview.height - inset)
        let (west, north) = (overview.centre.east, overview.centre.north)
        let metres = overview.width / overview.scale
        let areas = [
            // Past the overview's bottom-right corner, as a stretch at the end of a run gets with its margin.
            PathMap.Bounds(west: west, east: west + metres, south: north - metres, north: north),
            // Wider and taller than the whole run.
            PathMap.Bounds(west: west - 2 * metres, east: west + 2 * metres, south: north - 2 * metres, north: north + 2 * metres),
            // A speck at the top-left corner: 8 pixels square, still inside.
            PathMap.Bounds(west: west - metres, east: west - metres, south: north + metres, north: north + metres),
        ]
        for area in areas {
            let box = PathMap.worstBox(area, on: overview)
            #expect(box.x >= left && box.y >= top && box.x + box.width <= right && box.y + box.height <= bottom, "\(area) gives \(box)")
            #expect(box.width >= 8 && box.height >= 8)
        }
        let past = PathMap.worstBox(areas[0], on: overview)
        #expect(past.x == overview.x(west) && past.x + past.width == right && past.y + past.height == bottom)
        #expect(PathMap.worstBox(areas[1], on: overview) == (left, top, right - left, bottom - top))
    }

    @Test func staleAndInvalidFixesAreMarkedAndExplained() {
        let scenario = Fixtures.hardSuite.scenario(withID: "outAndBack-2000m-1.4mps-stop45s-city-canyon")!
        let run = PlottedRun(scenario: scenario, seed: Fixtures.seed, filters: Self.filters)
        let svg = PathMap.render(run)
        let stale = run.fixes.filter { $0.kind == .stale }.count
        let invalid = run.fixes.filter { $0.kind == .invalid }.count
        #expect(stale > 0 && invalid > 0, "the sample has no stale or invalid fix")
        #expect(svg.contains(">stale fix (a cached fix re-delivered)</text>") && svg.contains(">invalid fix (negative accuracy)</text>"))
        // On the overview each stale fix is a 3 px ring; the legend shows one more.
        #expect(svg.components(separatedBy: "r=\"3\" fill=\"none\"").count - 1 == stale + 1)
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }

    @Test func emptyEstimatesASingleFixAndADivergedFilterGiveFiniteMaps() {
        let fix = Fixtures.fix(LocalFrame(origin: Self.scenario.origin), east: 0, north: 0, time: 0)
        var diverged = fix
        diverged.latitude = .nan
        let simulated = SimulatedScenario(scenario: Self.scenario, truePath: Path([fix]), noisyPath: Path([fix]))
        let runs = [
            PlottedRun(simulated: simulated, seed: 1, noiseOnly: simulated.noisyPath, estimates: [("none", Path([])), ("one", Path([fix]))]),
            PlottedRun(simulated: simulated, seed: 1, noiseOnly: simulated.noisyPath, estimates: [("none", Path([]))]),
            PlottedRun(
                simulated: simulated, seed: 1, noiseOnly: simulated.noisyPath,
                estimates: [("none", Path([diverged])), ("one", Path([diverged, fix]))]),
        ]
        for run in runs {
            let svg = PathMap.render(run)
            #expect(XMLParser(data: Data(svg.utf8)).parse())
            #expect(!svg.contains("nan") && !svg.contains("inf") && !svg.contains(NumberFormat.nonFinite))
            #expect(svg.contains(">none (no estimates)</text>"))
        }
    }
}
