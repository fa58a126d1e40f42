import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchMetrics
import TrackBenchTestSupport

/// The `recorded` path type: scenarios that follow a real route read from a reference recording.
struct RecordedRouteTests {
    private static let examples = Fixtures.packageRoot.appendingPathComponent("Examples/Recordings")
    private static let suite = try! ScenarioSuite.load(from: examples.appendingPathComponent("simulated-track.json"))

    /// A scenario file in a temporary folder next to the example reference, with `pathTypes` as given.
    private func load(pathTypes: String, routeBytes: Data? = nil) throws -> ScenarioSuite {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-route-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = try routeBytes ?? Data(contentsOf: Self.examples.appendingPathComponent("track-truth.gpx"))
        try reference.write(to: folder.appendingPathComponent("route.gpx"))
        try Data(contentsOf: Self.examples.appendingPathComponent("track-route.gpx")).write(to: folder.appendingPathComponent("drawn.gpx"))
        let signal = Self.suite.signals[0].jsonText()
        let text = "{\"name\": \"t\", \"description\": \"\", \"origin\": {\"latitude\": 0, \"longitude\": 0}, \"pathTypes\": \(pathTypes), "
            + "\"distancesMeters\": [1000], \"speedsMetersPerSecond\": [2], \"stopsSeconds\": [0], \"signals\": [\(signal)]}"
        let file = folder.appendingPathComponent("suite.json")
        try Data(text.utf8).write(to: file)
        return try ScenarioSuite.load(from: file)
    }

    @Test func aRecordedPathIsCrossedWithTheSignalsOnlyAndTakesTheRoutesLengthAndTiming() throws {
        #expect(Self.suite.scenarios.map(\.id) == ["recorded-track-strong", "recorded-track-weak", "recorded-track-varied"])
        let scenario = Self.suite.scenarios[0]
        #expect(scenario.pathType == .recorded)
        // make_examples.py: four laps of a 400 m circle at 3.3 m/s with a 20 s stop, sampled at 10 Hz.
        #expect(abs(scenario.distanceMeters - 1600) < 1, "\(scenario.distanceMeters) m")
        #expect(abs(scenario.durationSeconds - (1600 / 3.3 + 20)) < 0.2, "\(scenario.durationSeconds) s")
        #expect(scenario.trueSpeedMetersPerSecond(atTime: 100) > 3.2)
        #expect(scenario.trueSpeedMetersPerSecond(atTime: 500 / 3.3 + 10) == 0)
        #expect(abs(scenario.distanceCoveredMeters(atTime: 500 / 3.3 + 10) - 500) < 0.5)
        #expect(abs(scenario.distanceCoveredMeters(atTime: scenario.durationSeconds) - scenario.route!.lengthMeters) < 1e-9)
    }

    @Test func theTruePathFollowsTheRouteAndTheNoiseFreezesDuringItsStop() {
        let scenario = Self.suite.scenarios[0]
        let simulated = scenario.simulate(seed: 100)
        let frame = LocalFrame(origin: scenario.origin)
        for fix in simulated.truePath.fixes {
            #expect(frame.point(for: fix.coordinate).distance(to: scenario.truePosition(atTime: fix.timestampSeconds)) < 1e-6)
        }
        // The route is a 400 m circle (radius 63.7 m) starting at its southern point.
        let radii = simulated.truePath.fixes.map { frame.point(for: $0.coordinate).distance(to: LocalPoint(east: 0, north: 400 / (2 * .pi))) }
        #expect(radii.allSatisfy { abs($0 - 400 / (2 * .pi)) < 0.05 })
        // The strong profile freezes to a fifth of its motion while stopped.
        func medianStep(_ range: ClosedRange<Double>) -> Double {
            let pairs = zip(simulated.truePath.fixes, simulated.noisyPath.fixes).filter { range.contains($0.0.timestampSeconds) }
            let errors = pairs.map { truth, noisy in
                frame.point(for: noisy.coordinate).distance(to: frame.point(for: truth.coordinate))
            }
            var steps = zip(errors.dropFirst(), errors).map { abs($0 - $1) }.sorted()
            return Statistics.percentile(&steps, 0.5)!
        }
        let stop = (500 / 3.3 + 1)...(500 / 3.3 + 19)
        #expect(medianStep(stop) < medianStep(200...400) / 2)
    }

    @Test func aRouteIsPartOfTheSuitesFingerprint() throws {
        let original = try load(pathTypes: "[{\"recorded\": \"route.gpx\", \"name\": \"track\"}]")
        var bytes = try Data(contentsOf: Self.examples.appendingPathComponent("track-truth.gpx"))
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "<ele>30.0</ele>", with: "<ele>31.0</ele>")
        bytes = Data(text.utf8)
        let edited = try load(pathTypes: "[{\"recorded\": \"route.gpx\", \"name\": \"track\"}]", routeBytes: bytes)
        #expect(original.fingerprint != edited.fingerprint)
        let shapes = try load(pathTypes: "[\"loop\", {\"recorded\": \"route.gpx\", \"name\": \"track\"}]")
        #expect(shapes.scenarios.map(\.id) == ["loop-1000m-2mps-strong", "recorded-track-strong"])
    }

    @Test(arguments: [
        ("[{\"recorded\": \"drawn.gpx\", \"name\": \"drawn\"}]", "pathTypes[0].recorded", "no times"),
        ("[\"loop\", {\"recorded\": \"missing.gpx\", \"name\": \"gone\"}]", "pathTypes[1].recorded", "cannot read route"),
        ("[\"recorded\"]", "pathTypes", "a recorded path names its route"),
        ("[{\"recorded\": \"route.gpx\", \"name\": \"Park Run\"}]", "pathTypes[0].name", "lowercase letters"),
        ("[{\"recorded\": \"route.gpx\", \"name\": \"a\"}, {\"recorded\": \"route.gpx\", \"name\": \"a\"}]", "pathTypes", "appears twice"),
        ("[{\"recorded\": \"route.gpx\", \"names\": \"a\"}]", "pathTypes[0].names", "did you mean 'name'"),
    ])
    func aBadRecordedPathNamesTheKeyAndWhatIsWrong(pathTypes: String, key: String, problem: String) throws {
        do {
            _ = try load(pathTypes: pathTypes)
            Issue.record("loaded \(pathTypes)")
        } catch let ScenarioFileError.invalidKey(_, errorKey, message) {
            #expect(errorKey == key, "\(message)")
            #expect(message.contains(problem), "\(message)")
        }
    }
}
