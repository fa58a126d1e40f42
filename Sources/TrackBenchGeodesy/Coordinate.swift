/// A point on the Earth's surface in degrees.
public struct Coordinate: Sendable, Hashable {
    /// Latitude in degrees, positive north, within -90...90.
    public var latitude: Double
    /// Longitude in degrees, positive east, within -180...180.
    public var longitude: Double

    /// Creates a coordinate from latitude and longitude in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
