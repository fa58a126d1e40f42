import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchEngine
import TrackBenchTestSupport

struct FilterSpeedTests {
    private let paths = (0..<3).map { FilterSpeed.Input(path: Path(Fixtures.noisyLine(eastSpeed: 3, count: 300, deviation: 4, seed: UInt64($0)))) }

    @Test func timesEachFilterAndEachStageOfAPipeline() throws {
        let filters = try ["raw", "accuracy-gate+kalman+speed-ema"].map { try FilterRegistry.builtIn.configuration(parsing: $0) }
        let speeds = FilterSpeed.measure(filters, on: paths, repetitions: 2)
        #expect(speeds.map(\.label) == ["raw", "accuracy-gate+kalman+speed-ema"])
        #expect(speeds[0].stageNanosecondsPerFix.isEmpty)
        #expect(speeds[0].pipelineOverhead == nil)
        #expect(speeds[1].stageNanosecondsPerFix.count == 3)
        for speed in speeds {
            #expect(speed.nanosecondsPerFix > 0 && speed.nanosecondsPerFix.isFinite)
            #expect(speed.stageNanosecondsPerFix.allSatisfy { $0 > 0 && $0.isFinite })
        }
        let overhead = try #require(speeds[1].pipelineOverhead)
        #expect(overhead > 0 && overhead.isFinite)
    }

    @Test func aScenarioWithSensorsFeedsItsEventsAndTimesAPipelineWhole() throws {
        let simulated = Fixtures.deadReckoningSuite.scenarios[0].simulate(seed: 100, keepingTruePath: false)
        let input = FilterSpeed.Input(simulated)
        let events = try #require(input.events)
        #expect(events.count > simulated.noisyPath.count)
        let filters = try ["pdr-paper", "accuracy-gate+pdr-fusion"].map { try FilterRegistry.builtIn.configuration(parsing: $0) }
        let speeds = FilterSpeed.measure(filters, on: [input], repetitions: 1)
        #expect(speeds.allSatisfy { $0.nanosecondsPerFix > 0 && $0.nanosecondsPerFix.isFinite })
        #expect(speeds[1].stageNanosecondsPerFix.isEmpty && speeds[1].pipelineOverhead == nil)
    }

    @Test func anInputFeedsAFilterWhatTheBenchmarkFeedsIt() throws {
        let simulated = Fixtures.deadReckoningSuite.scenarios[0].simulate(seed: 100, keepingTruePath: false)
        let filter = try FilterRegistry.builtIn.configuration(parsing: "pdr-paper").makeFilter()
        var buffer: [LocationFix] = []
        FilterSpeed.Input(simulated).run(filter, into: &buffer)
        let benchmarked = simulated.estimatedPath(of: filter).fixes
        #expect(buffer == benchmarked)
        FilterSpeed.Input(path: simulated.noisyPath).run(filter, into: &buffer)
        #expect(buffer == filter.estimatedPath(for: simulated.noisyPath).fixes)
        // Fed the fixes alone, the dead-reckoning filter has no steps to walk: not what the benchmark scores.
        #expect(buffer != benchmarked)
    }

    @Test func pathsWithoutFixesGiveZeroNotNaN() throws {
        let speeds = FilterSpeed.measure(
            [try FilterRegistry.builtIn.configuration(parsing: "kalman")], on: [FilterSpeed.Input(path: Path([]))], repetitions: 1)
        #expect(speeds[0].nanosecondsPerFix == 0)
    }
}
