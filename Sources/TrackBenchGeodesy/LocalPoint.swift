import Foundation

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

    /// The unit vector along a course in degrees clockwise from north: east = sin, north = cos.
    package static func direction(courseDegrees: Double) -> LocalPoint {
        let (sine, cosine) = Trigonometry.sinCos(degrees: courseDegrees)
        return LocalPoint(east: sine, north: cosine)
    }

    /// The straight-line distance to `other`, in metres.
    @inlinable public func distance(to other: LocalPoint) -> Double {
        ((east - other.east) * (east - other.east) + (north - other.north) * (north - other.north)).squareRoot()
    }

    /// This point taken as a displacement, as a course: degrees clockwise from north in 0..<360; -1 for no displacement.
    @inlinable package var courseDegrees: Double {
        guard east != 0 || north != 0 else { return -1 }
        var course = atan2(east, north) * 180 / Double.pi
        if course < 0 { course += 360 }
        // -1e-15 + 360 rounds to 360, which is north.
        if course >= 360 { course -= 360 }
        return course
    }
}
