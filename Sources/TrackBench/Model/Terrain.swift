import Foundation

/// The ground a scenario's path crosses: its true altitude at every point.
///
/// Terrain is a field over the map, not a profile along the path, so a path
/// that comes back the same way meets the same hills, and the terrain can be
/// written as elevation tiles (`trackbench dem`) for the terrain-lookup filter.
/// Altitudes are metres above the reference surface; positions are metres
/// east and north of the terrain's origin in its `LocalFrame`.
public struct Terrain: Sendable, Hashable {
    /// The form of the ground.
    public enum Shape: Sendable, Hashable {
        /// Level ground at the base altitude.
        case flat
        /// Rolling hills: two crossed sine waves of one wavelength, turned 30 degrees from north so that a path
        /// in any direction climbs and descends; the ground lies within base ± amplitude.
        case rollingHills(amplitudeMeters: Double, wavelengthMeters: Double)
        /// A plane rising `gradePercent` metres per 100 m towards `uphillBearingDegrees` (clockwise from north): a
        /// steady climb one way and a steady descent back.
        case slope(gradePercent: Double, uphillBearingDegrees: Double)
    }

    /// The terrain's name as used in scenario ids, such as `hills`.
    public var name: String
    /// The form of the ground.
    public var shape: Shape
    /// The altitude at the origin, in metres.
    public var baseAltitudeMeters: Double
    /// Where the terrain lies: its scenarios start here.
    public var origin: Coordinate

    /// Creates a terrain.
    public init(name: String, shape: Shape, baseAltitudeMeters: Double, origin: Coordinate) {
        self.name = name
        self.shape = shape
        self.baseAltitudeMeters = baseAltitudeMeters
        self.origin = origin
    }

    /// The rotation of the rolling hills' grid from north, in radians.
    static let hillGridTurnRadians = Double.pi / 6

    /// The true altitude at `point`, metres east and north of the terrain's origin, in metres.
    public func altitudeMeters(at point: LocalPoint) -> Double {
        switch shape {
        case .flat:
            return baseAltitudeMeters
        case let .rollingHills(amplitude, wavelength):
            let turn = Self.hillGridTurnRadians
            let across = point.east * cos(turn) + point.north * sin(turn)
            let along = -point.east * sin(turn) + point.north * cos(turn)
            let phase = 2 * Double.pi / wavelength
            return baseAltitudeMeters + amplitude / 2 * (sin(phase * across) + sin(phase * along))
        case let .slope(grade, bearing):
            let radians = bearing * Double.pi / 180
            return baseAltitudeMeters + grade / 100 * (point.east * sin(radians) + point.north * cos(radians))
        }
    }

    /// The true altitude at `coordinate`, in metres: the field in the terrain's own frame.
    public func altitudeMeters(at coordinate: Coordinate) -> Double {
        altitudeMeters(at: LocalFrame(origin: origin).point(for: coordinate))
    }
}
