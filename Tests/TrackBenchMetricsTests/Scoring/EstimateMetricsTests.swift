import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
import TrackBenchTestSupport

struct EstimateMetricsTests {
    private let scenario = Scenario(
        pathType: .loop, distanceMeters: 2000, speedMetersPerSecond: 2.5, stopSeconds: 30,
        signal: Fixtures.strongSignal, origin: Fixtures.frame.origin
    )

    /// Estimates at whole seconds placed where the truth was `delaySeconds` earlier, with speed from `speed`.
    private func estimates(delaySeconds: Double = 0, every step: Double = 1, speed: (Double) -> Double = { _ in -1 }) -> Path {
        let frame = LocalFrame(origin: scenario.origin)
        let times = Array(stride(from: 0.0, through: scenario.durationSeconds, by: step))
        return Path(times.map { time in
            let coordinate = frame.coordinate(for: scenario.truePosition(atTime: time - delaySeconds))
            return LocationFix(
                latitude: coordinate.latitude, longitude: coordinate.longitude, speedMetersPerSecond: speed(time), timestampSeconds: time)
        })
    }

    @Test func theTruthItselfScoresZeroErrorAndZeroLag() throws {
        let metrics = EstimateMetrics(measuring: estimates(), against: scenario, deliveredFixes: 830)
        #expect(try #require(metrics.positionRMSEMeters) < 1e-6)
        #expect(metrics.lagSeconds == 0)
        #expect(metrics.stationaryDriftMeters == 0)
        #expect(metrics.speedRMSEMetersPerSecond == nil)
    }

    @Test func aDelayedTrackShowsItsDelayAsLag() {
        #expect(EstimateMetrics(measuring: estimates(delaySeconds: 5), against: scenario, deliveredFixes: 830).lagSeconds == 5)
        #expect(EstimateMetrics(measuring: estimates(delaySeconds: 2.3), against: scenario, deliveredFixes: 830).lagSeconds == 2.3)
    }

    @Test func keptShareAndLongestGapCountDroppedTime() throws {
        let metrics = EstimateMetrics(measuring: estimates(every: 10), against: scenario, deliveredFixes: 830)
        #expect(abs(try #require(metrics.keptPercent) - 84.0 / 830 * 100) < 1e-9)
        #expect(abs(try #require(metrics.longestGapSeconds) - 10) < 1e-9)
        #expect(EstimateMetrics.longestGap(in: [5, 6], runSeconds: 20) == 14)
        #expect(EstimateMetrics.longestGap(in: [], runSeconds: 20) == 20)
    }

    @Test func speedErrorAndStopDetectionFollowTheReportedSpeeds() throws {
        let stop = try #require(scenario.stopInterval)
        // Reports 2.5 m/s (the truth while moving) until 3 s into the stop, then 0.
        let metrics = EstimateMetrics(
            measuring: estimates { $0 < stop.lowerBound.rounded(.up) + 3 ? 2.5 : 0 },
            against: scenario,
            deliveredFixes: 830
        )
        let detection = try #require(metrics.stopDetectionSeconds)
        #expect(abs(detection - (stop.lowerBound.rounded(.up) + 3 - stop.lowerBound)) < 1e-9)
        // 3 or 4 wrong readings of 2.5 m/s in the stop, the rest right, after the stop 0 instead of 2.5.
        #expect(try #require(metrics.speedRMSEMetersPerSecond) > 0)
    }

    @Test func stopDetectionIsTheWholeStopWhenSpeedNeverDrops() {
        let metrics = EstimateMetrics(measuring: estimates { _ in 2.5 }, against: scenario, deliveredFixes: 830)
        #expect(metrics.stopDetectionSeconds == 30)
    }

    @Test func driftAddsUpMovementWhileTheRunnerStandsStill() throws {
        let stop = try #require(scenario.stopInterval)
        let frame = LocalFrame(origin: scenario.origin)
        let still = scenario.truePosition(atTime: stop.lowerBound)
        // Two estimates in the stop, 3 m apart.
        let fixes = [0.0, 4.0].map { east -> LocationFix in
            let coordinate = frame.coordinate(for: LocalPoint(east: still.east + east, north: still.north))
            return LocationFix(latitude: coordinate.latitude, longitude: coordinate.longitude, timestampSeconds: stop.lowerBound + 1 + east)
        }
        let metrics = EstimateMetrics(measuring: Path(fixes), against: scenario, deliveredFixes: 2)
        #expect(abs(try #require(metrics.stationaryDriftMeters) - 4) < 1e-6)
    }

    @Test func percentilesInterpolateBetweenNeighbours() {
        var values: [Double] = [4, 1, 3, 2]
        #expect(Statistics.percentile(&values, 0.5) == 2.5)
        values = [10, 0]
        #expect(Statistics.percentile(&values, 0.95) == 9.5)
        values = []
        #expect(Statistics.percentile(&values, 0.5) == nil)
    }

