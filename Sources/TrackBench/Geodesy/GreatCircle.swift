import Foundation

/// Distances on a spherical Earth.
///
/// TrackBench scores paths of at most tens of kilometres, where the sphere's
/// error against the WGS-84 ellipsoid (under 0.5 %) cancels out: true, noisy
/// and estimated paths are all measured with the same formula.
public enum GreatCircle {
    /// The IUGG mean Earth radius, in metres.
    public static let meanEarthRadiusMeters = 6_371_008.8

    /// The great-circle distance between two coordinates, in metres.
    ///
    /// Uses the haversine formula, which stays accurate for the sub-metre
    /// steps between consecutive fixes where the spherical law of cosines
    /// loses precision.
    /// - Parameters:
    ///   - start: The first coordinate.
    ///   - end: The second coordinate.
    ///   - radiusMeters: The sphere's radius; the mean Earth radius by default.
    /// - Returns: A non-negative distance in metres.
    public static func distanceMeters(
        from start: Coordinate,
        to end: Coordinate,
        radiusMeters: Double = meanEarthRadiusMeters
    ) -> Double {
        distanceMeters(from: Point(start), to: Point(end), radiusMeters: radiusMeters)
    }

    /// A coordinate with the parts of the haversine formula that depend on it alone, computed once.
    ///
    /// Summing a path's steps with these computes each fix's cosine once
    /// instead of twice, with exactly the same arithmetic as `distanceMeters(from:to:)`.
    struct Point {
        var longitudeDegrees: Double
        var latitudeRadians: Double
        var cosLatitude: Double

        init(_ coordinate: Coordinate) {
            longitudeDegrees = coordinate.longitude
            latitudeRadians = coordinate.latitude * (Double.pi / 180)
            cosLatitude = cos(latitudeRadians)
        }
    }

    /// The haversine distance between two prepared points, in metres.
    static func distanceMeters(from start: Point, to end: Point, radiusMeters: Double = meanEarthRadiusMeters) -> Double {
        let halfDeltaLatitude = (end.latitudeRadians - start.latitudeRadians) / 2
        let halfDeltaLongitude = (end.longitudeDegrees - start.longitudeDegrees) * (Double.pi / 180) / 2
        let sinLatitude = sin(halfDeltaLatitude)
        let sinLongitude = sin(halfDeltaLongitude)
        let haversine = sinLatitude * sinLatitude + start.cosLatitude * end.cosLatitude * sinLongitude * sinLongitude
        return 2 * radiusMeters * asin(min(1, haversine.squareRoot()))
    }
}
