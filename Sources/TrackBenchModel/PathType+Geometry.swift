import Foundation
import TrackBenchGeodesy

extension PathType {
    /// Where a runner is after covering part of the path, and which way they face.
    ///
    /// Paths start at the frame's origin heading north. A loop turns right
    /// (clockwise) around a centre east of the origin. An out-and-back runs
    /// north for a quarter of the distance, turns right, runs east for another
    /// quarter, then retraces both legs. `straight`, `turns` and `track` are
    /// described with their cases. A recorded path has no shape of its
    /// own (its scenario follows its `route`) and stays at the start here.
    /// - Parameters:
    ///   - distanceMeters: Distance covered so far, clamped to 0...totalMeters.
    ///   - totalMeters: The whole path's length; must be positive.
    /// - Returns: The position in metres east and north of the start, and the
    ///   course in degrees clockwise from north.
    package func position(atDistanceMeters distanceMeters: Double, totalMeters: Double) -> (point: LocalPoint, courseDegrees: Double) {
        let covered = min(max(distanceMeters, 0), totalMeters)
        switch self {
        case .loop:
            let radius = totalMeters / (2 * Double.pi)
            // The angle turned so far, as a fraction of the whole circle.
            let turns = covered / totalMeters
            let (sine, cosine) = Trigonometry.sinCos(turns: turns)
            let point = LocalPoint(east: radius - radius * cosine, north: radius * sine)
            return (point, Bearing.normalized(turns * 360))
        case .outAndBack:
            let leg = totalMeters / 4
            let isReturning = covered > totalMeters / 2
            let outbound = isReturning ? totalMeters - covered : covered
            if outbound <= leg {
                return (LocalPoint(east: 0, north: outbound), isReturning ? 180 : 0)
            }
            return (LocalPoint(east: outbound - leg, north: leg), isReturning ? 270 : 90)
        case .straight:
            return (LocalPoint(east: 0, north: covered), 0)
        case .turns:
            let leg = totalMeters / 4
            switch covered {
            case ...leg: return (LocalPoint(east: 0, north: covered), 0)
            case ...(2 * leg): return (LocalPoint(east: covered - leg, north: leg), 90)
            case ...(3 * leg): return (LocalPoint(east: leg, north: covered - leg), 0)
            default: return (LocalPoint(east: 4 * leg - covered, north: 2 * leg), 270)
            }
        case .track:
            return Self.trackPosition(atDistanceMeters: covered, totalMeters: totalMeters)
        case .recorded:
            // No shape of its own: a recorded scenario's positions come from its route.
            return (LocalPoint(east: 0, north: 0), 0)
        }
    }

    /// The share of a standard track's 400 m taken by each straight: 84.39 m, the rest being the two bends.
    static let trackStraightShare = 84.39 / 400

    /// A point on a track of length `totalMeters`, run anticlockwise from the start of the straight east of the
    /// infield, heading north: the straight, a left bend round a centre to the west, the back straight south, the
    /// second bend.
    private static func trackPosition(atDistanceMeters covered: Double, totalMeters: Double) -> (point: LocalPoint, courseDegrees: Double) {
        let straight = totalMeters * trackStraightShare
        let bend = (totalMeters - 2 * straight) / 2
        let radius = bend / Double.pi
        let degreesPerRadian = 180 / Double.pi
        if covered <= straight {
            return (LocalPoint(east: 0, north: covered), 0)
        }
        if covered <= straight + bend {
            let angle = (covered - straight) / radius
            let course = Bearing.normalized(360 - angle * degreesPerRadian)
            let (sine, cosine) = Trigonometry.sinCos(radians: angle)
            return (LocalPoint(east: -radius + radius * cosine, north: straight + radius * sine), course)
        }
        if covered <= 2 * straight + bend {
            return (LocalPoint(east: -2 * radius, north: straight - (covered - straight - bend)), 180)
        }
        let angle = (covered - 2 * straight - bend) / radius
        let (sine, cosine) = Trigonometry.sinCos(radians: angle)
        return (LocalPoint(east: -radius - radius * cosine, north: -radius * sine), 180 - angle * degreesPerRadian)
    }
}
