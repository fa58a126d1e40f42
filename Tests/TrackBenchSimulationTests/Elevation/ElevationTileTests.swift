import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchFormats
@testable import TrackBenchSimulation

struct ElevationTileTests {
    static let corner = TileCorner(latitude: 37, longitude: -123)!

    /// A 3 arc-second tile of the plane 100 + 2 row + 3 column, which is whole metres at every post.
    static let planeTile: ElevationTile = {
        let bytes = Data(ElevationTile.bytes(corner: corner, postsPerSide: 1201) { coordinate in
            let row = (38 - coordinate.latitude) * 1200
            let column = (coordinate.longitude + 123) * 1200
            return 100 + 2 * row + 3 * column
        })
        return try! ElevationTile(corner: corner, bytes: bytes, file: "plane")
    }()

    @Test func writtenPostsReadBackRowsFromTheNorthEdge() {
        #expect(Self.planeTile.postsPerSide == 1201)
        #expect(Self.planeTile.post(row: 0, column: 0) == 100)
        #expect(Self.planeTile.post(row: 1, column: 0) == 102)
        #expect(Self.planeTile.post(row: 0, column: 1) == 103)
        #expect(Self.planeTile.post(row: 1200, column: 1200).map(Int.init) == 100 + 2400 + 3600)
    }

    @Test func bilinearInterpolationIsExactOnAPlane() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<1000 {
            let latitude = 37 + Double.random(in: 0...1, using: &generator)
            let longitude = -123 + Double.random(in: 0...1, using: &generator)
            let expected = 100 + 2 * (38 - latitude) * 1200 + 3 * (longitude + 123) * 1200
            let sample = Self.planeTile.altitude(at: Coordinate(latitude: latitude, longitude: longitude))
            #expect(abs((sample?.altitudeMeters ?? .nan) - expected) < 1e-6, "at \(latitude), \(longitude)")
            #expect(sample?.skippedVoids == 0)
        }
    }

    @Test func theFourEdgesAndCornersAreInsideTheTile() {
        for (latitude, longitude) in [(37.0, -123.0), (38.0, -122.0), (37.0, -122.0), (38.0, -123.0), (37.5, -122.0), (37.0, -122.5)] {
            let expected = 100 + 2 * (38 - latitude) * 1200 + 3 * (longitude + 123) * 1200
            #expect(Self.planeTile.altitude(at: Coordinate(latitude: latitude, longitude: longitude))?.altitudeMeters == expected)
        }
        #expect(Self.planeTile.altitude(at: Coordinate(latitude: 38.0001, longitude: -122.5)) == nil)
        #expect(Self.planeTile.altitude(at: Coordinate(latitude: 37.5, longitude: -123.0001)) == nil)
    }

    /// `planeTile`'s bytes with the posts at `voids` (row, column) made void.
    static func planeBytes(voids: [(Int, Int)]) -> Data {
        var bytes = ElevationTile.bytes(corner: corner, postsPerSide: 1201) { coordinate in
            100 + 2 * (38 - coordinate.latitude) * 1200 + 3 * (coordinate.longitude + 123) * 1200
        }
        for (row, column) in voids {
            let offset = (row * 1201 + column) * 2
            bytes[offset] = 0x80
            bytes[offset + 1] = 0x00
        }
        return Data(bytes)
    }

    @Test func aVoidPostIsFilledFromItsNeighboursSoOnItAndBesideItAgreeExactlyOnAPlane() throws {
        // One void inside the tile and one on its north edge, where only the west-east pair is there.
        let tile = try ElevationTile(corner: Self.corner, bytes: Self.planeBytes(voids: [(600, 600), (0, 300)]), file: "void")
        #expect(tile.post(row: 600, column: 600) == nil && tile.post(row: 0, column: 300) == nil)
        for (row, column) in [(600, 600), (0, 300)] {
            for offset in [0, 1e-10, -1e-10, 0.4 / 1200] {
                let latitude = 38 - Double(row) / 1200 - abs(offset)
                let longitude = -123 + Double(column) / 1200 + offset
                let expected = 100 + 2 * (38 - latitude) * 1200 + 3 * (longitude + 123) * 1200
                let sample = try #require(tile.altitude(at: Coordinate(latitude: latitude, longitude: longitude)))
                #expect(abs(sample.altitudeMeters - expected) < 1e-6, "post \(row), \(column), offset \(offset)")
                #expect(sample.skippedVoids == 1)
            }
        }
    }

    @Test func aVoidWithoutValidNeighboursIsLeftOutAndABlockOfThemIsNoAltitude() throws {
        // The 3 x 3 posts in the north-west corner are void: none of the corner cell's four posts has a valid
        // neighbour.
        let block = (0...2).flatMap { row in (0...2).map { (row, $0) } }
        let tile = try ElevationTile(corner: Self.corner, bytes: Self.planeBytes(voids: block), file: "void")
        let inFirstCell = Coordinate(latitude: 38 - 0.5 / 1200, longitude: -123 + 0.5 / 1200)
        #expect(tile.altitude(at: inFirstCell) == nil)
        // Beside the block a cell's one void is filled from the two neighbours it has (off a plane by their
        // mean slope, 2.5 m here, a quarter of it at the cell's centre) and its other posts read.
        let beside = Coordinate(latitude: 38 - 2.5 / 1200, longitude: -123 + 2.5 / 1200)
        let sample = try #require(tile.altitude(at: beside))
        #expect(sample.skippedVoids == 1)
        #expect(abs(sample.altitudeMeters - (100 + 2 * 2.5 + 3 * 2.5)) < 1, "\(sample.altitudeMeters)")
    }

    @Test func writingRoundsClampsAndMarksVoids() throws {
        var calls = 0
        let bytes = ElevationTile.bytes(corner: Self.corner, postsPerSide: 1201) { coordinate in
            calls += 1
            if coordinate.latitude == 38 { return 1e9 }
            if coordinate.latitude == 37 { return .nan }
            return coordinate.longitude == -123 ? 12.5 : nil
        }
        let tile = try ElevationTile(corner: Self.corner, bytes: Data(bytes), file: "extremes")
        #expect(calls == 1201 * 1201)
        #expect(tile.post(row: 0, column: 5) == 32767)
        #expect(tile.post(row: 1200, column: 5) == nil)
        #expect(tile.post(row: 600, column: 0) == 13)
        #expect(tile.post(row: 600, column: 1) == nil)
    }

    @Test(arguments: [0, 1, 2_884_801, 2_884_803, 25_934_400])
    func aTileOfAnotherSizeIsRefusedNamingTheFile(byteCount: Int) {
        #expect(throws: ElevationTileError.wrongSize(file: "N37W123.hgt", bytes: byteCount)) {
            try ElevationTile(corner: Self.corner, bytes: Data(count: byteCount), file: "N37W123.hgt")
        }
    }

    @Test func aOneArcSecondTileHas3601PostsPerSide() throws {
        let tile = try ElevationTile(corner: Self.corner, bytes: Data(count: 3601 * 3601 * 2), file: "one")
        #expect(tile.postsPerSide == 3601)
        #expect(tile.altitude(at: Coordinate(latitude: 37.5, longitude: -122.5))?.altitudeMeters == 0)
    }
}
