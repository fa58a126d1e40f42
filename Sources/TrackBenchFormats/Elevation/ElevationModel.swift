import Foundation
import TrackBenchGeodesy
import TrackBenchModel
import TrackBenchSupport

/// A terrain model: a folder of SRTM `.hgt` tiles, looked up by coordinate.
///
/// The folder is listed once and every tile read into memory at once (26 MB
/// for a 1 arc-second tile, 2.9 MB for 3 arc-seconds) and its size checked,
/// so a truncated tile fails before any filter runs. Tiles are not
/// memory-mapped: a tile truncated or replaced during a run would end it
/// with `SIGBUS`. Lookups never read a file.
///
/// A point on a tile edge belongs to every tile that shares the edge (tiles
/// repeat their neighbours' edge posts), so it is found when any of them is
/// present.
package struct ElevationModel: ElevationLookup {
    /// The tiles by south-west corner.
    package let tiles: [TileCorner: ElevationTile]
    /// The folder the tiles came from, for messages.
    package let folder: String
    /// What the lookups of every copy of this model found: shared, so a command can report it after a run.
    package let tally = Tally()

    /// Counts of terrain lookups, added to by filters from any thread; the totals do not depend on the order.
    package final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var counts = Counts()

        /// Totals of lookups.
        package struct Counts: Sendable, Hashable {
            /// Fixes looked up.
            package var lookups = 0
            /// Fixes no tile covered (or whose posts were all void, or whose coordinate was invalid): they kept
            /// their GPS altitude.
            package var fallbacks = 0
            /// Fixes interpolated without one or more void posts.
            package var voids = 0
        }

        /// Adds one run's counts.
        package func add(lookups: Int, fallbacks: Int, voids: Int) {
            lock.lock()
            defer { lock.unlock() }
            counts.lookups += lookups
            counts.fallbacks += fallbacks
            counts.voids += voids
        }

        /// The totals so far.
        package var totals: Counts {
            lock.lock()
            defer { lock.unlock() }
            return counts
        }
    }

    /// The post spacings of the tiles, in arc-seconds, ascending: `[1]`, `[3]`, or `[1, 3]` for a folder of both.
    package var arcSeconds: [Int] {
        Set(tiles.values.map { 3600 / ($0.postsPerSide - 1) }).sorted()
    }

    /// Creates a model from tiles already read.
    package init(tiles: [ElevationTile], folder: String = "tiles") {
        self.tiles = Dictionary(tiles.map { ($0.corner, $0) }, uniquingKeysWith: { first, _ in first })
        self.folder = folder
    }

    /// Opens every `.hgt` tile in `folder` (names in either case; other files are ignored).
    /// - Throws: `ElevationTileError` naming the folder or the bad tile: unreadable, no tiles, a name that is
    ///   not a tile's, the same tile twice, or a size no tile has.
    package static func open(folder: URL) throws(ElevationTileError) -> ElevationModel {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            let exists = FileManager.default.fileExists(atPath: folder.path)
            throw .unreadableFolder(path: folder.path, reason: exists ? "it is not a readable folder" : FileContents.noSuchFile)
        }
        var tiles: [TileCorner: (tile: ElevationTile, file: String)] = [:]
        for name in names where name.lowercased().hasSuffix(".hgt") {
            let url = folder.appendingPathComponent(name)
            guard let corner = TileCorner(name: name) else { throw .badName(file: url.path) }
            if let other = tiles[corner] { throw .duplicate(file: url.path, other: other.file) }
            // Read into memory, not mapped: a tile truncated or replaced during a run must not end it with SIGBUS.
            let bytes: Data
            do {
                bytes = try FileContents.read(url, limit: ElevationTile.largestByteCount)
            } catch {
                throw .unreadable(file: url.path, reason: error.reason)
            }
            tiles[corner] = (try ElevationTile(corner: corner, bytes: bytes, file: url.path), url.path)
        }
        guard !tiles.isEmpty else {
            throw .noTiles(path: folder.path, zipped: names.filter { $0.lowercased().hasSuffix(".zip") }.count)
        }
        return ElevationModel(tiles: tiles.values.map(\.tile), folder: folder.path)
    }

    /// The terrain's altitude at `coordinate`, interpolated bilinearly, in metres; nil where no tile covers it or
    /// every surrounding post is void.
    ///
    /// Longitudes are periodic: 180.5 is looked up as -179.5, so a path run on past the antimeridian finds the
    /// tiles on the other side.
    /// - Complexity: O(1): at most four dictionary lookups and four posts.
    package func altitude(at coordinate: Coordinate) -> ElevationSample? {
        var coordinate = coordinate
        if abs(coordinate.longitude) > 180 {
            // IEEE remainder is exact and lands in -180...180; infinity gives NaN, which no tile contains.
            coordinate.longitude = coordinate.longitude.remainder(dividingBy: 360)
        }
        guard let home = TileCorner(containing: coordinate) else { return nil }
        // A longitude of 180 is the meridian of -180, the west edge of its home tile (W180): look it up there.
        if coordinate.longitude == 180 { coordinate.longitude = -180 }
        if let sample = tiles[home]?.altitude(at: coordinate) { return sample }
        // On an edge, the neighbour that shares it may be present when the home tile is not.
        let onSouthEdge = Double(home.latitude) == coordinate.latitude
        let onWestEdge = Double(home.longitude) == coordinate.longitude
        guard onSouthEdge || onWestEdge else { return nil }
        let latitudes = onSouthEdge ? [home.latitude, home.latitude - 1] : [home.latitude]
        let westLongitude = home.longitude == -180 ? 179 : home.longitude - 1
        let longitudes = onWestEdge ? [home.longitude, westLongitude] : [home.longitude]
        for latitude in latitudes {
            for longitude in longitudes {
                guard let corner = TileCorner(latitude: latitude, longitude: longitude), corner != home, let tile = tiles[corner] else { continue }
                let local = Coordinate(
                    latitude: coordinate.latitude,
                    longitude: longitude == 179 && home.longitude == -180 ? 180 : coordinate.longitude
                )
                if let sample = tile.altitude(at: local) { return sample }
            }
        }
        return nil
    }
}

extension ElevationModel {
    /// Adds one filter run's counts to `tally`, shared by every copy of this model.
    package func addLookups(_ lookups: Int, fallbacks: Int, voids: Int) {
        tally.add(lookups: lookups, fallbacks: fallbacks, voids: voids)
    }
}
