import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
import TrackBenchTestSupport

struct ScenarioSuiteTests {
    @Test func defaultSuiteHasSeventyTwoScenariosWithUniqueReadableIDs() {
        let suite = Fixtures.defaultSuite
        #expect(suite.scenarios.count == 72)
        #expect(Set(suite.scenarios.map(\.id)).count == 72)
        #expect(Set(suite.scenarios.map(\.pathType)) == [.loop, .outAndBack])
        #expect(Set(suite.scenarios.map(\.distanceMeters)).count == 3)
        #expect(Set(suite.scenarios.map(\.speedMetersPerSecond)).count == 3)
        #expect(suite.signals.map(\.name) == ["strong", "urban-walk", "weak", "varied"])
        #expect(suite.scenario(withID: "loop-5000m-2.8mps-weak") != nil)
    }

    /// iPhones' intervals spread by 0.131 s (Phillips 2019); the walking Samsungs' were exactly 1 s (IPIN 2023).
    @Test func defaultProfilesUseTheMeasuredFixInterval() {
        for signal in Fixtures.defaultSuite.signals {
            #expect(signal.fixIntervalMeanSeconds == 1.0)
            #expect(signal.fixIntervalDeviationSeconds == (signal.name == "urban-walk" ? 0 : 0.131), "\(signal.name)")
            #expect((10...20).contains(signal.warmUpFixes))
        }
        let signals = Dictionary(uniqueKeysWithValues: Fixtures.defaultSuite.signals.map { ($0.name, $0) })
        #expect(signals["strong"]!.horizontalAccuracyMeanMeters < signals["weak"]!.horizontalAccuracyMeanMeters)
        #expect(signals["varied"]!.horizontalAccuracyDeviationMeters > signals["strong"]!.horizontalAccuracyDeviationMeters)
    }

    /// The walkers' phone (Samsungs walked in Nuremberg past surveyed landmarks, IPIN 2023; Docs/noise-model.md) ships in
    /// the default suite beside the open-sky `strong`, with the values its fit gave, at every speed.
    @Test func defaultSuiteCarriesTheUrbanWalkerProfileWithItsFittedValues() throws {
        let suite = Fixtures.defaultSuite
        let walker = try #require(suite.signals.first { $0.name == "urban-walk" })
        #expect(walker.horizontalAccuracyMeanMeters == 5.0 && walker.horizontalAccuracyDeviationMeters == 0.9)
        #expect(walker.errorToAccuracyRatio == 1.0 && walker.accuracyTracking == 0)
        #expect(walker.driftTimeConstantSeconds == 60 && walker.jitterMeters == 0.25)
        #expect(walker.alongTrackBiasMeters == -2.3 && walker.fixedOffsetMeters == 2.0)
        #expect(walker.multipathOffsetMeters == 0.72 && walker.multipathDwellSeconds == 36)
        #expect(walker.speedDeviationMetersPerSecond == 0.3 && walker.courseDeviationDegrees == 30)
        #expect(walker.faults == FaultProfile.none)
        let walks = suite.scenarios.filter { $0.signal.name == "urban-walk" }
        #expect(walks.count == 18 && Set(walks.map(\.speedMetersPerSecond)) == [1.4, 2.8, 4.2])
        #expect(suite.scenario(withID: "outAndBack-1000m-1.4mps-urban-walk") != nil)
    }

    @Test func idsReadAsPathDistanceSpeedSignal() {
        let scenario = Scenario(
            pathType: .outAndBack,
            distanceMeters: 21097.5,
            speedMetersPerSecond: 3,
            signal: Fixtures.strongSignal,
            origin: Fixtures.frame.origin
        )
        #expect(scenario.id == "outAndBack-21097.5m-3mps-strong")
    }

    /// The default file's text with one edit applied, decoded.
    private func decodeEdited(_ edit: (inout [String: Any]) -> Void) throws(ScenarioFileError) -> ScenarioSuite {
        let url = Fixtures.packageRoot.appendingPathComponent("Scenarios/default.json")
        var object = try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        edit(&object)
        let data = try! JSONSerialization.data(withJSONObject: object)
        return try ScenarioSuite.decode(data, file: "edited.json")
    }

    private func editSignal(_ index: Int, _ edit: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
        { object in
            var signals = object["signals"] as! [[String: Any]]
            edit(&signals[index])
            object["signals"] = signals
        }
    }

