import Foundation
import TrackBenchGeodesy

extension ElevationTile {
    /// The bytes of a tile whose posts are `altitude` at each post's coordinate, rounded to whole metres.
    ///
    /// Altitudes are clamped to the format's range (-32767...32767 m); nil, or a value that is not finite,
    /// writes a void. Rows go from the north edge south, as the format stores them.
    /// - Parameters:
    ///   - corner: The tile's south-west corner.
    ///   - postsPerSide: 1201 (3 arc-seconds) or 3601 (1 arc-second).
    ///   - altitude: The terrain's altitude at a coordinate, in metres.
    /// - Complexity: `postsPerSide`² calls of `altitude`.
    package static func bytes(
        corner: TileCorner,
        postsPerSide: Int,
        altitude: (Coordinate) -> Double?
    ) -> [UInt8] {
        precondition(postsPerSideChoices.contains(postsPerSide), "a tile has 1201 or 3601 posts per side, got \(postsPerSide)")
        let cells = Double(postsPerSide - 1)
        var bytes = [UInt8](repeating: 0, count: postsPerSide * postsPerSide * 2)
        for row in 0..<postsPerSide {
            let latitude = Double(corner.latitude + 1) - Double(row) / cells
            for column in 0..<postsPerSide {
                let longitude = Double(corner.longitude) + Double(column) / cells
                store(altitude(Coordinate(latitude: latitude, longitude: longitude)), post: row * postsPerSide + column, in: &bytes)
            }
        }
        return bytes
    }

    /// Writes `meters` as post number `post` (row by row from the north edge) of a tile's bytes, rounded to whole
    /// metres and clamped to the format's range (-32767...32767 m); nil, or a value that is not finite, is a void.
    static func store(_ meters: Double?, post: Int, in bytes: inout [UInt8]) {
        var value = voidValue
        if let meters, meters.isFinite {
            value = Int16(min(max(meters.rounded(), -32767), 32767))
        }
        let pattern = UInt16(bitPattern: value)
        bytes[2 * post] = UInt8(pattern >> 8)
        bytes[2 * post + 1] = UInt8(pattern & 0xFF)
    }
}
