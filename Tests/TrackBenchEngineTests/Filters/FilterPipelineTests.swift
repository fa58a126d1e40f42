import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchEngine
@testable import TrackBenchFilters
import TrackBenchTestSupport

/// Holds every fix back until `finish`, like a look-ahead smoother.
private struct HoldingFilter: LocationFilter {
    var held: [LocationFix] = []
    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) { held.append(fix) }
    mutating func finish(into estimates: inout [LocationFix]) { estimates += held }
}

/// Drops every other fix.
private struct AlternateDropper: LocationFilter {
    var keep = true
    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        if keep { estimates.append(fix) }
        keep.toggle()
    }
}

struct FilterPipelineTests {
    private let fixes = (0..<6).map { Fixtures.fix(Fixtures.frame, east: Double($0), north: 0, time: Double($0)) }

    @Test func feedsEachStagesEstimatesToTheNext() {
        let pipeline = FilterPipeline(stages: [AlternateDropper(), KalmanFilter(processNoiseMetersPerSecond: 3)])
        let expected = KalmanFilter(processNoiseMetersPerSecond: 3).estimatedPath(
            for: Path(fixes.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)))
        #expect(pipeline.estimatedPath(for: Path(fixes)) == expected)
    }

    @Test func flushesHeldFixesThroughLaterStages() {
        let pipeline = FilterPipeline(stages: [HoldingFilter(), AlternateDropper()])
        #expect(pipeline.estimatedPath(for: Path(fixes)).count == 3)
    }

    @Test func leavesTheConfiguredValueUntouchedBetweenRuns() {
        let pipeline = FilterPipeline(stages: [AlternateDropper()])
        #expect(pipeline.estimatedPath(for: Path(fixes)) == pipeline.estimatedPath(for: Path(fixes)))
    }

    @Test func runningStageByStageGivesWhatFeedingFixByFixGives() {
        // A gate, a look-ahead smoother behind it, and a dropper: the whole-path run must match the streaming one.
        let noisy = Path(Fixtures.noisyLine(eastSpeed: 3, count: 200, deviation: 4, seed: 3))
        let smoother = try! FilterRegistry.builtIn.configuration(parsing: "rts-smoother").makeFilter()
        let pipeline = FilterPipeline(stages: [AlternateDropper(), HoldingFilter(), smoother, AlternateDropper()])
        var streaming = pipeline
        var streamed: [LocationFix] = []
        for fix in noisy.fixes { streaming.receive(fix, into: &streamed) }
        streaming.finish(into: &streamed)
        #expect(pipeline.estimatedPath(for: noisy).fixes == streamed)
        #expect(!streamed.isEmpty)
    }
}

/// Sensor events reach every stage of a pipeline.
struct FilterPipelineSensorTests {
    @Test func aDeadReckoningStageBehindAGateGetsTheSensorsAndTheGatedFixes() throws {
        let simulated = try #require(Fixtures.deadReckoningSuite.scenario(withID: "turns-200m-jog-strong")).simulate(seed: 100)
        let alone = simulated.estimatedPath(of: try FilterRegistry.builtIn.configuration(parsing: "pdr-fusion").makeFilter())
        let gated = simulated.estimatedPath(of: try FilterRegistry.builtIn.configuration(parsing: "accuracy-gate:max=1000+pdr-fusion").makeFilter())
        #expect(gated == alone)
        #expect(gated.count > simulated.noisyPath.count)
    }
}

/// Barometer readings reach a fusion stage behind a stage that holds fixes back.
struct FilterPipelineBarometerTests {
    @Test func barometerFusionBehindTheRTSSmootherUsesTheReadingOfEachFixsTime() throws {
        let simulated = try #require(Fixtures.hillsSuite.scenario(withID: "loop-5000m-2.8mps-phone-barometer-rolling")).simulate(seed: 100)
        let alone = simulated.estimatedPath(of: try FilterRegistry.builtIn.configuration(parsing: "barometer-fusion").makeFilter())
        let behind = simulated.estimatedPath(of: try FilterRegistry.builtIn.configuration(parsing: "rts-smoother+barometer-fusion").makeFilter())
        #expect(behind.fixes.count == alone.fixes.count)
        // The smoother leaves altitudes alone, so the fusion must give the same altitudes as without it.
        #expect(zip(behind.fixes, alone.fixes).allSatisfy { $0.altitudeMeters == $1.altitudeMeters })
    }
}
