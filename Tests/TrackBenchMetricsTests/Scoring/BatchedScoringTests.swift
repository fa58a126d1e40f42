import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
import TrackBenchTestSupport

/// Feeding and scoring a run a batch at a time, as the harness does, changes nothing.
struct BatchedScoringTests {
    /// A hard-suite scenario with every kind of fault: stale, invalid and jumping fixes, dropouts and speed glitches.
    private static let scenario = Fixtures.hardSuite.scenarios.first {
        $0.signal.faults.staleFixProbability > 0 && $0.signal.faults.jumpProbability > 0
    }!
    private static let fixes = scenario.simulate(seed: 100).noisyPath.fixes

    /// Every built-in filter run by default, and pipelines with a smoother behind a gate and in the middle.
    private static let configurations: [FilterConfiguration] = FilterRegistry.builtIn.defaultConfigurations + [
        "stale-gate+rts-smoother", "rts-smoother+speed-decay", "accuracy-gate:max=30+cv-kalman+speed-ema",
    ].map { try! FilterRegistry.builtIn.configuration(parsing: $0) }

    @Test(arguments: configurations.map(\.specification))
    func everyFilterGivesTheSameEstimatesFedInBatchesAsFedWhole(specification: String) throws {
        let configuration = try FilterRegistry.builtIn.configuration(parsing: specification)
        let whole = configuration.makeFilter().estimatedPath(for: Path(Self.fixes)).fixes
        var filter = configuration.makeFilter()
        var estimates: [LocationFix] = []
        var batched: [LocationFix] = []
        var start = 0
        for size in [1, 2, 77, 500, 1, 3_000] where start < Self.fixes.count {
            let end = min(Self.fixes.count, start + size)
            filter.receive(contentsOf: Self.fixes[start..<end], into: &estimates)
            batched += estimates
            estimates.removeAll()
            start = end
        }
        filter.receive(contentsOf: Self.fixes[start...], into: &estimates)
        filter.finish(into: &estimates) { batch in
            batched += batch
            batch.removeAll()
        }
        batched += estimates
        #expect(batched == whole)
    }

    @Test func metricsMeasuredInBatchesEqualThoseOfTheWholePath() {
        // With the delivered fixes shared, filters that repeat them take the scenario's one measurement of them, and
        // filters that leave them measure the shared stretch from them: neither may change a number.
        let truth = TruthCache(scenario: Self.scenario, deliveredFixes: Self.fixes)
        var moved = Self.fixes
        moved[700].speedMetersPerSecond = 9
        moved[900].longitude += 1e-5
        let paths = Self.configurations.map { $0.makeFilter().estimatedPath(for: Path(Self.fixes)) }
            + [Path(Array(Self.fixes.prefix(500))), Path(moved), Path([])]
        for estimates in paths {
            let whole = EstimateMetrics(measuring: estimates, against: Self.scenario, deliveredFixes: Self.fixes.count)
            var accumulator = MetricsAccumulator(scenario: Self.scenario, truth: truth)
            for start in stride(from: 0, to: estimates.count, by: 333) {
                accumulator.add(Array(estimates.fixes[start..<min(estimates.count, start + 333)]))
            }
            #expect(accumulator.estimateCount == estimates.count)
            #expect(accumulator.metrics(deliveredFixes: Self.fixes.count) == whole, "\(estimates.count) estimates")
        }
    }

    @Test func theEstimatedLengthIsThePathsLengthWhetherItRepeatsTheNoisyPathOrLeavesIt() {
        let noisy = Path(Self.fixes)
        let noisyMeters = noisy.totalDistanceMeters
        var moved = Self.fixes
        moved[900].latitude += 1e-4
        var longer = Self.fixes
        longer.append(Self.fixes[0])
        for estimates in [Self.fixes, Array(Self.fixes.prefix(700)), moved, longer, Array(Self.fixes.dropFirst()), []] {
            var length = EstimatedPathLength(noisyPath: noisy, noisyMeters: noisyMeters)
            for start in stride(from: 0, to: estimates.count, by: 250) {
                length.add(Array(estimates[start..<min(estimates.count, start + 250)]))
            }
            #expect(length.meters == Path(estimates).totalDistanceMeters)
        }
    }

    @Test func lagSamplesAreTheFirstEstimateInEachHundredthOfTheRun() {
        var samples = LagSamples(runSeconds: 1_000)
        for time in [0.5, 3, 9.99, 10, 15, .nan, 995, 2_000, -4] {
            samples.offer(timeSeconds: time, point: LocalPoint(east: time, north: 0))
        }
        // Slot 0 takes 0.5 (and not 3, 9.99 or -4), slot 1 takes 10, the last takes 995; NaN none.
        #expect(samples.samples.times == [0.5, 10, 995])
        #expect(samples.samples.points.map(\.east) == [0.5, 10, 995])
    }
}