    @Test func percentilesMatchASortedReferenceOnRandomData() {
        var generator = SplitMix64(seed: 5)
        for count in [1, 2, 3, 10, 101, 1000] {
            let values = (0..<count).map { _ in Double(generator.next() % 50) }
            let sorted = values.sorted()
            for p in [0.0, 0.5, 0.95, 1.0] {
                let rank = p * Double(count - 1)
                let lower = Int(rank.rounded(.down))
                let upper = min(lower + 1, count - 1)
                let expected = sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - Double(lower))
                var workspace = values
                #expect(Statistics.percentile(&workspace, p) == expected, "count \(count), p \(p)")
            }
        }
    }

    @Test func severalPercentilesAtOnceMatchEachAlone() {
        var generator = SplitMix64(seed: 9)
        for count in [1, 2, 5, 100, 1001] {
            let values = (0..<count).map { _ in Double(generator.next() % 30) }
            let fractions = [0.0, 0.25, 0.5, 0.5, 0.95, 1.0]
            var together = values
            let expected = fractions.map { fraction in
                var alone = values
                return Statistics.percentile(&alone, fraction)!
            }
            #expect(Statistics.percentiles(&together, fractions) == expected, "count \(count)")
        }
    }

    @Test func longestGapIsTheSameForEstimatesInAndOutOfTimeOrder() {
        let times = [2.0, 3, 9, 10, 10, 14]
        #expect(EstimateMetrics.longestGap(in: times, runSeconds: 20) == 6)
        #expect(EstimateMetrics.longestGap(in: [10, 2, 14, 3, 10, 9], runSeconds: 20) == 6)
        #expect(EstimateMetrics.longestGap(in: [], runSeconds: 20) == 20)
        // An estimate after the run's end is sorted in, not read as a negative gap.
        #expect(EstimateMetrics.longestGap(in: [1, 25], runSeconds: 20) == 19)
    }

    @Test func sharedTruthCacheGivesTheSameMetricsAsAFreshOne() {
        // Filters that keep every fix and gates that drop some ask for the truth at different times in turn.
        let scenario = Fixtures.defaultSuite.scenarios[0]
        let simulated = scenario.simulate(seed: Fixtures.seed)
        let shared = TruthCache(scenario: scenario, deliveredFixes: simulated.noisyPath.fixes)
        for specification in ["raw", "accuracy-gate:max=4", "kalman", "stale-gate", "running-average", "accuracy-gate:max=6", "raw"] {
            let estimated = try! FilterRegistry.builtIn.configuration(parsing: specification).makeFilter().estimatedPath(for: simulated.noisyPath)
            var accumulator = MetricsAccumulator(scenario: scenario, truth: shared)
            accumulator.add(estimated.fixes)
            let cached = accumulator.metrics(deliveredFixes: simulated.noisyPath.count)
            let fresh = EstimateMetrics(measuring: estimated, against: scenario, deliveredFixes: simulated.noisyPath.count)
            #expect(cached == fresh, "\(specification)")
        }
    }

    @Test func phoneScoreIsTheMeanOfMedianAndNinetyFifthPercentile() {
        var metrics = Fixtures.unmeasured
        metrics.positionMedianMeters = 2
        metrics.position95thPercentileMeters = 8
        #expect(metrics.phoneScoreMeters == 5)
    }

    @Test func metricsWithoutAStopLeaveStopColumnsEmpty() {
        var moving = scenario
        moving.stopSeconds = 0
        let metrics = EstimateMetrics(measuring: estimates(), against: moving, deliveredFixes: 800)
        #expect(metrics.stationaryDriftMeters == nil && metrics.stopDetectionSeconds == nil)
    }
}

/// The dead-reckoning metrics: endpoint error per metre, and the error shown at 30, 60 and 120 s into a tunnel.
struct DeadReckoningMetricsTests {
    @Test func areEmptyWithoutSensorsOrATunnel() {
        let scenario = Fixtures.defaultSuite.scenarios[0]
        let metrics = EstimateMetrics(measuring: scenario.simulate(seed: 100).noisyPath, against: scenario, deliveredFixes: 10)
        #expect(metrics.endpointErrorCentimetersPerMeter == nil && metrics.dropoutError30sMeters == nil && metrics.dropoutError120sMeters == nil)
    }

    @Test func aFrozenPositionIsOffByTheDistanceWalkedSinceAndTheEndpointByTheRoute() throws {
        // An app that shows the start forever: 60 s into the tunnel it is off by where the person is then.
        let scenario = try #require(Fixtures.dropoutSuite.scenario(withID: "outAndBack-2000m-walk-tunnel60s-strong"))
        let start = LocationFix(latitude: scenario.origin.latitude, longitude: scenario.origin.longitude, timestampSeconds: 0)
        let metrics = EstimateMetrics(measuring: Path([start]), against: scenario, deliveredFixes: 1)
        let tunnel = try #require(scenario.tunnelInterval)
        let frame = LocalFrame(origin: scenario.origin)
        #expect(
            abs(
                try #require(metrics.dropoutError30sMeters)
                    - scenario.truePosition(atTime: tunnel.lowerBound + 30).distance(to: frame.point(for: scenario.origin))) < 1e-9)
        #expect(metrics.dropoutError60sMeters != nil && metrics.dropoutError120sMeters == nil)
        // An out-and-back ends where it starts.
        #expect(try #require(metrics.endpointErrorCentimetersPerMeter) < 1e-6)
    }
}
