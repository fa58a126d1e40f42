import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
import TrackBenchTestSupport

struct ElevationModelTests {
    /// A plane in latitude and longitude that is whole metres on every 3 arc-second post, small near `reference`.
    static func plane(_ coordinate: Coordinate, reference: TileCorner = TileCorner(latitude: 37, longitude: -123)!) -> Double {
        1000 + 1200 * (coordinate.latitude - Double(reference.latitude)) + 2400 * (coordinate.longitude - Double(reference.longitude))
    }

    /// A fresh folder holding the named tiles of `plane`.
    static func folder(with corners: [TileCorner], reference: TileCorner? = nil) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-dem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for corner in corners {
            let bytes = ElevationTile.bytes(corner: corner, postsPerSide: 1201) { plane($0, reference: reference ?? corner) }
            try Data(bytes).write(to: folder.appendingPathComponent(corner.fileName))
        }
        return folder
    }

    @Test func interpolationIsContinuousAcrossATileEdge() throws {
        let west = TileCorner(latitude: 37, longitude: -123)!
        let east = TileCorner(latitude: 37, longitude: -122)!
        let folder = try Self.folder(with: [west, east], reference: west)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = try ElevationModel.open(folder: folder)
        for longitude in [-122.0001, -122.0, -121.9999] {
            let coordinate = Coordinate(latitude: 37.4321, longitude: longitude)
            let sample = try #require(model.altitude(at: coordinate))
            #expect(abs(sample.altitudeMeters - Self.plane(coordinate)) < 1e-6)
        }
    }

    @Test func aPointOnAnEdgeIsFoundInTheNeighbourWhenItsOwnTileIsMissing() throws {
        // Only the tile south of 38 N and west of 122 W: points on its north and east edges belong to missing tiles.
        let only = TileCorner(latitude: 37, longitude: -123)!
        let folder = try Self.folder(with: [only])
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = try ElevationModel.open(folder: folder)
        for coordinate in [
            Coordinate(latitude: 38, longitude: -122.5), Coordinate(latitude: 37.5, longitude: -122), Coordinate(latitude: 38, longitude: -122),
        ] {
            #expect(model.altitude(at: coordinate)?.altitudeMeters == Self.plane(coordinate, reference: only))
        }
        #expect(model.altitude(at: Coordinate(latitude: 38.0001, longitude: -122.5)) == nil)
        #expect(model.altitude(at: Coordinate(latitude: 0, longitude: 0)) == nil)
    }

    @Test func theAntimeridianAndThePoleUseTheTilesThatTouchThem() throws {
        let antimeridian = TileCorner(latitude: 10, longitude: 179)!
        let pole = TileCorner(latitude: 89, longitude: 0)!
        let folder = try Self.folder(with: [antimeridian, pole])
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = try ElevationModel.open(folder: folder)
        let eastEdge = try #require(model.altitude(at: Coordinate(latitude: 10.5, longitude: 180)))
        #expect(eastEdge.altitudeMeters == Self.plane(Coordinate(latitude: 10.5, longitude: 180), reference: antimeridian))
        #expect(model.altitude(at: Coordinate(latitude: 10.5, longitude: -180))?.altitudeMeters == eastEdge.altitudeMeters)
        let northPole = Coordinate(latitude: 90, longitude: 0.5)
        #expect(model.altitude(at: northPole)?.altitudeMeters == Self.plane(northPole, reference: pole))
    }

    @Test func longitude180IsFoundInTheW180TileAlone() throws {
        // Only the tile east of the antimeridian: 180 is its west edge, as -180 is.
        let west180 = TileCorner(latitude: 10, longitude: -180)!
        let folder = try Self.folder(with: [west180])
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = try ElevationModel.open(folder: folder)
        for latitude in [10.0, 10.5, 11.0] {
            let expected = Self.plane(Coordinate(latitude: latitude, longitude: -180), reference: west180)
            #expect(model.altitude(at: Coordinate(latitude: latitude, longitude: -180))?.altitudeMeters == expected)
            #expect(model.altitude(at: Coordinate(latitude: latitude, longitude: 180))?.altitudeMeters == expected)
        }
    }

    @Test func aPathAcrossTheAntimeridianGetsWrappedLongitudesTilesOnBothSidesAndExactLookups() throws {
        // 55 m west of the antimeridian at 10.5 N: the loop runs on into the W180 tile and back.
        let origin = Coordinate(latitude: 10.5, longitude: 179.9995)
        let terrain = Terrain(name: "climb", shape: .slope(gradePercent: 6, uphillBearingDegrees: 80), baseAltitudeMeters: 200, origin: origin)
        let signal = Fixtures.hillsSuite.signals[0]
        let scenario = Scenario(pathType: .loop, distanceMeters: 2000, speedMetersPerSecond: 3, signal: signal, origin: origin, terrain: terrain)
        let simulated = scenario.simulate(seed: 7)
        let fixes = simulated.truePath.fixes + simulated.noisyPath.fixes
        #expect(fixes.allSatisfy { (-180...180).contains($0.longitude) })
        #expect(fixes.contains { $0.longitude > 179.9995 } && fixes.contains { $0.longitude < -179.99 })

        let plan = try TerrainTilePlan(scenarios: [scenario])
        #expect(plan.tiles.map(\.corner.fileName) == ["N10W180.hgt", "N10E179.hgt"])
        let model = ElevationModel(tiles: try plan.tiles.map { tile in
            let bytes = ElevationTile.bytes(corner: tile.corner, postsPerSide: 1201) { tile.terrain.altitudeMeters(at: $0) }
            return try ElevationTile(corner: tile.corner, bytes: Data(bytes), file: tile.corner.fileName)
        })
        // A plane in the frame is bilinear in latitude and longitude: only the posts' whole metres are lost.
        for fix in simulated.truePath.fixes {
            let sample = try #require(model.altitude(at: fix.coordinate), "no tile at \(fix.coordinate)")
            #expect(abs(sample.altitudeMeters - fix.altitudeMeters) <= 0.5)
        }
        // A longitude run on past 180 is looked up on the other side.
        let past = Coordinate(latitude: 10.5, longitude: 180.001)
        #expect(model.altitude(at: past) == model.altitude(at: Coordinate(latitude: 10.5, longitude: -179.999)))
        #expect(model.altitude(at: past) != nil)
    }

    @Test func aTruncatedTileFailsWhenTheFolderOpensNamingIt() throws {
        let folder = try Self.folder(with: [])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("N37W123.hgt")
        try Data(count: 1000).write(to: file)
        #expect(throws: ElevationTileError.wrongSize(file: file.path, bytes: 1000)) { try ElevationModel.open(folder: folder) }
    }

    @Test func aBadNameADuplicateAndAnEmptyFolderAreErrors() throws {
        let folder = try Self.folder(with: [])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("N37W123.hgt.zip"))
        #expect(throws: ElevationTileError.noTiles(path: folder.path, zipped: 1)) { try ElevationModel.open(folder: folder) }
        let bad = folder.appendingPathComponent("mountains.hgt")
        try Data().write(to: bad)
        #expect(throws: ElevationTileError.badName(file: bad.path)) { try ElevationModel.open(folder: folder) }
        try FileManager.default.removeItem(at: bad)
        for name in ["N37W123.hgt", "n37w123.hgt"] {
            try Data(ElevationTile.bytes(corner: TileCorner(name: name)!, postsPerSide: 1201) { _ in 0 })
                .write(to: folder.appendingPathComponent(name))
        }
        #expect(throws: ElevationTileError.self) { try ElevationModel.open(folder: folder) }
        let missing = folder.appendingPathComponent("missing")
        #expect(throws: ElevationTileError.unreadableFolder(path: missing.path, reason: "no such file")) { try ElevationModel.open(folder: missing) }
    }

    @Test func aTileTruncatedAfterOpeningLeavesLookupsIntactInsteadOfRaisingSIGBUS() throws {
        let corner = TileCorner(latitude: 37, longitude: -123)!
        let folder = try Self.folder(with: [corner])
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = try ElevationModel.open(folder: folder)
        #expect(truncate(folder.appendingPathComponent(corner.fileName).path, 0) == 0)
        let coordinate = Coordinate(latitude: 37.9, longitude: -122.1)
        let sample = try #require(model.altitude(at: coordinate))
        #expect(abs(sample.altitudeMeters - Self.plane(coordinate)) < 1e-6)
    }

    @Test func aFIFONamedLikeATileIsRefusedWithoutBlocking() throws {
        let folder = try Self.folder(with: [])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("N37W123.hgt")
        #expect(mkfifo(file.path, 0o644) == 0)
        #expect(throws: ElevationTileError.unreadable(file: file.path, reason: "it is a FIFO (named pipe), not a regular file")) {
            try ElevationModel.open(folder: folder)
        }
    }
}

