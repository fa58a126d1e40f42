import Foundation

/// Why a folder of elevation tiles cannot be used.
package enum ElevationTileError: Error, LocalizedError, Equatable {
    /// The folder cannot be listed.
    case unreadableFolder(path: String, reason: String)
    /// The folder holds no `.hgt` tiles.
    case noTiles(path: String, zipped: Int)
    /// A `.hgt` file's name is not a tile name.
    case badName(file: String)
    /// Two files name the same tile (`N37W123.hgt` and `n37w123.hgt`).
    case duplicate(file: String, other: String)
    /// A tile file has a size no tile has: truncated, or not a tile.
    case wrongSize(file: String, bytes: Int)
    /// A tile file cannot be read.
    case unreadable(file: String, reason: String)

    package var errorDescription: String? {
        switch self {
        case let .unreadableFolder(path, reason):
            return "cannot read the tile folder '\(path)': \(reason)"
        case let .noTiles(path, zipped):
            let hint = zipped > 0 ? "; it holds \(zipped) zipped file(s): unzip them first" : ""
            return "no .hgt tiles in '\(path)'\(hint); expected SRTM tiles named like N37W123.hgt (write synthetic ones with 'trackbench dem')"
        case let .badName(file):
            return "'\(file)' is not named like an SRTM tile; expected N or S and two digits, E or W and three digits, then .hgt "
                + "(such as N37W123.hgt or N37W123.SRTMGL1.hgt)"
        case let .duplicate(file, other):
            return "'\(file)' and '\(other)' are the same tile; keep one"
        case let .wrongSize(file, bytes):
            let expected = ElevationTile.postsPerSideChoices.map { "\($0 * $0 * 2) bytes (\($0) x \($0) posts)" }.joined(separator: " or ")
            return "'\(file)' has \(bytes) bytes; an SRTM tile has \(expected): it is truncated or not a tile"
        case let .unreadable(file, reason):
            return "cannot read tile '\(file)': \(reason)"
        }
    }
}
