import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
import TrackBenchTestSupport

struct SensorSimulatorTests {
    private func scenario(_ id: String) throws -> Scenario {
        try #require(Fixtures.deadReckoningSuite.scenario(withID: id))
    }

    @Test func isDeterministicAndDrawsFromItsOwnStream() throws {
        let walk = try scenario("straight-100m-walk-strong")
        let first = walk.simulate(seed: 100)
        let again = walk.simulate(seed: 100)
        #expect(first.steps == again.steps && first.headings == again.headings)
        #expect(walk.simulate(seed: 101).steps != first.steps)
        // The fixes come from the clock and noise streams alone, exactly as for a scenario without sensors.
        var trueFixes = TrueFixes(
            motion: ShapeMotion(scenario: walk), signal: walk.signal, frame: LocalFrame(origin: walk.origin), seed: 100, streamName: walk.id)
        let delivered = walk.signal.deliveredFixes(along: &trueFixes, in: LocalFrame(origin: walk.origin), seed: 100, streamName: walk.id)
        #expect(first.noisyPath == Path(delivered))
    }

    @Test(arguments: ["straight-100m-walk-strong", "track-400m-jog-strong", "turns-250m-mixed-strong"])
    func countsOnAverageTheStepsTheDistanceTakesAtTheMeanStride(id: String) throws {
        // People at the mean stride: the spread between people (30 % jogging) is the next test's.
        let shipped = try scenario(id)
        var sensors = try #require(shipped.sensors)
        for gait in [\SensorProfile.walk, \.powerWalk, \.jog] {
            sensors[keyPath: gait].walkerStrideDeviationMeters = 0
        }
        let scenario = Scenario(
            pathType: shipped.pathType, distanceMeters: shipped.distanceMeters, gait: try #require(shipped.gait), sensors: sensors,
            signal: shipped.signal, origin: shipped.origin)
        let stretches = try #require(scenario.gait).stretches
        let expected = stretches.reduce(0.0) { $0 + scenario.distanceMeters / Double(stretches.count) / sensors.profile(for: $1).strideMeters }
        let counts = (UInt64(100)...119).map { seed in Double(scenario.simulate(seed: seed).steps.reduce(0) { $0 + $1.steps }) }
        #expect(abs(counts.reduce(0, +) / Double(counts.count) - expected) < 0.05 * expected)
        #expect(scenario.simulate(seed: 100).steps.last?.timeSeconds == scenario.durationSeconds)
    }

    @Test func eachRunIsAPersonWhoseStrideMissesTheMeanMoreWhenJoggingThanWhenWalking() throws {
        // One draw per run: the step counts of 400 m spread over seeds by about the walker deviation (6 % walking,
        // 30 % jogging), far more than the steps' own spread (3 %, averaging out over hundreds of steps) would give.
        func relativeSpread(_ id: String) throws -> Double {
            let scenario = try scenario(id)
            let counts = (UInt64(100)...119).map { seed in Double(scenario.simulate(seed: seed).steps.reduce(0) { $0 + $1.steps }) }
            let mean = counts.reduce(0, +) / Double(counts.count)
            return (counts.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(counts.count - 1)).squareRoot() / mean
        }
        let walk = try relativeSpread("straight-400m-walk-strong")
        let jog = try relativeSpread("straight-400m-jog-strong")
        #expect(walk > 0.03 && walk < 0.1, "walk \(walk)")
        #expect(jog > 3 * walk, "walk \(walk), jog \(jog)")
    }

    @Test func reportsEveryTwoToFiveSecondsWithTheActivityOfTheMoment() throws {
        let mixed = try scenario("track-400m-mixed-strong")
        let steps = mixed.simulate(seed: 100).steps
        for (previous, next) in zip([0] + steps.map(\.timeSeconds), steps.map(\.timeSeconds)).dropLast() {
            #expect(next - previous >= 2 && next - previous <= 5)
        }
        #expect(Set(steps.map(\.gait)) == [.walk, .powerWalk, .jog])
        #expect(steps.first?.gait == .walk && steps.last?.gait == .jog)
    }

