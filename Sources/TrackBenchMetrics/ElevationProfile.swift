import TrackBenchGeodesy
import TrackBenchModel
/// The true path's elevation gain and 3-D length, the references of the elevation metrics.
///
/// Measured along the path's shape every `stepMeters` or less, on the
/// terrain's exact altitude, so they do not depend on when fixes happen to
/// fall: a filter is compared with the ground it crossed, not with the truth
/// sampled at its own rate.
package struct ElevationProfile: Sendable, Hashable {
    /// The largest distance between two samples along the path, in metres.
    static let stepMeters = 1.0

    /// The sum of every rise along the path, in metres.
    package var gainMeters: Double
    /// The path's length counting climbs and descents, in metres, in the scenario's flat frame.
    var length3DMeters: Double

    /// The profile of `scenario`'s path over its terrain; zero gain and the 2-D length without a terrain.
    init(scenario: Scenario) {
        let total = scenario.distanceMeters
        let steps = max(1, Int((total / Self.stepMeters).rounded(.up)))
        var gain = 0.0
        var length = 0.0
        var previous: (point: LocalPoint, altitude: Double)?
        for index in 0...steps {
            let point = scenario.pathType.position(atDistanceMeters: total * Double(index) / Double(steps), totalMeters: total).point
            let altitude = scenario.terrain?.userAltitudeMeters(at: point) ?? 0
            if let previous {
                let rise = altitude - previous.altitude
                gain += max(0, rise)
                let flat = point.distance(to: previous.point)
                length += (flat * flat + rise * rise).squareRoot()
            }
            previous = (point, altitude)
        }
        gainMeters = gain
        length3DMeters = length
    }
}
