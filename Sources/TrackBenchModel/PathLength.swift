import TrackBenchGeodesy
/// The length of a path given one fix at a time: the sum of great-circle distances between consecutive fixes.
///
/// Summed in the order the fixes come, with the same arithmetic as
/// `GreatCircle.distanceMeters`, so a path measured whole and one measured
/// as it streams past have the same length to the bit. Every fix counts,
/// valid or not: the length is that of the line an app would draw.
@usableFromInline package struct PathLength: Sendable {
    /// The length so far, in metres.
    @usableFromInline package internal(set) var meters = 0.0
    @usableFromInline var previous: GreatCircle.Point?

    /// Creates the length of an empty path: 0.
    package init() {}

    /// Adds the step from the previous fix to `fix`.
    @inlinable @inline(__always)
    package mutating func add(_ fix: LocationFix) {
        let point = GreatCircle.Point(fix.coordinate)
        if let previous {
            meters += GreatCircle.distanceMeters(from: previous, to: point)
        }
        previous = point
    }
}
