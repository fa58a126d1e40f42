import Testing
@testable import TrackBenchGeodesy

struct LocalFrameTests {
    let frame = LocalFrame(origin: Coordinate(latitude: 37.3861, longitude: -122.0839))

    @Test func originMapsToZero() {
        let point = frame.point(for: frame.origin)
        #expect(point.east == 0 && point.north == 0)
    }

    @Test(arguments: [(1000.0, 0.0), (0.0, 1000.0), (-3000.0, 4000.0), (7071.0, -7071.0)])
    func roundTripsThroughCoordinates(east: Double, north: Double) {
        let back = frame.point(for: frame.coordinate(for: LocalPoint(east: east, north: north)))
        #expect(abs(back.east - east) < 1e-6)
        #expect(abs(back.north - north) < 1e-6)
    }

    @Test(arguments: [(1000.0, 0.0), (0.0, 1000.0), (600.0, 800.0), (-5000.0, 5000.0)])
    func flatDistancesAgreeWithGreatCircleWithinTwoHundredthsOfAPercent(east: Double, north: Double) {
        let point = LocalPoint(east: east, north: north)
        let flat = LocalPoint(east: 0, north: 0).distance(to: point)
        let sphere = GreatCircle.distanceMeters(from: frame.origin, to: frame.coordinate(for: point))
        #expect(abs(sphere - flat) / flat < 0.0002)
    }

    @Test func pointsNorthAndEastHaveLargerLatitudeAndLongitude() {
        let coordinate = frame.coordinate(for: LocalPoint(east: 10, north: 10))
        #expect(coordinate.latitude > frame.origin.latitude)
        #expect(coordinate.longitude > frame.origin.longitude)
    }

    @Test func aPointAcrossTheAntimeridianIsTheShorterWayRoundAndComesBackWithin180() {
        let frame = LocalFrame(origin: Coordinate(latitude: 0, longitude: 179.9995))
        let across = frame.point(for: Coordinate(latitude: 0, longitude: -179.9995))
        let metresPerDegree = GreatCircle.meanEarthRadiusMeters * Double.pi / 180
        #expect(abs(across.east - 0.001 * metresPerDegree) < 1e-6)
        let back = frame.coordinate(for: across)
        #expect(abs(back.longitude - -179.9995) < 1e-9)
        let westward = LocalFrame(origin: Coordinate(latitude: 0, longitude: -179.9995))
        #expect(abs(westward.point(for: Coordinate(latitude: 0, longitude: 179.9995)).east + 0.001 * metresPerDegree) < 1e-6)
        #expect(abs(westward.coordinate(for: LocalPoint(east: -111, north: 0)).longitude - 179.99950) < 1e-3)
    }
}
