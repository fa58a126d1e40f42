// libFuzzer harness for SRTM tiles: TileCorner(name:), ElevationTile(corner:bytes:file:) and lookups
// (Elevation/). Compiled into one module with the library's layers by .ci/fuzz; run `.ci/fuzz ElevationTile`.
// Input: a tile name up to the first newline, then 16 bytes of latitude and longitude, then posts. The posts are
// checked as a file of their own size (almost always the wrong size, an expected ElevationTileError), then written
// over the start of a full 3 arc-second tile that is looked up at the fuzzed coordinate, its corners and edges.
// Only traps, crashes and ASan reports are findings.
import Foundation

nonisolated(unsafe) var fullTile = [UInt8](repeating: 0, count: 1201 * 1201 * 2)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let newline = bytes.firstIndex(of: 10) ?? bytes.count
    let name = String(decoding: bytes[..<newline], as: UTF8.self)
    var rest = Array(bytes[min(bytes.count, newline + 1)...])
    let parsed = TileCorner(name: name)
    var numbers = [Double](repeating: 0, count: 2)
    if rest.count >= 16 {
        numbers = [0, 8].map { offset in rest[offset..<(offset + 8)].withUnsafeBytes { $0.loadUnaligned(as: Double.self) } }
        rest.removeFirst(16)
    }
    let coordinate = Coordinate(latitude: numbers[0], longitude: numbers[1])
    _ = try? ElevationTile(corner: parsed ?? TileCorner(latitude: 0, longitude: 0)!, bytes: Data(rest), file: name)
    let count = min(rest.count, fullTile.count)
    fullTile.replaceSubrange(0..<count, with: rest[0..<count])
    guard let corner = parsed ?? TileCorner(containing: coordinate),
          let tile = try? ElevationTile(corner: corner, bytes: Data(fullTile), file: name) else { return 0 }
    let model = ElevationModel(tiles: [tile])
    let south = Double(corner.latitude)
    let west = Double(corner.longitude)
    for point in [coordinate, Coordinate(latitude: south, longitude: west), Coordinate(latitude: south + 1, longitude: west + 1),
                  Coordinate(latitude: south + 0.5, longitude: west + 1), Coordinate(latitude: 90, longitude: 180)] {
        if let sample = model.altitude(at: point) {
            precondition(sample.altitudeMeters.isFinite && (0...4).contains(sample.skippedVoids), "bad sample \(sample) at \(point)")
        }
    }
    return 0
}
