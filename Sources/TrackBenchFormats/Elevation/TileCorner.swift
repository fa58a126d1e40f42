import TrackBenchGeodesy
/// The south-west corner of a one-degree elevation tile, which names it: `N37W123` covers 37...38 N, 123...122 W.
///
/// SRTM names a tile by the integer latitude and longitude of its south-west
/// corner: `N`/`S` and two digits, then `E`/`W` and three digits. Latitudes
/// run from -90 to 89 and longitudes from -180 to 179, so every point on the
/// globe lies in exactly one tile's interior or on the shared edge of several.
package struct TileCorner: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Latitude of the tile's southern edge, in whole degrees (-90...89).
    package var latitude: Int
    /// Longitude of the tile's western edge, in whole degrees (-180...179).
    package var longitude: Int

    /// Creates a corner; nil outside -90...89 latitude or -180...179 longitude.
    package init?(latitude: Int, longitude: Int) {
        guard (-90...89).contains(latitude), (-180...179).contains(longitude) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The tile whose south-west corner is the floor of `coordinate`; nil for a coordinate off the globe.
    ///
    /// A longitude of exactly 180 is the same meridian as -180 and lands in `W180`; the north pole, which no
    /// tile has as its southern edge, lands on the northern edge of the `N89` tiles.
    package init?(containing coordinate: Coordinate) {
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite, abs(coordinate.latitude) <= 90, abs(coordinate.longitude) <= 180 else {
            return nil
        }
        let longitude = coordinate.longitude == 180 ? -180 : coordinate.longitude
        self.init(latitude: min(89, Int(coordinate.latitude.rounded(.down))), longitude: Int(longitude.rounded(.down)))
    }

    /// Reads a tile name such as `N37W123` or `s05e010` (either case), with or without the `.hgt` extension and
    /// with or without a product tag after a dot, as in `N37W123.SRTMGL1.hgt`.
    package init?(name: String) {
        var text = Substring(name.uppercased())
        if text.hasSuffix(".HGT") {
            text = text.dropLast(4)
            if let dot = text.firstIndex(of: ".") { text = text[..<dot] }
        }
        let characters = Array(text)
        guard characters.count == 7,
              characters[0] == "N" || characters[0] == "S",
              characters[3] == "E" || characters[3] == "W",
              characters[1...2].allSatisfy({ $0.isASCII && $0.isNumber }),
              characters[4...6].allSatisfy({ $0.isASCII && $0.isNumber }),
              let latitude = Int(String(characters[1...2])), let longitude = Int(String(characters[4...6]))
        else { return nil }
        self.init(latitude: characters[0] == "N" ? latitude : -latitude, longitude: characters[3] == "E" ? longitude : -longitude)
    }

    /// The tile's name as SRTM spells it, such as `N37W123` (no extension).
    package var name: String {
        let north = latitude >= 0 ? "N" : "S"
        let east = longitude >= 0 ? "E" : "W"
        return north + Self.padded(abs(latitude), digits: 2) + east + Self.padded(abs(longitude), digits: 3)
    }

    /// The tile's file name, such as `N37W123.hgt`.
    package var fileName: String { name + ".hgt" }

    package var description: String { name }

    package static func < (lhs: TileCorner, rhs: TileCorner) -> Bool {
        (lhs.latitude, lhs.longitude) < (rhs.latitude, rhs.longitude)
    }

    private static func padded(_ value: Int, digits: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
