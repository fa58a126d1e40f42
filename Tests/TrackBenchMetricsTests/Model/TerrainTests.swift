import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
@testable import TrackBenchMetrics
import TrackBenchTestSupport

struct TerrainTests {
    static let origin = Coordinate(latitude: 38.5, longitude: -122.5)

    @Test func aUserOffTheGroundIsTheFirstPlacesHeightAboveItAndTheGroundElsewhere() {
        let terrain = Terrain(
            name: "flat", shape: .flat, baseAltitudeMeters: 30, origin: Self.origin,
            offGround: [
                Terrain.OffGround(center: LocalPoint(east: 100, north: 0), radiusMeters: 50, heightMeters: 8),
                Terrain.OffGround(center: LocalPoint(east: 120, north: 0), radiusMeters: 50, heightMeters: -4),
            ]
        )
        #expect(terrain.userAltitudeMeters(at: LocalPoint(east: 100, north: 0)) == 38)
        #expect(terrain.userAltitudeMeters(at: LocalPoint(east: 150, north: 0)) == 38)
        #expect(terrain.userAltitudeMeters(at: LocalPoint(east: 160, north: 0)) == 26)
        #expect(terrain.userAltitudeMeters(at: LocalPoint(east: 200, north: 0)) == 30)
        // The ground itself, which terrain tiles hold, never changes.
        #expect(terrain.altitudeMeters(at: LocalPoint(east: 100, north: 0)) == 30)
    }

    @Test func flatGroundIsTheBaseAltitudeEverywhere() {
        let terrain = Terrain(name: "flat", shape: .flat, baseAltitudeMeters: 30, origin: Self.origin)
        #expect(terrain.altitudeMeters(at: LocalPoint(east: 1234, north: -567)) == 30)
    }

    @Test func rollingHillsStayWithinTheAmplitudeAndRepeatEveryWavelength() {
        let terrain = Terrain(
            name: "hills", shape: .rollingHills(amplitudeMeters: 25, wavelengthMeters: 1000), baseAltitudeMeters: 150, origin: Self.origin)
        var generator = SplitMix64(seed: 3)
        var lowest = Double.infinity
        var highest = -Double.infinity
        for _ in 0..<5000 {
            let point = LocalPoint(east: .random(in: -5000...5000, using: &generator), north: .random(in: -5000...5000, using: &generator))
            let altitude = terrain.altitudeMeters(at: point)
            lowest = min(lowest, altitude)
            highest = max(highest, altitude)
        }
        #expect(lowest >= 125 && highest <= 175)
        #expect(highest - lowest > 40, "the ground should reach near both ends of base ± amplitude")
        // Walking due north or due east, a path climbs and descends: the grid is turned from the axes.
        let north = (0...100).map { terrain.altitudeMeters(at: LocalPoint(east: 0, north: Double($0) * 10)) }
        #expect(north.max()! - north.min()! > 10)
    }

    @Test func aSlopeRisesItsGradeTowardsItsBearing() {
        let terrain = Terrain(name: "climb", shape: .slope(gradePercent: 6, uphillBearingDegrees: 90), baseAltitudeMeters: 400, origin: Self.origin)
        #expect(abs(terrain.altitudeMeters(at: LocalPoint(east: 100, north: 0)) - 406) < 1e-9)
        #expect(abs(terrain.altitudeMeters(at: LocalPoint(east: 0, north: 100)) - 400) < 1e-9)
    }

    @Test func theFieldByCoordinateIsTheFieldInTheTerrainsFrame() {
        let terrain = Terrain(name: "climb", shape: .slope(gradePercent: 10, uphillBearingDegrees: 0), baseAltitudeMeters: 0, origin: Self.origin)
        let coordinate = LocalFrame(origin: Self.origin).coordinate(for: LocalPoint(east: 0, north: 500))
        #expect(abs(terrain.altitudeMeters(at: coordinate) - 50) < 1e-6)
    }

    @Test func aScenarioStartingOnABridgeIsSimulatedAndScoredAtTheDecksHeight() {
        let bridge = Terrain.OffGround(center: LocalPoint(east: 0, north: 0), radiusMeters: 40, heightMeters: 8)
        let terrain = Terrain(name: "flat", shape: .flat, baseAltitudeMeters: 30, origin: Self.origin, offGround: [bridge])
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 2000, speedMetersPerSecond: 2.8, signal: Fixtures.strongSignal,
            origin: Self.origin, terrain: terrain
        )
        #expect(scenario.trueAltitudeMeters(atTime: 0) == 38)
        let truePath = scenario.simulate(seed: 1).truePath
        #expect(truePath.fixes.first?.altitudeMeters == 38)
        #expect(truePath.fixes.contains { $0.altitudeMeters == 30 })
    }

    @Test func aScenarioOnATerrainStartsAtItsOriginAndNamesItInItsID() {
        let terrain = Terrain(name: "climb", shape: .slope(gradePercent: 5, uphillBearingDegrees: 0), baseAltitudeMeters: 200, origin: Self.origin)
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 2000, speedMetersPerSecond: 2.8, signal: Fixtures.strongSignal,
            origin: Coordinate(latitude: 0, longitude: 0), terrain: terrain
        )
        #expect(scenario.origin == Self.origin)
        #expect(scenario.id == "outAndBack-2000m-2.8mps-strong-climb")
        let truePath = scenario.simulate(seed: 1).truePath
        for fix in truePath.fixes.prefix(50) {
            #expect(abs(fix.altitudeMeters - terrain.altitudeMeters(at: fix.coordinate)) < 1e-6)
        }
        #expect(scenario.trueAltitudeMeters(atTime: 0) == 200)
    }

    @Test func theTrueGainOfAnOutAndBackOnASlopeIsItsClimb() {
        // Straight out north for half the first leg's length rises; the back leg retraces it downhill.
        let terrain = Terrain(name: "climb", shape: .slope(gradePercent: 5, uphillBearingDegrees: 0), baseAltitudeMeters: 0, origin: Self.origin)
        let scenario = Scenario(
            pathType: .outAndBack, distanceMeters: 2000, speedMetersPerSecond: 2.8, signal: Fixtures.strongSignal, origin: Self.origin,
            terrain: terrain)
        let profile = ElevationProfile(scenario: scenario)
        let highestNorth = (0...200).map { scenario.pathType.position(atDistanceMeters: Double($0) * 10, totalMeters: 2000).point.north }.max()!
        #expect(abs(profile.gainMeters - 0.05 * highestNorth) < 0.01)
        #expect(profile.length3DMeters > 2000 && profile.length3DMeters < 2000 * (1 + 0.05 * 0.05))
    }
}
