import Foundation

/// A flat east/north frame in metres around an origin, for generating and filtering paths.
///
/// It is the equirectangular projection: north = R * dLatitude,
/// east = R * cos(originLatitude) * dLongitude. Within 10 km of the origin its
/// scale error is below 0.02 %, far below GPS noise, and the round trip
/// through `point(for:)` and `coordinate(for:)` is exact to rounding.
///
/// Longitudes are periodic: a point across the antimeridian from the origin
/// is east or west of it by the shorter way round, and coordinates come back
/// within -180...180, so a path that crosses ±180 stays continuous in the
/// frame and its fixes carry longitudes a phone would report.
public struct LocalFrame: Sendable, Hashable {
    /// The coordinate that maps to (0, 0).
    public let origin: Coordinate
    private let metersPerDegreeLatitude: Double
    private let metersPerDegreeLongitude: Double

    /// Creates a frame centred on `origin`, which must not be a pole.
    public init(origin: Coordinate, radiusMeters: Double = GreatCircle.meanEarthRadiusMeters) {
        self.origin = origin
        metersPerDegreeLatitude = radiusMeters * Double.pi / 180
        metersPerDegreeLongitude = metersPerDegreeLatitude * cos(origin.latitude * Double.pi / 180)
    }

    /// The position of `coordinate` in metres east and north of the origin.
    public func point(for coordinate: Coordinate) -> LocalPoint {
        LocalPoint(
            east: Longitude.degreesEast(from: origin.longitude, to: coordinate.longitude) * metersPerDegreeLongitude,
            north: (coordinate.latitude - origin.latitude) * metersPerDegreeLatitude
        )
    }

    /// The coordinate of a point given in metres east and north of the origin, its longitude within -180...180.
    public func coordinate(for point: LocalPoint) -> Coordinate {
        let latitude = origin.latitude + point.north / metersPerDegreeLatitude
        return Coordinate(latitude: latitude, longitude: Longitude.wrapped(origin.longitude + point.east / metersPerDegreeLongitude))
    }
}
