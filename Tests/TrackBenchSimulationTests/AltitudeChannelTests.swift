import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
import TrackBenchTestSupport

struct AltitudeChannelTests {
    /// The hills suite's `phone-barometer` profile, with the keys a test changes.
    static func profile(
        swing: Double = 12, barometer: BarometerProfile? = BarometerProfile(intervalSeconds: 1, noiseMeters: 0.1, driftMetersPerHour: 4)
    ) -> SignalProfile {
        var profile = Fixtures.hillsSuite.signals.first { $0.name == "phone-barometer" }!
        profile.altitudeSwingMeters = swing
        profile.barometer = barometer
        return profile
    }

    static func scenario(_ profile: SignalProfile, stopSeconds: Double = 0, distance: Double = 5000) -> Scenario {
        let terrain = Fixtures.hillsSuite.terrains.first { $0.name == "rolling" }!
        return Scenario(
            pathType: .loop, distanceMeters: distance, speedMetersPerSecond: 2.8, stopSeconds: stopSeconds, signal: profile, origin: terrain.origin,
            terrain: terrain)
    }

    @Test func theSwingAndBarometerNeverChangeTheHorizontalNoise() {
        let plain = Self.scenario(Self.profile(swing: 0, barometer: nil)).simulate(seed: 5)
        let altitude = Self.scenario(Self.profile()).simulate(seed: 5)
        let (before, after) = (plain.noisyPath.fixes, altitude.noisyPath.fixes)
        #expect(before.count == after.count)
        #expect(
            zip(before, after).allSatisfy {
                $0.latitude == $1.latitude && $0.longitude == $1.longitude && $0.verticalAccuracyMeters == $1.verticalAccuracyMeters
            })
        #expect(zip(before, after).contains { $0.altitudeMeters != $1.altitudeMeters })
        #expect(plain.barometer.isEmpty && plain.events == nil)
        // The barometer reads every second on its own clock, and the filters get its readings among the fixes.
        #expect(altitude.barometer.count == Int(altitude.scenario.durationSeconds) + 1)
        let events = try! #require(altitude.events)
        #expect(events.count == after.count + altitude.barometer.count)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.timeSeconds <= $1.timeSeconds })
    }

    @Test func aPhoneStandingStillSwingsUpToFiftyMetresWithoutItsAccuracyShowingIt() {
        // An hour standing still: the swing's lowest and highest points span about three deviations, sometimes 50 m.
        // Over seeds 1...200 in blocks of 20 (.ci/measure/altitude-swing.sh 10) the block medians are 35-40 m and
        // 0-5 hours in 20 pass 50 m; these 60 seeds are the first three blocks: 4 hours past 50 m.
        var ranges: [Double] = []
        for seed in UInt64(1)...60 {
            let scenario = Self.scenario(Self.profile(barometer: nil), stopSeconds: 3600, distance: 100)
            let fixes = scenario.simulate(seed: seed).noisyPath.fixes.filter { scenario.stopInterval!.contains($0.timestampSeconds) }
            let errors = fixes.map { $0.altitudeMeters - scenario.trueAltitudeMeters(atTime: $0.timestampSeconds) }
            ranges.append(errors.max()! - errors.min()!)
            let accuracies = fixes.map(\.verticalAccuracyMeters)
            #expect(accuracies.max()! < 6, "the reported vertical accuracy stays near its 3.6 m mean")
        }
        let median = ranges.sorted()[ranges.count / 2]
        #expect((34...42).contains(median), "median swing over an hour \(median) m: about three deviations of 12 m")
        #expect(ranges.contains { $0 >= 50 } && ranges.allSatisfy { $0 < 100 }, "some hours swing 50 m: \(ranges.sorted())")
    }

    @Test func theBarometerFollowsTheTrueClimbPreciselyAndDriftsSlowly() {
        let scenario = Self.scenario(Self.profile())
        let readings = scenario.simulate(seed: 9).barometer
        let start = scenario.trueAltitudeMeters(atTime: 0)
        var stepErrors: [Double] = []
        for (previous, reading) in zip(readings, readings.dropFirst()) {
            let trueStep = scenario.trueAltitudeMeters(atTime: reading.timeSeconds) - scenario.trueAltitudeMeters(atTime: previous.timeSeconds)
            stepErrors.append(reading.relativeAltitudeMeters - previous.relativeAltitudeMeters - trueStep)
        }
        let stepDeviation = (stepErrors.map { $0 * $0 }.reduce(0, +) / Double(stepErrors.count)).squareRoot()
        #expect(stepDeviation < 0.2, "a step's error is the noise of two readings, 0.1 m each, and the drift of a second: \(stepDeviation)")
        #expect(readings[0].timeSeconds == 0 && abs(readings[0].relativeAltitudeMeters) < 0.5, "it starts at 0: a change since the start")
        let last = readings.last!
        let drift = last.relativeAltitudeMeters - (scenario.trueAltitudeMeters(atTime: last.timeSeconds) - start)
        #expect(abs(drift) < 4 * 4 * last.timeSeconds / 3600 + 0.5, "within four deviations of the drift rate")
    }

    @Test func profilesWithoutTheAltitudeKeysReadAndPrintAsBefore() throws {
        let strong = Fixtures.strongSignal
        #expect(!strong.hasAltitudeChannel)
        #expect(!strong.jsonText().contains("altitude") && !strong.jsonText().contains("barometer"))
        let printed = Self.profile().jsonText()
        #expect(
            printed.contains("\"altitudeSwingMeters\": 12")
                && printed.contains("\"barometer\": { \"intervalSeconds\": 1, \"noiseMeters\": 0.1, \"driftMetersPerHour\": 4 }"))
        let read = try JSONDecoder().decode(SignalProfile.self, from: Data(printed.utf8))
        #expect(read == Self.profile())
    }
}
