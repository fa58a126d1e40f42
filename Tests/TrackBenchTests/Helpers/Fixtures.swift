import Foundation
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSuite
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchScoring
@testable import TrackBenchResults

/// Shared inputs for the tests: the repository's scenario files and small hand-made paths.
enum Fixtures {
    /// The package root: this file is `<root>/Tests/TrackBenchTests/Helpers/Fixtures.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A suite file of the repository, loaded; a test run stops at once if a shipped file does not load.
    static func shippedSuite(_ file: String) -> ScenarioSuite {
        do {
            return try ScenarioSuite.load(from: packageRoot.appendingPathComponent(file))
        } catch {
            fatalError("\(file) must load: \(error.localizedDescription)")
        }
    }

    /// The default suite as shipped in `Scenarios/default.json`.
    static let defaultSuite = shippedSuite("Scenarios/default.json")

    /// The harder suite as shipped in `Scenarios/hard.json`.
    static let hardSuite = shippedSuite("Scenarios/hard.json")

    /// The altitude suite as shipped in `Scenarios/hills.json`.
    static let hillsSuite = shippedSuite("Scenarios/hills.json")

    /// The dead-reckoning suite as shipped in `Scenarios/dead-reckoning.json`.
    static let deadReckoningSuite = shippedSuite("Scenarios/dead-reckoning.json")

    /// The GPS-dropout suite as shipped in `Scenarios/gps-dropout.json`.
    static let dropoutSuite = shippedSuite("Scenarios/gps-dropout.json")

    /// The dead-reckoning suite's sensor profile.
    static var sensors: SensorProfile { deadReckoningSuite.scenarios[0].sensors! }

    /// A compass sample at `time` pointing `degrees` from true north (no declination).
    static func heading(_ degrees: Double, time: Double) -> HeadingEvent {
        HeadingEvent(timeSeconds: time, magneticHeadingDegrees: degrees, declinationDegrees: 0)
    }

    /// The `raw` and `kalman` filters with default settings.
    static let rawAndKalman = FilterRegistry.builtIn.defaultConfigurations.filter { ["raw", "kalman"].contains($0.label) }

    /// The seed most fixtures run under: the first default seed.
    static let seed = Benchmark.defaultSeeds.first

    /// The default suite's raw and Kalman scores at one seed, computed once.
    static let defaultScores: [ScenarioScore] = Benchmark(scenarios: defaultSuite.scenarios, filters: rawAndKalman, seeds: SeedRange(seed))
        .scoresInOrder()

    /// The context of a results file of the default suite under `seeds`.
    static func context(_ seeds: SeedRange = SeedRange(seed)) -> ResultsContext {
        ResultsContext(suite: defaultSuite, seeds: seeds)
    }

    /// The default suite's `strong` profile.
    static var strongSignal: SignalProfile { defaultSuite.signals.first { $0.name == "strong" }! }

    /// A fix at a point of a frame, with the given accuracy and time.
    static func fix(_ frame: LocalFrame, east: Double, north: Double, accuracy: Double = 5, time: Double) -> LocationFix {
        let coordinate = frame.coordinate(for: LocalPoint(east: east, north: north))
        return LocationFix(latitude: coordinate.latitude, longitude: coordinate.longitude, horizontalAccuracyMeters: accuracy, timestampSeconds: time)
    }

    /// Metrics for hand-made scores whose metrics a test does not look at.
    static let unmeasured: EstimateMetrics = {
        var metrics = EstimateMetrics()
        metrics.keptPercent = 100
        metrics.longestGapSeconds = 1
        return metrics
    }()

    /// A hand-made score of `filter` on a 1 km loop whose distance errs by `error` percent; `filter` is also its specification.
    static func score(_ filter: String, scenario: String, seed: UInt64, error: Double) -> ScenarioScore {
        ScenarioScore(
            scenarioID: scenario, seed: seed, pathType: "loop", nominalDistanceMeters: 1000, speedMetersPerSecond: 2,
            signal: "strong", filter: filter, fixes: 100, estimatedFixes: 100,
            trueDistanceMeters: 1000, noisyDistanceMeters: 1030, estimatedDistanceMeters: 1000 + 10 * error,
            metrics: unmeasured
        )
    }

    /// A fix at a distinct position (3 m east per second) reporting `speed` at `time`, for speed filters.
    static func fix(speed: Double, time: Double) -> LocationFix {
        var fix = fix(frame, east: time * 3, north: 2, accuracy: 6, time: time)
        fix.speedMetersPerSecond = speed
        fix.courseDegrees = 80
        return fix
    }

    /// Fixes `interval` seconds apart from time 0 reporting `speeds`, for speed filters.
    static func fixes(speeds: [Double], interval: Double = 1) -> [LocationFix] {
        speeds.enumerated().map { fix(speed: $1, time: Double($0) * interval) }
    }

    /// Fixes at 1 Hz moving at a constant velocity from the origin, with seeded Gaussian noise per axis.
    static func noisyLine(
        eastSpeed: Double,
        northSpeed: Double = 0,
        count: Int,
        deviation: Double,
        accuracy: Double? = nil,
        seed: UInt64
    ) -> [LocationFix] {
        var generator = SplitMix64(seed: seed)
        var sampler = GaussianSampler()
        return (0..<count).map { index in
            let time = Double(index)
            return fix(
                frame,
                east: eastSpeed * time + sampler.next(mean: 0, deviation: deviation, using: &generator),
                north: northSpeed * time + sampler.next(mean: 0, deviation: deviation, using: &generator),
                // By default the 2-D RMS radius of `deviation` metres per axis.
                accuracy: accuracy ?? deviation * 2.0.squareRoot(),
                time: time
            )
        }
    }

    /// A frame near the default suite's origin.
    static let frame = LocalFrame(origin: Coordinate(latitude: 37.3861, longitude: -122.0839))
}

extension Benchmark {
    /// Scores every unit (seed and scenario; a shard's if set) on the calling thread, in order: the reference the parallel run must match.
    func scoresInOrder() -> [ScenarioScore] {
        units.flatMap(scores(for:))
    }
}
