import Foundation
import TrackBenchFormats
import TrackBenchGeodesy
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchSimulation

/// Shared inputs for the tests: the repository's scenario files and small hand-made paths.
package enum Fixtures {
    /// The package root: this file is `<root>/Tests/TrackBenchTestSupport/Fixtures.swift`.
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A suite file of the repository, loaded; a test run stops at once if a shipped file does not load.
    package static func shippedSuite(_ file: String) -> ScenarioSuite {
        do {
            return try ScenarioSuite.load(from: packageRoot.appendingPathComponent(file))
        } catch {
            fatalError("\(file) must load: \(error.localizedDescription)")
        }
    }

    /// The default suite as shipped in `Scenarios/default.json`.
    package static let defaultSuite = shippedSuite("Scenarios/default.json")

    /// The harder suite as shipped in `Scenarios/hard.json`.
    package static let hardSuite = shippedSuite("Scenarios/hard.json")

    /// The altitude suite as shipped in `Scenarios/hills.json`.
    package static let hillsSuite = shippedSuite("Scenarios/hills.json")

    /// The dead-reckoning suite as shipped in `Scenarios/dead-reckoning.json`.
    package static let deadReckoningSuite = shippedSuite("Scenarios/dead-reckoning.json")

    /// The GPS-dropout suite as shipped in `Scenarios/gps-dropout.json`.
    package static let dropoutSuite = shippedSuite("Scenarios/gps-dropout.json")

    /// The dead-reckoning suite's sensor profile.
    package static var sensors: SensorProfile { deadReckoningSuite.scenarios[0].sensors! }

    /// A compass sample at `time` pointing `degrees` from true north (no declination).
    package static func heading(_ degrees: Double, time: Double) -> HeadingEvent {
        HeadingEvent(timeSeconds: time, magneticHeadingDegrees: degrees, declinationDegrees: 0)
    }

    /// The seed most fixtures run under: the first default seed.
    package static let seed = SeedRange.defaultSeed

    /// The default suite's `strong` profile.
    package static var strongSignal: SignalProfile { defaultSuite.signals.first { $0.name == "strong" }! }

    /// A fix at a point of a frame, with the given accuracy and time.
    package static func fix(_ frame: LocalFrame, east: Double, north: Double, accuracy: Double = 5, time: Double) -> LocationFix {
        let coordinate = frame.coordinate(for: LocalPoint(east: east, north: north))
        return LocationFix(latitude: coordinate.latitude, longitude: coordinate.longitude, horizontalAccuracyMeters: accuracy, timestampSeconds: time)
    }

    /// Metrics for hand-made scores whose metrics a test does not look at.
    package static let unmeasured: EstimateMetrics = {
        var metrics = EstimateMetrics()
        metrics.keptPercent = 100
        metrics.longestGapSeconds = 1
        return metrics
    }()

    /// A hand-made score of `filter` on a 1 km loop whose distance errs by `error` percent; `filter` is also its specification.
    package static func score(_ filter: String, scenario: String, seed: UInt64, error: Double) -> ScenarioScore {
        ScenarioScore(
            scenarioID: scenario, seed: seed, pathType: "loop", nominalDistanceMeters: 1000, speedMetersPerSecond: 2,
            signal: "strong", filter: filter, fixes: 100, estimatedFixes: 100,
            trueDistanceMeters: 1000, noisyDistanceMeters: 1030, estimatedDistanceMeters: 1000 + 10 * error,
            metrics: unmeasured
        )
    }

    /// A fix at a distinct position (3 m east per second) reporting `speed` at `time`, for speed filters.
    package static func fix(speed: Double, time: Double) -> LocationFix {
        var fix = fix(frame, east: time * 3, north: 2, accuracy: 6, time: time)
        fix.speedMetersPerSecond = speed
        fix.courseDegrees = 80
        return fix
    }

    /// Fixes `interval` seconds apart from time 0 reporting `speeds`, for speed filters.
    package static func fixes(speeds: [Double], interval: Double = 1) -> [LocationFix] {
        speeds.enumerated().map { fix(speed: $1, time: Double($0) * interval) }
    }

    /// Fixes at 1 Hz moving at a constant velocity from the origin, with seeded Gaussian noise per axis.
    package static func noisyLine(
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
    package static let frame = LocalFrame(origin: Coordinate(latitude: 37.3861, longitude: -122.0839))
}
