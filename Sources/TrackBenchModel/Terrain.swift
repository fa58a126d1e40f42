import Foundation
import TrackBenchGeodesy

/// The ground a scenario's path crosses: its true altitude at every point.
///
/// Terrain is a field over the map, not a profile along the path, so a path
/// that comes back the same way meets the same hills, and the terrain can be
/// written as elevation tiles (`trackbench dem`) for the terrain-lookup filter.
/// Altitudes are metres above the reference surface; positions are metres
/// east and north of the terrain's origin in its `LocalFrame`.
package struct Terrain: Sendable, Hashable {
    /// The form of the ground.
    package enum Shape: Sendable, Hashable {
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
    package var name: String
    /// The form of the ground.
    package var shape: Shape
    /// The altitude at the origin, in metres.
    package var baseAltitudeMeters: Double
    /// Where the terrain lies: its scenarios start here.
    package var origin: Coordinate
    /// Places where a user is not on the ground, such as a bridge; terrain tiles (`dem`) hold the ground only.
    package var offGround: [OffGround]

    /// A place where a user's altitude is not the ground's: a bridge deck, an overpass, a stadium's stairs.
    ///
    /// Terrain lookup assumes the user is at ground level, the method's first drawback: here a looked-up
    /// altitude is wrong by `heightMeters`, while GPS and a barometer follow the user.
    package struct OffGround: Sendable, Hashable {
        /// The place's centre, metres east and north of the terrain's origin.
        package var center: LocalPoint
        /// How far from the centre the place reaches, in metres: a disc.
        package var radiusMeters: Double
        /// How far above the ground a user there is, in metres; negative below it, as in an underpass.
        package var heightMeters: Double

        /// Creates a place off the ground.
        package init(center: LocalPoint, radiusMeters: Double, heightMeters: Double) {
            self.center = center
            self.radiusMeters = radiusMeters
            self.heightMeters = heightMeters
        }
    }

    /// Creates a terrain.
    package init(name: String, shape: Shape, baseAltitudeMeters: Double, origin: Coordinate, offGround: [OffGround] = []) {
        self.name = name
        self.shape = shape
        self.baseAltitudeMeters = baseAltitudeMeters
        self.origin = origin
        self.offGround = offGround
    }

    /// The rotation of the rolling hills' grid from north, in radians.
    static let hillGridTurnRadians = Double.pi / 6
    /// The sine and cosine of `hillGridTurnRadians`, computed once.
    private static let hillGridTurn = (sin: sin(hillGridTurnRadians), cos: cos(hillGridTurnRadians))

    /// The true altitude at `point`, metres east and north of the terrain's origin, in metres.
    package func altitudeMeters(at point: LocalPoint) -> Double {
        switch shape {
        case .flat:
            return baseAltitudeMeters
        case let .rollingHills(amplitude, wavelength):
            let turn = Self.hillGridTurn
            let across = point.east * turn.cos + point.north * turn.sin
            let along = -point.east * turn.sin + point.north * turn.cos
            // Each wave's phase as a fraction of a turn: one turn per wavelength.
            let waves = Trigonometry.sinCos(turns: across / wavelength).sin + Trigonometry.sinCos(turns: along / wavelength).sin
            return baseAltitudeMeters + amplitude / 2 * waves
        case let .slope(grade, bearing):
            let direction = LocalPoint.direction(courseDegrees: bearing)
            return baseAltitudeMeters + grade / 100 * (point.east * direction.east + point.north * direction.north)
        }
    }

    /// The true altitude at `coordinate`, in metres: the field in the terrain's own frame.
    package func altitudeMeters(at coordinate: Coordinate) -> Double {
        altitudeMeters(at: LocalFrame(origin: origin).point(for: coordinate))
    }

    /// The altitude of a user at `point`, in metres: the ground's, plus the height of the first `offGround` place
    /// that reaches `point` (its edge included).
    package func userAltitudeMeters(at point: LocalPoint) -> Double {
        let ground = altitudeMeters(at: point)
        guard let place = offGround.first(where: { $0.center.distance(to: point) <= $0.radiusMeters }) else { return ground }
        return ground + place.heightMeters
    }
}
