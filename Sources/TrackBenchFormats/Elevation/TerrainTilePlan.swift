import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// Which elevation tiles hold a suite's terrains: every tile a terrain's paths come near, each with its terrain.
///
/// `trackbench dem` writes these tiles so the terrain-lookup filter can be
/// benchmarked end to end without downloading anything. A tile holds one
/// terrain, so two terrains whose paths need the same tile are an error:
/// give them origins a degree apart.
package struct TerrainTilePlan: Sendable {
    /// How far around every path the tiles reach, in metres: room for noisy and invalid fixes.
    package static let marginMeters = 2000.0
    /// How often the paths are sampled to find their extent, in metres.
    static let sampleStepMeters = 10.0

    /// The tiles to write, by corner, each with the terrain it holds.
    package let tiles: [(corner: TileCorner, terrain: Terrain)]

    /// Plans the tiles of every scenario with a terrain.
    /// - Throws: `TerrainTilePlanError` when no scenario has a terrain, or two terrains need the same tile.
    package init(scenarios: [Scenario]) throws(TerrainTilePlanError) {
        var owners: [TileCorner: Terrain] = [:]
        for scenario in scenarios {
            guard let terrain = scenario.terrain else { continue }
            for corner in Self.corners(around: scenario) {
                if let owner = owners[corner], owner != terrain {
                    throw .sharedTile(corner.fileName, first: owner.name, second: terrain.name)
                }
                owners[corner] = terrain
            }
        }
        guard !owners.isEmpty else { throw .noTerrains }
        tiles = owners.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The tiles within `marginMeters` of the scenario's path.
    static func corners(around scenario: Scenario) -> [TileCorner] {
        let frame = LocalFrame(origin: scenario.origin)
        let steps = max(1, Int((scenario.distanceMeters / sampleStepMeters).rounded(.up)))
        var east = (low: 0.0, high: 0.0)
        var north = (low: 0.0, high: 0.0)
        for index in 0...steps {
            let distance = scenario.distanceMeters * Double(index) / Double(steps)
            let point = scenario.pathType.position(atDistanceMeters: distance, totalMeters: scenario.distanceMeters).point
            east = (min(east.low, point.east), max(east.high, point.east))
            north = (min(north.low, point.north), max(north.high, point.north))
        }
        let southWest = frame.coordinate(for: LocalPoint(east: east.low - marginMeters, north: north.low - marginMeters))
        let northEast = frame.coordinate(for: LocalPoint(east: east.high + marginMeters, north: north.high + marginMeters))
        let latitudes = Int(max(-90, southWest.latitude).rounded(.down))...Int(min(89, northEast.latitude.rounded(.down)))
        // The frame wraps longitudes into -180...180, so a box across the antimeridian has its east edge west of its
        // west edge: it runs east from the west edge through 180 and on from -180.
        let westTile = Int(southWest.longitude.rounded(.down))
        var eastTile = Int(min(179, northEast.longitude.rounded(.down)))
        if northEast.longitude < southWest.longitude { eastTile += 360 }
        let longitudes = (westTile...max(westTile, min(eastTile, westTile + 359))).map { ($0 + 180) % 360 - 180 }
        return latitudes.flatMap { latitude in longitudes.compactMap { TileCorner(latitude: latitude, longitude: $0) } }
    }
}

/// Why a suite's terrains cannot be written as tiles.
package enum TerrainTilePlanError: Error, LocalizedError, Equatable {
    /// The suite has no terrains.
    case noTerrains
    /// Two terrains need the same tile.
    case sharedTile(String, first: String, second: String)

    package var errorDescription: String? {
        switch self {
        case .noTerrains:
            return "the suite has no terrains, so there is nothing to write; add a 'terrains' list to the scenario file (Docs/altitude.md) "
                + "or use Scenarios/hills.json"
        case let .sharedTile(tile, first, second):
            return "terrains '\(first)' and '\(second)' both need tile \(tile), which can hold one; "
                + "give each terrain its own 'origin' at least a degree from the others"
        }
    }
}
