import Foundation
@testable import TrackBench

/// Shared inputs for the tests: the repository's scenario files and small hand-made paths.
enum Fixtures {
    /// The package root, found from this file's location.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The default suite as shipped in `Scenarios/default.json`.
    static let defaultSuite: ScenarioSuite = {
        do {
            return try ScenarioSuite.load(from: packageRoot.appendingPathComponent("Scenarios/default.json"))
        } catch {
            fatalError("Scenarios/default.json must load: \(error.localizedDescription)")
        }
    }()

    /// The `raw` and `kalman` filters with default settings.
    static let rawAndKalman = FilterRegistry.builtIn.defaultConfigurations.filter { ["raw", "kalman"].contains($0.label) }

    /// The default suite's raw and Kalman scores at the default seed, computed once.
    static let defaultScores: [ScenarioScore] = Benchmark(scenarios: defaultSuite.scenarios, filters: rawAndKalman).scoresInOrder()

    /// The default suite's `strong` profile.
    static var strongSignal: SignalProfile { defaultSuite.signals.first { $0.name == "strong" }! }

    /// A fix at a point of a frame, with the given accuracy and time.
    static func fix(_ frame: LocalFrame, east: Double, north: Double, accuracy: Double = 5, time: Double) -> LocationFix {
        let coordinate = frame.coordinate(for: LocalPoint(east: east, north: north))
        return LocationFix(latitude: coordinate.latitude, longitude: coordinate.longitude, horizontalAccuracyMeters: accuracy, timestampSeconds: time)
    }

    /// Metrics for hand-made scores whose metrics a test does not look at.
    static let unmeasured = EstimateMetrics(
        positionMedianMeters: nil, position95thPercentileMeters: nil, positionRMSEMeters: nil, lagSeconds: nil,
        stationaryDriftMeters: nil, keptPercent: 100, longestGapSeconds: 1, speedRMSEMetersPerSecond: nil, stopDetectionSeconds: nil
    )

    /// A frame near the default suite's origin.
    static let frame = LocalFrame(origin: Coordinate(latitude: 37.3861, longitude: -122.0839))
}

extension Benchmark {
    /// Scores every scenario on the calling thread, in order: the reference the parallel run must match.
    func scoresInOrder() -> [ScenarioScore] {
        scenarios.flatMap { scores(for: $0) }
    }
}
