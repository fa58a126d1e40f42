import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
import TrackBenchTestSupport

struct ScenarioTruePathTests {
    private func truePath(_ pathType: PathType, distance: Double, speed: Double = 2.8) -> (Scenario, Path) {
        let scenario = Scenario(
            pathType: pathType,
            distanceMeters: distance,
            speedMetersPerSecond: speed,
            signal: Fixtures.strongSignal,
            origin: Fixtures.frame.origin
        )
        return (scenario, scenario.truePath(seed: 100))
    }

    @Test(arguments: [PathType.loop, .outAndBack, .track, .recorded])
    func startsAndEndsAtTheOrigin(pathType: PathType) {
        let (_, path) = truePath(pathType, distance: 5000)
        let frame = LocalFrame(origin: Fixtures.frame.origin)
        let start = frame.point(for: path.fixes.first!.coordinate)
        let end = frame.point(for: path.fixes.last!.coordinate)
        #expect(start.distance(to: LocalPoint(east: 0, north: 0)) < 1e-6)
        #expect(end.distance(to: LocalPoint(east: 0, north: 0)) < 1e-6)
    }

    @Test func loopIsACircleWhoseCircumferenceIsTheDistance() {
        let (_, path) = truePath(.loop, distance: 5000)
        let radius = 5000 / (2 * Double.pi)
        let centre = LocalPoint(east: radius, north: 0)
        for fix in path.fixes {
            #expect(abs(Fixtures.frame.point(for: fix.coordinate).distance(to: centre) - radius) < 1e-6)
        }
        // The polygon through 1 Hz fixes is shorter than the circle by well under 0.01 %.
        #expect(abs(path.totalDistanceMeters - 5000) / 5000 < 0.0002)
    }

    @Test func outAndBackTurnsRightThenRetracesItself() {
        let (_, path) = truePath(.outAndBack, distance: 4000, speed: 1.0)
        let points = path.fixes.map { Fixtures.frame.point(for: $0.coordinate) }
        let farthest = points.max { $0.distance(to: LocalPoint(east: 0, north: 0)) < $1.distance(to: LocalPoint(east: 0, north: 0)) }!
        // The far end is 1000 m north then 1000 m east (a right turn).
        #expect(abs(farthest.east - 1000) < 1.5 && abs(farthest.north - 1000) < 1e-6)
        #expect(points.allSatisfy { $0.east >= -1e-9 && $0.north >= -1e-9 && $0.north <= 1000 + 1e-9 })
        #expect(abs(path.totalDistanceMeters - 4000) < 4)
    }

    @Test func stepsFollowSpeedTimesJitteredInterval() {
        let (scenario, path) = truePath(.loop, distance: 10000, speed: 4.2)
        let intervals = zip(path.fixes.dropFirst(), path.fixes).map { $0.timestampSeconds - $1.timestampSeconds }.dropLast()
        let mean = intervals.reduce(0, +) / Double(intervals.count)
        let deviation = (intervals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(intervals.count - 1)).squareRoot()
        #expect(abs(mean - 1.0) < 0.01)
        #expect(abs(deviation - 0.131) < 0.01)
        #expect(abs(path.fixes.last!.timestampSeconds - scenario.durationSeconds) < 1e-6)
        #expect(path.fixes.allSatisfy { $0.speedMetersPerSecond == 4.2 && $0.horizontalAccuracyMeters == 0 && $0.altitudeMeters == 0 })
    }

    @Test func coursePointsAlongTheDirectionOfTravel() {
        let (_, path) = truePath(.outAndBack, distance: 4000, speed: 1.0)
        let courses = Set(path.fixes.map(\.courseDegrees))
        #expect(courses == [0, 90, 180, 270])
        let (_, loop) = truePath(.loop, distance: 1000)
        // A clockwise circle starting northwards is heading east a quarter of the way round.
        let quarter = loop.fixes.min { abs($0.timestampSeconds - 1000 / 2.8 / 4) < abs($1.timestampSeconds - 1000 / 2.8 / 4) }!
        #expect(abs(quarter.courseDegrees - 90) < 2)
    }
}

struct ScenarioStopTests {
    private let scenario = Scenario(
        pathType: .outAndBack, distanceMeters: 2000, speedMetersPerSecond: 2.0, stopSeconds: 45,
        signal: Fixtures.strongSignal, origin: Fixtures.frame.origin
    )

    @Test func idNamesTheStop() {
        #expect(scenario.id == "outAndBack-2000m-2mps-stop45s-strong")
    }

    @Test func runnerStandsStillHalfwayForTheStopsLength() throws {
        let stop = try #require(scenario.stopInterval)
        #expect(stop == 500...545)
        #expect(scenario.durationSeconds == 1045)
        let path = scenario.truePath(seed: 1)
        let standing = path.fixes.filter { stop.contains($0.timestampSeconds) }
        #expect(standing.count > 40)
        #expect(standing.allSatisfy { $0.speedMetersPerSecond == 0 && $0.courseDegrees == -1 })
        #expect(Set(standing.map(\.latitude)).count == 1 && Set(standing.map(\.longitude)).count == 1)
        #expect(abs(path.totalDistanceMeters - 2000) < 4)
    }
}

struct SimulationWithoutTruePathTests {
    @Test(arguments: ["loop-10000m-1.4mps-varied", "outAndBack-1000m-4.2mps-weak"])
    func deliversTheSameFixesAndKeepsTheTruePathsLength(id: String) throws {
        let scenario = try #require(Fixtures.defaultSuite.scenario(withID: id) ?? Fixtures.hardSuite.scenarios.first)
        let kept = scenario.simulate(seed: 7)
        let lean = scenario.simulate(seed: 7, keepingTruePath: false)
        #expect(lean.truePath.count == 0 && kept.truePath.count > 100)
        #expect(lean.noisyPath == kept.noisyPath)
        #expect(lean.trueDistanceMeters == kept.truePath.totalDistanceMeters)
        #expect(kept.trueDistanceMeters == kept.truePath.totalDistanceMeters)
    }

    @Test func theTrueFixTimesComeFromTheClockStreamWhateverTheFaults() throws {
        let faulty = try #require(Fixtures.hardSuite.scenarios.first { $0.signal.faults != .none })
        var clean = faulty
        clean.signal.faults = .none
        #expect(faulty.truePath(seed: 3).fixes.map(\.timestampSeconds) == clean.truePath(seed: 3).fixes.map(\.timestampSeconds))
    }
}
