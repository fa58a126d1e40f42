import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// One SRTM `.hgt` tile: a square grid of altitude posts covering one degree of latitude and longitude.
///
/// The format has no header: big-endian signed 16-bit altitudes in metres,
/// row by row from the north edge to the south edge, each row from west to
/// east. A 3 arc-second tile has 1201 x 1201 posts, a 1 arc-second tile
/// 3601 x 3601; the outermost rows and columns repeat the neighbouring
/// tiles' edges. -32768 marks a void, a post with no measurement.
/// (NASA/USGS SRTM documentation; Docs/sources.md.)
package struct ElevationTile: Sendable {
    /// The value of a void post.
    package static let voidValue: Int16 = -32768
    /// The post counts per side the format allows: 1201 (3 arc-seconds) and 3601 (1 arc-second).
    package static let postsPerSideChoices = [1201, 3601]
    /// The size of the largest tile file, 3601 x 3601 posts of 2 bytes: larger files are refused unread.
    static let largestByteCount = 3601 * 3601 * 2

    /// The tile's south-west corner, which names it.
    package let corner: TileCorner
    /// Posts along each side: 1201 or 3601.
    package let postsPerSide: Int
    /// The file's bytes, held in memory.
    private let bytes: Data

    /// Wraps the bytes of a tile after checking their size.
    /// - Throws: `ElevationTileError.wrongSize` when the size is not one of the two the format allows.
    package init(corner: TileCorner, bytes: Data, file: String) throws(ElevationTileError) {
        guard let side = Self.postsPerSide(forByteCount: bytes.count) else {
            throw .wrongSize(file: file, bytes: bytes.count)
        }
        self.corner = corner
        self.postsPerSide = side
        self.bytes = bytes
    }

    /// The posts per side of a tile file of `byteCount` bytes, or nil if no tile has that size.
    package static func postsPerSide(forByteCount byteCount: Int) -> Int? {
        postsPerSideChoices.first { $0 * $0 * 2 == byteCount }
    }

    /// The altitude of the post at `row` (0 = north edge) and `column` (0 = west edge), in metres; nil for a void.
    ///
    /// - Precondition: both indices lie in `0..<postsPerSide`.
    package func post(row: Int, column: Int) -> Int16? {
        let offset = (row * postsPerSide + column) * 2
        let value = bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int16 in
            let high = UInt16(raw[offset])
            let low = UInt16(raw[offset + 1])
            return Int16(bitPattern: high << 8 | low)
        }
        return value == Self.voidValue ? nil : value
    }

    /// The altitude at `coordinate`, interpolated bilinearly between the four surrounding posts, in metres.
    ///
    /// A void post with weight takes the value `filled(row:column:)` gives
    /// it from its own neighbours, so a point exactly on a void post and one
    /// a hair beside it get nearly the same altitude, exact on a plane; the
    /// result says how many voids it met. A void with no valid neighbour is
    /// left out and the other posts' weights scaled to sum to 1. Nil when the
    /// coordinate lies outside the tile (edges included) or no post with
    /// weight has a value.
    package func altitude(at coordinate: Coordinate) -> ElevationSample? {
        let cells = Double(postsPerSide - 1)
        let rowPosition = (Double(corner.latitude + 1) - coordinate.latitude) * cells
        let columnPosition = (coordinate.longitude - Double(corner.longitude)) * cells
        guard rowPosition >= 0, rowPosition <= cells, columnPosition >= 0, columnPosition <= cells else { return nil }
        // On the south or east edge the cell is the last one, at fraction 1.
        let row = min(Int(rowPosition), postsPerSide - 2)
        let column = min(Int(columnPosition), postsPerSide - 2)
        let down = rowPosition - Double(row)
        let right = columnPosition - Double(column)
        var sum = 0.0
        var weights = 0.0
        var voids = 0
        var leftOut = 0
        func add(_ row: Int, _ column: Int, _ weight: Double) {
            guard weight > 0 else { return }
            if let value = post(row: row, column: column) {
                sum += weight * Double(value)
                weights += weight
                return
            }
            voids += 1
            guard let value = filled(row: row, column: column) else {
                leftOut += 1
                return
            }
            sum += weight * value
            weights += weight
        }
        add(row, column, (1 - down) * (1 - right))
        add(row, column + 1, (1 - down) * right)
        add(row + 1, column, down * (1 - right))
        add(row + 1, column + 1, down * right)
        guard weights > 0 else { return nil }
        return ElevationSample(altitudeMeters: leftOut == 0 ? sum : sum / weights, skippedVoids: voids)
    }

    /// A value for the void post at `row`, `column` from its four neighbours in the tile, in metres; nil if none
    /// has a value.
    ///
    /// The mean of the midpoints of the opposite pairs (north and south, west
    /// and east) whose posts both have values, which is exact on a plane;
    /// without such a pair, the mean of the neighbours that have values.
    func filled(row: Int, column: Int) -> Double? {
        func neighbour(_ row: Int, _ column: Int) -> Double? {
            guard (0..<postsPerSide).contains(row), (0..<postsPerSide).contains(column) else { return nil }
            return post(row: row, column: column).map(Double.init)
        }
        let (north, south) = (neighbour(row - 1, column), neighbour(row + 1, column))
        let (west, east) = (neighbour(row, column - 1), neighbour(row, column + 1))
        var pairs: [Double] = []
        if let north, let south { pairs.append((north + south) / 2) }
        if let west, let east { pairs.append((west + east) / 2) }
        let values = pairs.isEmpty ? [north, south, west, east].compactMap { $0 } : pairs
        guard !values.isEmpty else { return nil }
        return values.reduce(0, +) / Double(values.count)
    }
}
