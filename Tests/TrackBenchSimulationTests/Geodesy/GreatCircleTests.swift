import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchSimulation

struct GreatCircleTests {
    @Test func matchesPublishedNashvilleToLosAngelesDistance() {
        // Rosetta Code's haversine task: BNA (36.12, -86.67) to LAX (33.94, -118.40)
        // on a sphere of radius 6372.8 km is 2887.2599506071106 km.
        let distance = GreatCircle.distanceMeters(
            from: Coordinate(latitude: 36.12, longitude: -86.67),
            to: Coordinate(latitude: 33.94, longitude: -118.40),
            radiusMeters: 6_372_800
        )
        #expect(abs(distance - 2_887_259.9506071106) < 0.001)
    }

    @Test func oneDegreeOfLatitudeIsOneRadianOverOneEightyOfTheMeanRadius() {
        let distance = GreatCircle.distanceMeters(
            from: Coordinate(latitude: 10, longitude: 20),
            to: Coordinate(latitude: 11, longitude: 20)
        )
        // 6371008.8 m * pi / 180 = 111195.08 m
        #expect(abs(distance - 111_195.08) < 0.01)
    }

    @Test func isZeroBetweenEqualPointsAndSymmetric() {
        let a = Coordinate(latitude: 37.3861, longitude: -122.0839)
        let b = Coordinate(latitude: 37.3871, longitude: -122.0829)
        #expect(GreatCircle.distanceMeters(from: a, to: a) == 0)
        #expect(GreatCircle.distanceMeters(from: a, to: b) == GreatCircle.distanceMeters(from: b, to: a))
    }

    @Test func staysAccurateForSubMetreSteps() {
        // 1 cm north: the law of cosines would round this to 0 or to centimetres of error.
        let start = Coordinate(latitude: 37.3861, longitude: -122.0839)
        let end = Coordinate(latitude: 37.3861 + 0.01 / 111_195.08, longitude: -122.0839)
        #expect(abs(GreatCircle.distanceMeters(from: start, to: end) - 0.01) < 1e-6)
    }

    @Test func halfwayRoundTheEquatorIsHalfTheCircumference() {
        let distance = GreatCircle.distanceMeters(
            from: Coordinate(latitude: 0, longitude: 0),
            to: Coordinate(latitude: 0, longitude: 180)
        )
        #expect(abs(distance - Double.pi * GreatCircle.meanEarthRadiusMeters) < 0.001)
    }

    @Test func smallAngleSeriesGiveTheLibrarysSineAndArcsineToTheLastBit() {
        // Angles from 1e-12 rad to the series limit, and just past it, where the library takes over.
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200_000 {
            let exponent = -12 + 8 * generator.nextUnit()
            let angle = pow(10, exponent) * (generator.next() % 2 == 0 ? 1 : -1)
            #expect(GreatCircle.smallAngleSine(angle) == sin(angle), "sin(\(angle))")
            #expect(GreatCircle.smallAngleArcsine(abs(angle)) == asin(abs(angle)), "asin(\(abs(angle)))")
        }
    }
}
