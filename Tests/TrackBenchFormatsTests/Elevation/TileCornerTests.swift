import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchFormats

struct TileCornerTests {
    @Test(arguments: [
        ("N37W123", 37, -123), ("s05e010", -5, 10), ("N00E000.hgt", 0, 0), ("S90W180", -90, -180), ("N89E179.HGT", 89, 179),
        ("N37W123.SRTMGL1.hgt", 37, -123),
    ])
    func aTileNameGivesItsSouthWestCorner(name: String, latitude: Int, longitude: Int) {
        let corner = TileCorner(name: name)
        #expect(corner?.latitude == latitude)
        #expect(corner?.longitude == longitude)
        #expect(corner.map { TileCorner(name: $0.fileName) } == corner)
    }

    @Test(arguments: ["N37W12", "N37X123", "N90E000", "E37N123", "N3AW123", "N37W123.zip", "", "N37W181"])
    func aNameThatIsNotATileIsRefused(name: String) {
        #expect(TileCorner(name: name) == nil)
    }

    @Test func aTileNameIsPaddedAsSRTMSpellsIt() {
        #expect(TileCorner(latitude: 7, longitude: -5)?.name == "N07W005")
        #expect(TileCorner(latitude: -1, longitude: 0)?.fileName == "S01E000.hgt")
    }

    @Test func aCoordinateLandsInTheTileOfItsFloor() {
        #expect(TileCorner(containing: Coordinate(latitude: 37.9, longitude: -122.1)) == TileCorner(latitude: 37, longitude: -123))
        #expect(TileCorner(containing: Coordinate(latitude: -0.5, longitude: 0.5)) == TileCorner(latitude: -1, longitude: 0))
    }

    @Test func thePoleAndTheAntimeridianLandInExistingTiles() {
        #expect(TileCorner(containing: Coordinate(latitude: 90, longitude: 10)) == TileCorner(latitude: 89, longitude: 10))
        #expect(TileCorner(containing: Coordinate(latitude: 10, longitude: 180)) == TileCorner(latitude: 10, longitude: -180))
        #expect(TileCorner(containing: Coordinate(latitude: .nan, longitude: 0)) == nil)
        #expect(TileCorner(containing: Coordinate(latitude: 91, longitude: 0)) == nil)
    }
}
