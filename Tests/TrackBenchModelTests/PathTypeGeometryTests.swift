import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel

struct PathTypeGeometryTests {
    /// The length of the shape drawn through `samples` points, in metres.
    private func drawnLength(_ shape: PathType, totalMeters: Double, samples: Int = 4000) -> Double {
        let points = (0...samples).map {
            shape.position(atDistanceMeters: totalMeters * Double($0) / Double(samples), totalMeters: totalMeters).point
        }
        return zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    @Test(arguments: [PathType.straight, .turns, .track])
    func isAsLongAsItsDistanceAndStartsNorth(shape: PathType) {
        #expect(abs(drawnLength(shape, totalMeters: 400) - 400) < 0.01)
        let start = shape.position(atDistanceMeters: 0, totalMeters: 400)
        #expect(start.point == LocalPoint(east: 0, north: 0) && start.courseDegrees == 0)
    }

    @Test func aTrackHasStandardStraightsAndClosesAnticlockwise() {
        let end = PathType.track.position(atDistanceMeters: 400, totalMeters: 400)
        #expect(end.point.distance(to: LocalPoint(east: 0, north: 0)) < 1e-9 && abs(end.courseDegrees) < 1e-9)
        #expect(PathType.track.position(atDistanceMeters: 84.39, totalMeters: 400).point == LocalPoint(east: 0, north: 84.39))
        // A quarter of the way round the first bend heads north-west: turning left.
        let bend = PathType.track.position(atDistanceMeters: 84.39 + 115.61 / 2, totalMeters: 400)
        #expect(abs(bend.courseDegrees - 270) < 1e-9 && bend.point.east < 0)
    }

    @Test func turnsRunsNorthEastNorthWest() {
        let expected = [
            (75.0, LocalPoint(east: 25, north: 50), 90.0), (125, LocalPoint(east: 50, north: 75), 0), (200, LocalPoint(east: 0, north: 100), 270),
        ]
        for (distance, point, course) in expected {
            let position = PathType.turns.position(atDistanceMeters: distance, totalMeters: 200)
            #expect(position.point == point && position.courseDegrees == course)
        }
    }
}