    @Test func samplesTheCompassFiveTimesASecondWithinZeroTo360() throws {
        let track = try scenario("track-400m-walk-strong")
        let headings = track.simulate(seed: 100).headings
        #expect(headings.count == Int(track.durationSeconds / 0.2) + 1)
        #expect(headings.allSatisfy { $0.isValid && $0.declinationDegrees == 13 })
    }

    @Test func compassErrorMatchesTheProfile() throws {
        // Straight north: every true heading is 0, so the error is the heading itself, off by the declination.
        let straight = try scenario("straight-400m-walk-strong")
        var errors: [Double] = []
        for seed in UInt64(100)...119 {
            for sample in straight.simulate(seed: seed).headings {
                let error = Bearing.turn(from: 0, to: sample.trueHeadingDegrees)
                errors.append(error)
            }
        }
        let deviation = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
        // Noise 7.5, bias 10 and offset 5 degrees: about 13.5 degrees together.
        #expect(deviation > 9 && deviation < 18, "\(deviation)")
    }

    @Test func thePhoneTurnsForItsSecondsAtEachChangeOfActivityOnlyInAMixedRun() throws {
        // A compass without noise, bias, offset, lag or declination due north: a heading is the phone's turn alone.
        var sensors = Fixtures.sensors
        (sensors.headingNoiseDeviationDegrees, sensors.headingBiasDeviationDegrees, sensors.headingLagSeconds) = (0, 0, 0)
        (sensors.phoneOffsetDeviationDegrees, sensors.declinationDegrees) = (0, 0)
        func straight(_ gait: Gait) -> Scenario {
            Scenario(
                pathType: .straight, distanceMeters: 300, gait: gait, sensors: sensors, signal: Fixtures.strongSignal, origin: Fixtures.frame.origin)
        }
        let mixed = straight(.mixed)
        let changes = [mixed.timeSeconds(atDistanceMeters: 100), mixed.timeSeconds(atDistanceMeters: 200)]
        let headings = mixed.simulate(seed: 100).headings
        for sample in headings {
            let turned = changes.contains { sample.timeSeconds >= $0 && sample.timeSeconds < $0 + sensors.phoneTurnSeconds }
            #expect(sample.magneticHeadingDegrees == (turned ? sensors.phoneTurnDegrees : 0), "at \(sample.timeSeconds) s")
        }
        #expect(headings.contains { $0.magneticHeadingDegrees == 90 })
        #expect(straight(.jog).simulate(seed: 100).headings.allSatisfy { $0.magneticHeadingDegrees == 0 })
    }

    @Test func theCompassFollowsATurnLikeAFirstOrderLowPass() throws {
        // A compass without noise, bias, offset or declination: the headings are the course through the lag alone.
        var sensors = Fixtures.sensors
        (sensors.headingNoiseDeviationDegrees, sensors.headingBiasDeviationDegrees) = (0, 0)
        (sensors.phoneOffsetDeviationDegrees, sensors.declinationDegrees) = (0, 0)
        func headings(lag: Double) -> [Double] {
            sensors.headingLagSeconds = lag
            let turns = Scenario(
                pathType: .turns, distanceMeters: 200, gait: .walk, sensors: sensors, signal: Fixtures.strongSignal, origin: Fixtures.frame.origin)
            return turns.simulate(seed: 100).headings.map(\.magneticHeadingDegrees)
        }
        let lagging = headings(lag: 1)
        let instant = headings(lag: 0)
        // The first right turn, north to east: the first sample after it.
        let corner = try #require(instant.firstIndex { $0 > 0 })
        #expect(instant[corner] == 90 && lagging[corner - 1] == 0)
        // Five samples of 0.2 s in, the heading has gone 1 - e^-1 of the way (63 %).
        #expect(abs(lagging[corner + 4] - 90 * (1 - exp(-1))) < 1e-9, "\(lagging[corner + 4])")
        #expect(abs(lagging[corner + 50] - 90) < 0.01)
    }
}
