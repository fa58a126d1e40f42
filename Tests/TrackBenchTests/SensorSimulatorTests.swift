import Testing
@testable import TrackBench

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
        var trueFixes = TrueFixes(scenario: walk, seed: 100)
        let delivered = walk.signal.deliveredFixes(along: &trueFixes, in: LocalFrame(origin: walk.origin), seed: 100, streamName: walk.id)
        #expect(first.noisyPath == Path(delivered))
    }

    @Test(arguments: ["straight-100m-walk-strong", "track-400m-jog-strong", "turns-250m-mixed-strong"])
    func countsAboutTheStepsTheDistanceTakesAtTheTrueStride(id: String) throws {
        let scenario = try scenario(id)
        let simulated = scenario.simulate(seed: 100)
        let sensors = try #require(scenario.sensors)
        let counted = simulated.steps.reduce(0) { $0 + $1.steps }
        let stretches = try #require(scenario.gait).stretches
        let expected = stretches.reduce(0.0) { $0 + scenario.distanceMeters / Double(stretches.count) / sensors.profile(for: $1).strideMeters }
        #expect(abs(Double(counted) - expected) < 0.15 * expected)
        #expect(simulated.steps.last?.timeSeconds == scenario.durationSeconds)
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
                let error = SensorSimulator.wrapped(sample.trueHeadingDegrees + 180) - 180
                errors.append(error)
            }
        }
        let deviation = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
        // Noise 8, bias 10 and offset 5 degrees: about 13.8 degrees together.
        #expect(deviation > 10 && deviation < 18)
    }

    @Test func wrapsAnglesIntoZeroTo360() {
        #expect(SensorSimulator.wrapped(-90) == 270)
        #expect(SensorSimulator.wrapped(725) == 5)
        #expect(SensorSimulator.wrapped(-1e-17) == 0)
    }
}
