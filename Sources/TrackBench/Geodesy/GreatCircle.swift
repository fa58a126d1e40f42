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
        let radiansPerDegree = Double.pi / 180
        let latitude1 = start.latitude * radiansPerDegree
        let latitude2 = end.latitude * radiansPerDegree
        let halfDeltaLatitude = (latitude2 - latitude1) / 2
        let halfDeltaLongitude = (end.longitude - start.longitude) * radiansPerDegree / 2
        let sinLatitude = sin(halfDeltaLatitude)
        let sinLongitude = sin(halfDeltaLongitude)
        let haversine = sinLatitude * sinLatitude + cos(latitude1) * cos(latitude2) * sinLongitude * sinLongitude
        return 2 * radiusMeters * asin(min(1, haversine.squareRoot()))
    }
}
