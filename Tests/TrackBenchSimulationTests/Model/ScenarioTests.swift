import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
import TrackBenchTestSupport

struct ScenarioTests {
    @Test(arguments: [
        (5000.0, "5000"), (2.8, "2.8"), (1.4, "1.4"), (45, "45"), (0.1 + 0.2, "0.30000000000000004"), (1e20, "1e+20"),
    ])
    func idsSpellNumbersInTheirFrozenForm(value: Double, spelling: String) {
        #expect(Scenario.idSpelling(of: value) == spelling)
    }

    /// The ids and first random values of a few shipped scenarios at seed 100, computed
    /// independently (FNV-1a of the id, then SplitMix64). If this fails, every committed
    /// result would change: scenario ids and their streams must never move.
    @Test(arguments: [
        (0, "default", "loop-1000m-1.4mps-strong", 0x565e_9148_6c26_ac34 as UInt64, 0x1ff9_baaf_bbc6_1aab as UInt64),
        (71, "default", "outAndBack-10000m-4.2mps-varied", 0x6688_3a26_239c_47d0, 0x7e69_0611_e009_84a1),
        (3, "hard", "loop-2000m-1.4mps-stop45s-city-canyon", 0x0ed7_7718_d8e8_cdbf, 0xc4cb_987b_9a35_d89a),
    ])
    func shippedScenariosKeepTheirIdsAndRandomStreams(index: Int, suite: String, id: String, noise: UInt64, faults: UInt64) {
        let scenario = (suite == "default" ? Fixtures.defaultSuite : Fixtures.hardSuite).scenarios[index]
        #expect(scenario.id == id)
        #expect(scenario.noiseStreamName == id && scenario.faultStreamName == id + "#faults")
        var noiseStream = SplitMix64(seed: 100, stream: scenario.noiseStreamName)
        var faultStream = SplitMix64(seed: 100, stream: scenario.faultStreamName)
        #expect(noiseStream.next() == noise)
        #expect(faultStream.next() == faults)
    }
}

/// Scenarios paced by a gait: speed from cadence and stride, a mixed gait in thirds, tunnels.
struct GaitScenarioTests {
    private func scenario(_ gait: Gait, distance: Double = 300, stop: Double = 0, tunnel: Double = 0) -> Scenario {
        Scenario(
            pathType: .straight, distanceMeters: distance, gait: gait, sensors: Fixtures.sensors, stopSeconds: stop, tunnelSeconds: tunnel,
            signal: Fixtures.strongSignal, origin: Fixtures.frame.origin)
    }

    @Test func movesAtCadenceTimesStrideAndIsNamedByItsGait() {
        let jog = scenario(.jog)
        #expect(jog.speedMetersPerSecond == 2.6 * 1.32)
        #expect(jog.id == "straight-300m-jog-strong")
        #expect(scenario(.walk, stop: 30, tunnel: 60).id == "straight-300m-walk-stop30s-tunnel60s-strong")
    }

    @Test func aMixedGaitCoversEachThirdAtItsActivitysSpeed() {
        let mixed = scenario(.mixed, stop: 20)
        let speeds = [Fixtures.sensors.walk, Fixtures.sensors.powerWalk, Fixtures.sensors.jog].map(\.speedMetersPerSecond)
        let thirds = speeds.map { 100 / $0 }
        #expect(abs(mixed.durationSeconds - (thirds.reduce(0, +) + 20)) < 1e-9)
        #expect(abs(mixed.distanceCoveredMeters(atTime: thirds[0]) - 100) < 1e-9)
        #expect(mixed.activity(atTime: thirds[0] / 2) == .walk && mixed.activity(atTime: thirds[0] + 1) == .powerWalk)
        #expect(mixed.trueSpeedMetersPerSecond(atTime: mixed.durationSeconds - 1) == speeds[2])
        // The stop is halfway along, in the power-walking third.
        let stop = try! #require(mixed.stopInterval)
        #expect(
            abs(mixed.distanceCoveredMeters(atTime: stop.lowerBound) - 150) < 1e-9 && mixed.trueSpeedMetersPerSecond(atTime: stop.lowerBound + 1) == 0
        )
        for time in stride(from: 0.0, through: mixed.durationSeconds, by: 7) {
            #expect(
                abs(mixed.timeSeconds(atDistanceMeters: mixed.distanceCoveredMeters(atTime: time)) - time) < 1e-6
                    || mixed.stopInterval!.contains(time))
        }
    }
}
