import Foundation
@testable import TrackBenchSupport
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchReports
import TrackBenchTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `error-<scenario>.svg`: each filter's position error against delivery time, over shading that explains it.
struct ErrorTimelineTests {
    static let filters = ["raw", "kalman"].map { try! FilterRegistry.builtIn.configuration(parsing: $0) }
    /// A hard scenario with a stop, dropouts, stale and invalid fixes and multipath jumps.
    static let scenario = Fixtures.hardSuite.scenario(withID: "outAndBack-2000m-1.4mps-stop45s-city-canyon")!
    static let run = PlottedRun(scenario: scenario, seed: Fixtures.seed, filters: filters)
    static let svg = ErrorTimeline.render(run)

    /// The x and width of every rectangle filled with `fill` that starts inside the plot (the legend's swatches do not).
    static func bands(in svg: String, filled fill: String) -> [(x: Double, width: Double)] {
        svg.components(separatedBy: "<rect ").dropFirst().filter { $0.contains("fill=\"\(fill)\"") }.map { rect in
            let value = { (name: String) in Double((" " + rect).components(separatedBy: " \(name)=\"")[1].prefix { $0 != "\"" })! }
            return (value("x"), value("width"))
        }.filter { $0.x < ErrorTimeline.left + ErrorTimeline.plotWidth }
    }

    static func x(_ seconds: Double) -> Double {
        ErrorTimeline.left + ErrorTimeline.plotWidth * seconds / run.durationSeconds
    }

    @Test func isWellFormedXMLAndTheSameBytesEveryTime() {
        #expect(Self.svg == ErrorTimeline.render(PlottedRun(scenario: Self.scenario, seed: Fixtures.seed, filters: Self.filters)))
        #expect(XMLParser(data: Data(Self.svg.utf8)).parse())
        #expect(!Self.svg.contains("nan") && !Self.svg.contains("inf") && !Self.svg.contains(NumberFormat.nonFinite))
    }

    @Test func hasATitleAxesWithUnitsAndALegendThatExplainsTheShading() {
        #expect(Self.svg.contains("<title>Position error over time: outAndBack-2000m-1.4mps-stop45s-city-canyon, seed 100</title>"))
        #expect(Self.svg.contains(">Delivery time (s)</text>") && Self.svg.contains(">Position error (m)</text>"))
        #expect(!Self.run.jumps.isEmpty, "the sample has no jump")
        let stale = Self.run.fixes.filter { $0.kind == .stale }.count
        let invalid = Self.run.fixes.filter { $0.kind == .invalid }.count
        for text in [
            "raw", "kalman", "stop (standing still)", "dropout (no fix for over 3 s)", "multipath jump",
            "stale fix delivered (\(stale))", "invalid fix delivered (\(invalid))", "the map's worst stretch",
        ] {
            #expect(Self.svg.contains(">\(text)</text>"), "\(text)")
        }
    }

    @Test func bandsCoverTheStopAndEveryDropout() throws {
        let stop = try #require(Self.scenario.stopInterval)
        let stopBands = Self.bands(in: Self.svg, filled: ErrorTimeline.stopFill)
        #expect(stopBands.count == 1)
        #expect(stopBands.allSatisfy { abs($0.x - Self.x(stop.lowerBound)) <= 0.01 && abs($0.x + $0.width - Self.x(stop.upperBound)) <= 0.01 })
        let dropoutBands = Self.bands(in: Self.svg, filled: ErrorTimeline.dropoutFill)
        #expect(!Self.run.dropouts.isEmpty && dropoutBands.count == Self.run.dropouts.count)
        for dropout in Self.run.dropouts {
            #expect(dropoutBands.contains { $0.x <= Self.x(dropout.lowerBound) + 0.01 && $0.x + $0.width >= Self.x(dropout.upperBound) - 0.01 })
        }
    }

    @Test func cleanRunsListNoShadingAndDrawEveryErrorUncut() throws {
        let scenario = Fixtures.defaultSuite.scenario(withID: "loop-1000m-2.8mps-strong")!
        let run = PlottedRun(scenario: scenario, seed: Fixtures.seed, filters: Self.filters)
        let svg = ErrorTimeline.render(run)
        for absent in ["stop (standing still)", "dropout (", "multipath jump", "stale fix", "invalid fix", "are cut at the top edge"] {
            #expect(!svg.contains(absent), "\(absent)")
        }
        let axis = ErrorTimeline.errorAxis(for: run)
        #expect(!axis.cutsSpikes && axis.top >= run.series.flatMap(\.errorsMeters).max()!)
    }

    @Test func spikesFarAboveThe99thPercentileAreCutAtTheTopAndSaid() throws {
        let scenario = Fixtures.defaultSuite.scenario(withID: "loop-1000m-2.8mps-strong")!
        let simulated = scenario.simulate(seed: Fixtures.seed)
        let frame = LocalFrame(origin: scenario.origin)
        // The truth itself, but one fix 500 m off.
        var fixes = simulated.truePath.fixes
        let moved = frame.coordinate(for: LocalPoint(east: 500, north: 0))
        fixes[100].latitude = moved.latitude
        fixes[100].longitude = moved.longitude
        let run = PlottedRun(
            simulated: simulated, seed: 1, noiseOnly: simulated.noisyPath, estimates: [("spiky", Path(fixes)), ("raw", simulated.noisyPath)])
        let axis = ErrorTimeline.errorAxis(for: run)
        var rawErrors = run.series[1].errorsMeters
        #expect(axis.cutsSpikes && abs(axis.top - 1.5 * Statistics.percentile(&rawErrors, 0.99)!) < 1e-9)
        let svg = ErrorTimeline.render(run)
        #expect(svg.contains("Errors above \(NumberFormat.fixed(axis.top, decimals: 1)) m are cut at the top edge."))
        let spiky = try SVGPath.points(in: svg, with: "stroke=\"\(PlottedRun.style(at: 0).colour)\"")
        #expect(abs(spiky.map(\.y).min()! - ErrorTimeline.top) < 0.01, "the spike reaches the top edge, no further")
    }

    @Test func linesBreakWhereEstimatesStop() {
        #expect(ErrorTimeline.stretches(of: [0, 1, 2, 10, 11, 20], longestGap: 3) == [0..<3, 3..<5, 5..<6])
        #expect(ErrorTimeline.stretches(of: [0, 3, 6], longestGap: 3) == [0..<3])
        #expect(ErrorTimeline.stretches(of: [], longestGap: 3).isEmpty)
    }

    @Test func emptyEstimatesAndASingleFixGiveFiniteTimelines() {
        let scenario = Fixtures.defaultSuite.scenario(withID: "loop-1000m-2.8mps-strong")!
        let fix = Fixtures.fix(LocalFrame(origin: scenario.origin), east: 0, north: 0, time: 0)
        let simulated = SimulatedScenario(scenario: scenario, truePath: Path([fix]), noisyPath: Path([fix]))
        for estimates in [[("none", Path([]))], [("none", Path([])), ("one", Path([fix]))]] {
            let svg = ErrorTimeline.render(PlottedRun(simulated: simulated, seed: 1, noiseOnly: simulated.noisyPath, estimates: estimates))
            #expect(XMLParser(data: Data(svg.utf8)).parse())
            #expect(!svg.contains("nan") && !svg.contains("inf") && !svg.contains(NumberFormat.nonFinite))
            #expect(svg.contains(">none (no estimates)</text>"))
        }
    }
}
