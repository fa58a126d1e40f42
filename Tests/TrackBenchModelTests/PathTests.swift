import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
import TrackBenchTestSupport

struct PathTests {
    @Test func emptyAndSingleFixPathsHaveZeroLength() {
        #expect(Path([]).totalDistanceMeters == 0)
        #expect(Path([LocationFix(latitude: 1, longitude: 2, timestampSeconds: 0)]).totalDistanceMeters == 0)
    }

    @Test func lengthIsTheSumOfConsecutiveGreatCircleDistances() {
        let frame = LocalFrame(origin: Coordinate(latitude: 37, longitude: -122))
        let corners = [LocalPoint(east: 0, north: 0), LocalPoint(east: 0, north: 300), LocalPoint(east: 400, north: 300)]
        let fixes = corners.enumerated().map { index, point in
            let coordinate = frame.coordinate(for: point)
            return LocationFix(latitude: coordinate.latitude, longitude: coordinate.longitude, timestampSeconds: Double(index))
        }
        #expect(abs(Path(fixes).totalDistanceMeters - 700) < 0.1)
    }

    @Test func invalidFixesStillCountTowardsTheDrawnLength() {
        let fixes = [
            LocationFix(latitude: 0, longitude: 0, timestampSeconds: 0),
            LocationFix(latitude: 0.001, longitude: 0, horizontalAccuracyMeters: -1, timestampSeconds: 1),
        ]
        #expect(!fixes[1].hasValidCoordinate)
        #expect(Path(fixes).totalDistanceMeters > 100)
    }

    @Test func pathsWithTheSameCoordinatesHaveTheSameLengthWhateverElseDiffers() {
        let fixes = Fixtures.fixes(speeds: [1, 2, 3, 4])
        var other = fixes
        other[2].speedMetersPerSecond = 9
        other[2].horizontalAccuracyMeters = 50
        #expect(Path(fixes).hasSameCoordinates(as: Path(other)))
        #expect(Path(fixes).totalDistanceMeters == Path(other).totalDistanceMeters)
        other[3].latitude += 1e-9
        #expect(!Path(fixes).hasSameCoordinates(as: Path(other)))
        #expect(!Path(fixes).hasSameCoordinates(as: Path(Array(fixes.dropLast()))))
    }
}