    @Test func aMultipathOffsetWithoutADwellIsAnErrorNamingTheKey() throws {
        #expect(throws: ScenarioFileError.self) { try decodeEdited(editSignal(0) { $0["multipathOffsetMeters"] = 2 }) }
        do {
            _ = try decodeEdited(editSignal(0) { $0["multipathOffsetMeters"] = 2 })
        } catch {
            #expect(error.localizedDescription.contains("multipathDwellSeconds"))
        }
        let suite = try decodeEdited(editSignal(0) {
            $0["multipathOffsetMeters"] = 2
            $0["multipathDwellSeconds"] = 6
            $0["stepTailProbability"] = 0.01
            $0["stepTailMeters"] = 1.5
        })
        let signal = suite.signals[0]
        #expect(
            signal.multipathOffsetMeters == 2 && signal.multipathDwellSeconds == 6 && signal.stepTailProbability == 0.01
                && signal.stepTailMeters == 1.5)
        #expect(throws: ScenarioFileError.self) { try decodeEdited(editSignal(0) { $0["stepTailProbability"] = 1.5 }) }
    }

    @Test func excursionsNeedAPeakAndALengthOfAFixIntervalAndErrorsNameTheKeyMissing() throws {
        for (edit, key) in [
            ({ (signal: inout [String: Any]) in signal["excursionsPerHour"] = 4 }, "excursionMeters"),
            ({ (signal: inout [String: Any]) in signal["excursionsPerHour"] = 4; signal["excursionMeters"] = 12 }, "excursionSeconds"),
        ] {
            do {
                _ = try decodeEdited(editSignal(0, edit))
                Issue.record("excursions without \(key) decoded")
            } catch {
                #expect(error.localizedDescription.contains("key 'signals[0].\(key)'"), "\(error.localizedDescription)")
            }
        }
        let suite = try decodeEdited(editSignal(0) {
            $0["excursionsPerHour"] = 4
            $0["excursionMeters"] = 12
            $0["excursionSeconds"] = 30
        })
        #expect(suite.signals[0].excursionsPerHour == 4 && suite.signals[0].excursionMeters == 12 && suite.signals[0].excursionSeconds == 30)
        #expect(suite.signals[0].jsonText().contains("\"excursionSeconds\": 30"))
        #expect(!Fixtures.defaultSuite.signals[0].jsonText().contains("excursion"), "left out, the keys are not written")
    }

    @Test func aCreepNeedsAResetTimeOfAFixIntervalAndTheErrorNamesIt() throws {
        do {
            _ = try decodeEdited(editSignal(0) { $0["creepShare"] = 0.5 })
            Issue.record("a creep without creepResetSeconds decoded")
        } catch {
            #expect(error.localizedDescription.contains("key 'signals[0].creepResetSeconds'"), "\(error.localizedDescription)")
        }
        #expect(throws: ScenarioFileError.self) { try decodeEdited(editSignal(0) { $0["creepShare"] = 1.5; $0["creepResetSeconds"] = 30 }) }
        let suite = try decodeEdited(editSignal(0) {
            $0["creepShare"] = 0.5
            $0["creepResetSeconds"] = 30
        })
        #expect(suite.signals[0].creepShare == 0.5 && suite.signals[0].creepResetSeconds == 30)
        #expect(suite.signals[0].jsonText().contains("\"creepResetSeconds\": 30"))
        #expect(!Fixtures.defaultSuite.signals[0].jsonText().contains("creep"), "left out, the keys are not written")
    }

    @Test func theHillsSuiteCrossesEveryScenarioWithEachTerrainAtItsOwnOrigin() {
        let suite = Fixtures.hillsSuite
        #expect(suite.terrains.map(\.name) == ["flat", "rolling", "climb"])
        #expect(suite.scenarios.count == 48)
        #expect(suite.scenarios.allSatisfy { $0.terrain != nil && $0.origin == $0.terrain!.origin && $0.id.hasSuffix("-" + $0.terrain!.name) })
        #expect(Set(suite.terrains.map(\.origin.latitude)).count == 3)
        #expect(Fixtures.defaultSuite.terrains.isEmpty && Fixtures.defaultSuite.scenarios.allSatisfy { $0.terrain == nil })
    }

    /// The hills file's text with one edit to its first terrain, decoded.
    private func decodeHillsTerrain(_ edit: (inout [String: Any]) -> Void) throws(ScenarioFileError) -> ScenarioSuite {
        let url = Fixtures.packageRoot.appendingPathComponent("Scenarios/hills.json")
        var object = try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var terrains = object["terrains"] as! [[String: Any]]
        edit(&terrains[1])
        object["terrains"] = terrains
        return try ScenarioSuite.decode(try! JSONSerialization.data(withJSONObject: object), file: "hills.json")
    }

    @Test func aTerrainKeyOfAnotherShapeIsRefusedNamingIt() {
        do {
            _ = try decodeHillsTerrain { $0["gradePercent"] = 5 }
            Issue.record("accepted a slope key on rolling hills")
        } catch {
            #expect(error.localizedDescription.contains("terrains[1].gradePercent"))
            #expect(error.localizedDescription.contains("does not apply to a 'rollingHills' terrain"))
        }
    }

    @Test func aTerrainsOffGroundPlacesAreReadAndTheirValuesChecked() throws {
        let bridge: [String: Any] = ["east": 0, "north": 0, "radiusMeters": 60, "heightMeters": 8]
        let suite = try decodeHillsTerrain { $0["offGround"] = [bridge] }
        #expect(suite.terrains[1].offGround == [Terrain.OffGround(center: LocalPoint(east: 0, north: 0), radiusMeters: 60, heightMeters: 8)])
        #expect(suite.terrains[0].offGround.isEmpty)
        do {
            _ = try decodeHillsTerrain { $0["offGround"] = [bridge.merging(["radiusMeters": 0]) { $1 }] }
            Issue.record("accepted a place of radius 0")
        } catch {
            #expect(error.localizedDescription.contains("terrains[1].offGround[0].radiusMeters"), "\(error.localizedDescription)")
        }
        #expect(throws: ScenarioFileError.self) { try decodeHillsTerrain { $0["offGround"] = [bridge.merging(["deck": 1]) { $1 }] } }
    }

    @Test func anUnknownShapeAndAnOutOfRangeAmplitudeAreRefused() {
        #expect(throws: ScenarioFileError.self) { try decodeHillsTerrain { $0["shape"] = "mountains" } }
        #expect(throws: ScenarioFileError.self) { try decodeHillsTerrain { $0["amplitudeMeters"] = 20_000 } }
        #expect(throws: ScenarioFileError.self) { try decodeHillsTerrain { $0["wavelengthMeters"] = nil } }
        #expect(throws: ScenarioFileError.self) { try decodeHillsTerrain { $0["name"] = "Rolling Hills" } }
    }

    @Test func missingKeyNamesItsPath() {
        #expect(
            throws: ScenarioFileError.invalidKey(file: "edited.json", key: "signals[1].jitterMeters", problem: "missing; every key is required")
        ) {
            try decodeEdited(editSignal(1) { $0["jitterMeters"] = nil })
        }
    }

    @Test func unknownKeySuggestsTheIntendedOne() throws {
        let error = try #require(throws: ScenarioFileError.self) {
            try decodeEdited { $0["distanceMeters"] = [1000] }
        }
        let message = error.localizedDescription
        #expect(message.contains("edited.json") && message.contains("'distanceMeters'") && message.contains("did you mean 'distancesMeters'"))
    }

    @Test func wrongTypeSaysWhatWasExpected() throws {
        let error = try #require(throws: ScenarioFileError.self) {
            try decodeEdited(editSignal(0) { $0["jitterMeters"] = "small" })
        }
        #expect(error == .invalidKey(file: "edited.json", key: "signals[0].jitterMeters", problem: "expected a number"))
    }

    @Test(arguments: [
        ("distancesMeters", "[1000, -5]", "expected distances from 10 to 1000000 m, got -5.0"),
        ("speedsMetersPerSecond", "[]", "expected at least one value"),
        (
            "pathTypes", #"["loop", "figureEight"]"#,
            #"unknown path type 'figureEight'; expected one of loop, outAndBack, straight, turns, track, or {"recorded": FILE, "name": NAME}"#
        ),
        ("pathTypes", #"["loop", "loop"]"#, "'loop' appears twice"),
    ])
    func outOfRangeValuesAreRejected(key: String, json: String, problem: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect(throws: ScenarioFileError.invalidKey(file: "edited.json", key: key, problem: problem)) {
            try decodeEdited { $0[key] = value }
        }
    }

    @Test func badProfileValuesNameTheProfileKey() {
        #expect(
            throws: ScenarioFileError.invalidKey(
                file: "edited.json", key: "signals[2].warmUpAccuracyFactor", problem: "expected a number >= 1 and <= 1000, got 0.5")
        ) {
            try decodeEdited(editSignal(2) { $0["warmUpAccuracyFactor"] = 0.5 })
        }
        #expect(throws: ScenarioFileError.self) {
            try decodeEdited(editSignal(0) { $0["name"] = "Strong Signal" })
        }
    }

    @Test func invalidJSONIsReportedWithTheFileName() throws {
        let error = try #require(throws: ScenarioFileError.self) {
            try ScenarioSuite.decode(Data("{\"name\": \"x\",".utf8), file: "broken.json")
        }
        guard case let .malformedJSON(file, _) = error else {
            Issue.record("expected malformedJSON, got \(error)")
            return
        }
        #expect(file == "broken.json")
    }

    @Test func missingFileIsUnreadable() {
        #expect(throws: ScenarioFileError.unreadable(file: "/nonexistent/suite.json", reason: "no such file")) {
            try ScenarioSuite.load(from: URL(fileURLWithPath: "/nonexistent/suite.json"))
        }
    }
}
