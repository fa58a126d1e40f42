/// Longitudes in degrees east, the shorter way round the antimeridian.
///
/// A longitude jumps from 180 to -180 where a path crosses the antimeridian,
/// so differences and averages of plain longitudes are wrong there by a
/// whole turn. Filters that combine longitudes take their differences with
/// `degreesEast(from:to:)` (a window of them only when a `CrossingWatch`
/// says it spans a crossing) and bring their results back with
/// `wrapped(_:)`. Both return their input's bits unchanged wherever no wrap
/// is needed, so results away from the antimeridian stay byte-identical.
@usableFromInline package enum Longitude {
    /// `degrees` moved by one turn into -180...180 when it lies outside; meant for values within a turn of that range,
    /// such as a difference of two longitudes or a longitude plus such a difference.
    @inlinable @inline(__always)
    package static func wrapped(_ degrees: Double) -> Double {
        degrees.magnitude > 180 ? degrees + (degrees > 0 ? -360 : 360) : degrees
    }

    /// How far east of `reference` the longitude `degrees` lies, the shorter way round, in degrees (-180...180).
    @inlinable @inline(__always)
    package static func degreesEast(from reference: Double, to degrees: Double) -> Double {
        wrapped(degrees - reference)
    }

    /// Watches the longitudes along a path for a crossing of the antimeridian, so a filter averaging a window of
    /// them can take plain differences, its fast path, unless the window spans one.
    @usableFromInline package struct CrossingWatch: Sendable {
        @usableFromInline var previous = Double.nan
        /// Steps since the last one that jumped by more than half a turn; `Int.max` before any.
        @usableFromInline var stepsSinceCrossing = Int.max

        /// A watch that has seen no longitude yet.
        package init() {}

        /// Notes the next longitude along the path.
        @inlinable @inline(__always)
        package mutating func add(_ degrees: Double) {
            if (degrees - previous).magnitude > 180 {
                stepsSinceCrossing = 0
            } else if stepsSinceCrossing < .max {
                stepsSinceCrossing += 1
            }
            previous = degrees
        }

        /// Whether two of the last `count` longitudes added lie on either side of a crossing.
        @inlinable @inline(__always)
        package func spans(last count: Int) -> Bool {
            stepsSinceCrossing < count - 1
        }
    }
}
