/// A position in a `LocalFrame`, in metres east and north of its origin.
public struct LocalPoint: Sendable, Hashable {
    /// Metres east of the origin (negative = west).
    public var east: Double
    /// Metres north of the origin (negative = south).
    public var north: Double

    /// Creates a point from metres east and north.
    public init(east: Double, north: Double) {
        self.east = east
        self.north = north
    }

    /// The straight-line distance to `other`, in metres.
    public func distance(to other: LocalPoint) -> Double {
        ((east - other.east) * (east - other.east) + (north - other.north) * (north - other.north)).squareRoot()
    }
}
