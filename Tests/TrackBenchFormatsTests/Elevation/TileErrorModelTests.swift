import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchFormats

struct TileErrorModelTests {
    /// Points on a 200 x 200 grid 50 m apart (10 km a side), from a corner at 37.5 N, 122.5 W.
    private let grid: [Coordinate] = (0..<200).flatMap { row in
        (0..<200).map { column in
            Coordinate(latitude: 37.5 + Double(row) * 50 / 111_195, longitude: -122.5 + Double(column) * 50 / (111_195 * cos(37.5 * .pi / 180)))
        }
    }

    @Test func theErrorHasAboutItsStatedSizeOverALargeArea() {
        let model = TileErrorModel(verticalErrorMeters: 7.5, seed: 100)
        let errors = grid.map { model.verticalErrorMeters(at: $0) }
        let rms = (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        #expect(rms > 7.5 / 1.5 && rms < 7.5 * 1.5, "RMS \(rms) m")
    }

    @Test func neighbouringPointsShareMostOfTheirError() {
        let model = TileErrorModel(verticalErrorMeters: 7.5, seed: 100)
        // 50 m apart (one step east), against the field's shortest wavelength of 300 m.
        let steps = grid.indices.dropLast().filter { $0 % 200 != 199 }.map { index in
            abs(model.verticalErrorMeters(at: grid[index + 1]) - model.verticalErrorMeters(at: grid[index]))
        }
        #expect(steps.max()! < 7.5, "largest step \(steps.max()!) m")
    }

    @Test func theSameSeedGivesTheSameFieldAndAnotherSeedAnother() {
        let point = grid[12_345]
        #expect(TileErrorModel(seed: 1).verticalErrorMeters(at: point) == TileErrorModel(seed: 1).verticalErrorMeters(at: point))
        #expect(TileErrorModel(seed: 1).verticalErrorMeters(at: point) != TileErrorModel(seed: 2).verticalErrorMeters(at: point))
    }

    @Test func exactTilesHoldTheTerrainItself() throws {
        let corner = try #require(TileCorner(latitude: 37, longitude: -123))
        let terrain = { (coordinate: Coordinate) -> Double? in 100 + 50 * sin(coordinate.latitude * 300) }
        #expect(TileErrorModel.exact.tileBytes(corner: corner, postsPerSide: 1201, altitude: terrain)
            == ElevationTile.bytes(corner: corner, postsPerSide: 1201, altitude: terrain))
    }

    /// The tile carries each wave's cosine along a row by rotation; every post must still be the field at the post.
    @Test func aTilesPostsAreTheGroundPlusTheFieldAtEachPost() throws {
        let corner = try #require(TileCorner(latitude: 37, longitude: -123))
        let model = TileErrorModel(verticalErrorMeters: 7.5, smoothsOverPosting: false, seed: 100)
        let bytes = model.tileBytes(corner: corner, postsPerSide: 1201) { _ in 500 }
        let tile = try ElevationTile(corner: corner, bytes: Data(bytes), file: "test")
        var mismatches = 0
        for row in stride(from: 0, to: 1201, by: 40) {
            for column in [0, 1, 599, 1199, 1200] {
                let coordinate = Coordinate(latitude: 38 - Double(row) / 1200, longitude: -123 + Double(column) / 1200)
                let expected = (500 + model.verticalErrorMeters(at: coordinate)).rounded()
                if tile.post(row: row, column: column).map(Double.init) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func smoothingWeighsTheNeighbouringPostsOneTwoOne() throws {
        let corner = try #require(TileCorner(latitude: 37, longitude: -123))
        // A ridge one post wide along a row: smoothing spreads it over the rows beside it, a quarter each.
        let ridgeLatitude = 38 - 600.0 / 1200
        let terrain = { (coordinate: Coordinate) -> Double? in abs(coordinate.latitude - ridgeLatitude) < 1e-9 ? 400 : 0 }
        let bytes = TileErrorModel(verticalErrorMeters: 0, seed: 0).tileBytes(corner: corner, postsPerSide: 1201, altitude: terrain)
        let tile = try ElevationTile(corner: corner, bytes: Data(bytes), file: "test")
        #expect(tile.post(row: 600, column: 10) == 200)
        #expect(tile.post(row: 599, column: 10) == 100 && tile.post(row: 601, column: 10) == 100)
        #expect(tile.post(row: 598, column: 10) == 0)
    }
}
