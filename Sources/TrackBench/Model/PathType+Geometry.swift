import Foundation

extension PathType {
    /// Where a runner is after covering part of the path, and which way they face.
    ///
    /// Paths start at the frame's origin heading north. A loop turns right
    /// (clockwise) around a centre east of the origin. An out-and-back runs
    /// north for a quarter of the distance, turns right, runs east for another
    /// quarter, then retraces both legs. A recorded path has no shape of its
    /// own (its scenario follows its `route`) and stays at the start here.
    /// - Parameters:
    ///   - distanceMeters: Distance covered so far, clamped to 0...totalMeters.
    ///   - totalMeters: The whole path's length; must be positive.
    /// - Returns: The position in metres east and north of the start, and the
    ///   course in degrees clockwise from north.
    public func position(atDistanceMeters distanceMeters: Double, totalMeters: Double) -> (point: LocalPoint, courseDegrees: Double) {
        let covered = min(max(distanceMeters, 0), totalMeters)
        switch self {
        case .loop:
            let radius = totalMeters / (2 * Double.pi)
            let angle = covered / radius
            let point = LocalPoint(east: radius - radius * cos(angle), north: radius * sin(angle))
            return (point, (angle * 180 / Double.pi).truncatingRemainder(dividingBy: 360))
        case .outAndBack:
            let leg = totalMeters / 4
            let isReturning = covered > totalMeters / 2
            let outbound = isReturning ? totalMeters - covered : covered
            if outbound <= leg {
                return (LocalPoint(east: 0, north: outbound), isReturning ? 180 : 0)
            }
            return (LocalPoint(east: outbound - leg, north: leg), isReturning ? 270 : 90)
        case .recorded:
            // No shape of its own: a recorded scenario's positions come from its route.
            return (LocalPoint(east: 0, north: 0), 0)
        }
    }
}
