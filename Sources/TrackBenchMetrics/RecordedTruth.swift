import TrackBenchGeodesy
import TrackBenchModel
/// A recording's reference in the replay's local frame: a timed track, a route without times, or only a distance.
package enum RecordedTruth: Sendable {
    /// A reference with times: positions interpolated linearly at any time.
    case timed(TimedTrack)
    /// Timed surveyed points (landmarks, timing mats): estimates are scored at these times only, interpolated
    /// between the estimates either side; between checkpoints the track is a straight line at constant speed.
    case checkpoints(TimedTrack)
    /// A route drawn on a map: the position error is the distance to the nearest point of the route.
    case route(RouteTrack)
    /// Only a known length: distance metrics only.
    case distanceOnly

    /// How results name the alignment: `time`, `route` or `distance`.
    package var alignment: ScenarioScore.Truth {
        switch self {
        case .timed: return .time
        case .checkpoints: return .checkpoints
        case .route: return .route
        case .distanceOnly: return .distance
        }
    }
}

extension TimedTrack: TruePositions {
    /// The position at each of `times`, in metres in the track's frame.
    func positions(atTimes times: [Double]) -> [LocalPoint] {
        times.map(position(at:))
    }

    func positions(atTimes times: [Double], shiftedBack shifts: [Double]) -> [[LocalPoint]] {
        shifts.map { shift in times.map { position(at: $0 - shift) } }
    }
}

/// A route without times, with a grid of its segments so the nearest one is found without scanning them all.
package struct RouteTrack: Sendable {
    /// The route's points in order, in metres in the replay's frame.
    package let points: [LocalPoint]
    /// Grid cell size, in metres.
    private let cellMeters = 25.0
    /// Segment indices (segment i joins points i and i+1) by grid cell.
    private let cells: [Cell: [Int]]
    /// The grid's extent in cells, to know when the search has covered it all.
    private let cellBounds: (minimum: Cell, maximum: Cell)

    private struct Cell: Hashable, Sendable {
        var x: Int
        var y: Int
    }

    package init(points: [LocalPoint]) {
        self.points = points
        var cells: [Cell: [Int]] = [:]
        let cellMeters = self.cellMeters
        func cell(_ point: LocalPoint) -> Cell {
            Cell(x: Int((point.east / cellMeters).rounded(.down)), y: Int((point.north / cellMeters).rounded(.down)))
        }
        var low = cell(points[0])
        var high = low
        if points.count == 1 {
            cells[low] = [0]
        }
        for index in points.indices.dropLast() {
            let (a, b) = (cell(points[index]), cell(points[index + 1]))
            for x in min(a.x, b.x)...max(a.x, b.x) {
                for y in min(a.y, b.y)...max(a.y, b.y) {
                    cells[Cell(x: x, y: y), default: []].append(index)
                }
            }
            low = Cell(x: min(low.x, a.x, b.x), y: min(low.y, a.y, b.y))
            high = Cell(x: max(high.x, a.x, b.x), y: max(high.y, a.y, b.y))
        }
        self.cells = cells
        cellBounds = (low, high)
    }

    /// The route's length, in metres (in the local frame).
    var lengthMeters: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }

    /// The distance from `point` to the nearest point of the route, in metres.
    ///
    /// Searches rings of grid cells outwards, from the first ring that reaches the grid and within the grid only,
    /// and stops once the best distance found is shorter than the next ring could hold. A point far from a
    /// route can need many rings; once they have cost as many cell visits as the route has segments, every
    /// segment is measured instead, so the cost stays bounded by a scan of the route. Both find the exact nearest.
    package func distance(from point: LocalPoint) -> Double {
        let center = Cell(x: Int((point.east / cellMeters).rounded(.down)), y: Int((point.north / cellMeters).rounded(.down)))
        let (low, high) = cellBounds
        // Rings nearer than the grid hold no segment.
        var ring = max(0, low.x - center.x, center.x - high.x, low.y - center.y, center.y - high.y)
        let segmentCount = max(1, points.count - 1)
        var best = Double.infinity
        var visited = 0
        func visit(x: Int, y: Int) {
            visited += 1
            for segment in cells[Cell(x: x, y: y)] ?? [] {
                best = min(best, distance(from: point, toSegment: segment))
            }
        }
        while true {
            // The ring's top and bottom rows and its sides between them, clipped to the grid (ring 0 is one cell).
            let sides = max(1, 2 * ring)
            for y in stride(from: center.y - ring, through: center.y + ring, by: sides) where low.y <= y && y <= high.y {
                for x in stride(from: max(center.x - ring, low.x), through: min(center.x + ring, high.x), by: 1) { visit(x: x, y: y) }
            }
            for x in stride(from: center.x - ring, through: center.x + ring, by: sides) where ring > 0 && low.x <= x && x <= high.x {
                for y in stride(from: max(center.y - ring + 1, low.y), through: min(center.y + ring - 1, high.y), by: 1) {
                    visit(x: x, y: y)
                }
            }
            // Every unvisited cell is at least `ring` whole cells away.
            if best <= Double(ring) * cellMeters { return best }
            let covered = center.x - ring <= low.x && center.x + ring >= high.x && center.y - ring <= low.y && center.y + ring >= high.y
            if covered { return best }
            if visited >= segmentCount {
                return (0..<segmentCount).reduce(Double.infinity) { min($0, distance(from: point, toSegment: $1)) }
            }
            ring += 1
        }
    }

    private func distance(from point: LocalPoint, toSegment index: Int) -> Double {
        let a = points[index]
        guard index + 1 < points.count else { return point.distance(to: a) }
        let b = points[index + 1]
        let (dx, dy) = (b.east - a.east, b.north - a.north)
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return point.distance(to: a) }
        let t = min(1, max(0, ((point.east - a.east) * dx + (point.north - a.north) * dy) / lengthSquared))
        return point.distance(to: LocalPoint(east: a.east + t * dx, north: a.north + t * dy))
    }
}
