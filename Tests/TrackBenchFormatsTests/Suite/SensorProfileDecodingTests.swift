import Foundation
import Testing
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// Bad sensor profiles and dead-reckoning grids fail at load, naming the file, the key and what was expected.
struct SensorProfileDecodingTests {
    private static let text = try! String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Scenarios/dead-reckoning.json"), encoding: .utf8)

    /// The error message `edit` of the dead-reckoning suite gives, or nil if it loads.
    private func problem(_ edit: (String) -> String) -> String? {
        do {
            _ = try ScenarioSuite.decode(Data(edit(Self.text).utf8), file: "edited.json")
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    @Test func loadsTheShippedSuitesWithGaitsInPlaceOfSpeeds() {
        #expect(Fixtures.deadReckoningSuite.scenarios.count == 3 * 4 * 4)
        #expect(Fixtures.deadReckoningSuite.scenarios.first?.id == "straight-100m-walk-strong")
        #expect(Fixtures.dropoutSuite.scenarios.map(\.id).contains("outAndBack-2000m-power-walk-tunnel120s-strong"))
        #expect(Fixtures.sensors.powerWalk.strideMeters == 1.03)
    }

    @Test(arguments: [
        ("\"cadenceStepsPerSecond\": 1.8", "\"cadenceStepsPerSecond\": 0", "sensors.walk.cadenceStepsPerSecond", "expected a number > 0"),
        ("\"strideMeters\": 1.32", "\"strideMeters\": -1.32", "sensors.jog.strideMeters", "expected a number > 0"),
        ("\"missedStepProbability\": 0.01", "\"missedStepProbability\": 1", "sensors.missedStepProbability", "<= 0.5"),
        (
            "\"pedometerIntervalMaximumSeconds\": 5", "\"pedometerIntervalMaximumSeconds\": 1", "sensors.pedometerIntervalMaximumSeconds",
            "expected at least pedometerIntervalMinimumSeconds (2)"
        ),
        ("\"headingNoiseDeviationDegrees\": 7.5", "\"headingNoiseDeviationDegrees\": 400", "sensors.headingNoiseDeviationDegrees", "<= 180"),
        ("\"phoneTurnDegrees\": 90", "\"phoneTurnDegrees\": 270", "sensors.phoneTurnDegrees", "expected a number >= -180 and <= 180 (°)"),
        ("\"phoneTurnSeconds\": 5", "\"phoneTurnSeconds\": -5", "sensors.phoneTurnSeconds", "expected a number >= 0 and <= 3600 (s)"),
        ("\"headingLagSeconds\": 0.5", "\"headingLagSeconds\": -0.5", "sensors.headingLagSeconds", "expected a number >= 0 and <= 60"),
        (
            "\"walkerStrideDeviationMeters\": 0.4", "\"walkerStrideDeviationMeters\": -1", "sensors.jog.walkerStrideDeviationMeters",
            "expected a number >= 0"
        ),
        ("\"declinationDegrees\": 13", "\"declinationDegrees\": 13,\n    \"declination\": 1", "sensors.declination", "unknown key"),
        (
            "\"strideDeviationMeters\": 0.017", "\"strideDeviationMeter\": 0.017", "sensors.walk.strideDeviationMeter",
            "did you mean 'strideDeviationMeters'"
        ),
        ("\"mixed\"]", "\"mixed\", \"sprint\"]", "gaits", "unknown gait 'sprint'"),
        ("\"stopsSeconds\"", "\"speedsMetersPerSecond\": [1.4],\n  \"stopsSeconds\"", "speedsMetersPerSecond", "not both"),
    ])
    func rejectsBadSensorValuesNamingTheKey(original: String, replacement: String, key: String, expected: String) throws {
        let message = try #require(problem { $0.replacingOccurrences(of: original, with: replacement) })
        #expect(message.contains("edited.json") && message.contains("key '\(key)'") && message.contains(expected), "\(message)")
    }

    /// The phone's turn came after files with sensors were written: those files read as before, with no turn,
    /// and a required key left out is still an error naming it.
    @Test func filesWrittenBeforeThePhoneTurnReadWithoutOneAndRequiredKeysStayRequired() throws {
        let old = Self.text.replacingOccurrences(of: "\"phoneTurnDegrees\": 90,", with: "")
            .replacingOccurrences(of: "\"phoneTurnSeconds\": 5,", with: "")
        #expect(!old.contains("phoneTurn"))
        let suite = try ScenarioSuite.decode(Data(old.utf8), file: "old.json")
        let sensors = try #require(suite.scenarios.first?.sensors)
        #expect(sensors.phoneTurnDegrees == 0 && sensors.phoneTurnSeconds == 0)
        let message = try #require(problem { $0.replacingOccurrences(of: "\"headingLagSeconds\": 0.5,", with: "") })
        #expect(message.contains("key 'sensors.headingLagSeconds': missing"), "\(message)")
    }

    @Test func rejectsSensorsThatWouldSampleMillionsOfTimes() throws {
        let message = try #require(problem {
            $0.replacingOccurrences(of: "\"compassIntervalSeconds\": 0.2", with: "\"compassIntervalSeconds\": 0.01")
                .replacingOccurrences(of: "[100, 200, 250, 400]", with: "[100000]")
        })
        #expect(message.contains("key 'sensors'") && message.contains("compass samples; expected at most 2000000"), "\(message)")
    }

    @Test func requiresSensorsWithGaits() throws {
        let start = try #require(Self.text.range(of: "  \"sensors\": {"))
        let end = try #require(Self.text.range(of: "  \"stopsSeconds\""))
        let message = try #require(problem { $0.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "") })
        #expect(message.contains("gaits and sensors go together"), "\(message)")
    }

    @Test func rejectsATunnelThatOutlastsTheRun() throws {
        let message = try #require(
            problem { $0.replacingOccurrences(of: "\"stopsSeconds\": [0],", with: "\"stopsSeconds\": [0],\n  \"tunnelsSeconds\": [100],") })
        #expect(message.contains("key 'tunnelsSeconds'") && message.contains("would outlast the run"), "\(message)")
    }

    @Test func refusesRecordedRoutesInADeadReckoningSuite() throws {
        let message = try #require(
            problem { $0.replacingOccurrences(of: "\"track\"]", with: "\"track\", {\"recorded\": \"x.gpx\", \"name\": \"x\"}]") })
        #expect(message.contains("key 'pathTypes'") && message.contains("recorded route"), "\(message)")
    }
}
