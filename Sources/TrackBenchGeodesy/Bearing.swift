/// Angles clockwise from north, in degrees: wrapping into one turn, and the shorter way between two.
@usableFromInline package enum Bearing {
    /// `degrees` wrapped into 0..<360 (370 is 10, -90 is 270); NaN for a value that is not finite.
    ///
    /// Angles within a turn of the range, all that courses and headings
    /// ever need, take one exact addition or subtraction (the same result as
    /// the remainder, without its library call: this runs for every simulated
    /// fix); others the remainder.
    @inlinable @inline(__always)
    package static func normalized(_ degrees: Double) -> Double {
        var wrapped = degrees
        if !(wrapped >= 0 && wrapped < 360) {
            if wrapped >= 360 && wrapped < 720 {
                wrapped -= 360
            } else if wrapped < 0 && wrapped >= -360 {
                wrapped += 360
            } else {
                wrapped = degrees.truncatingRemainder(dividingBy: 360)
                if wrapped < 0 { wrapped += 360 }
            }
        }
        // -1e-17 + 360 rounds to 360, which is outside 0..<360.
        return wrapped >= 360 ? 0 : wrapped
    }

    /// The turn from `start` to `end` the shorter way round, in degrees within -180..<180 (positive = clockwise).
    package static func turn(from start: Double, to end: Double) -> Double {
        normalized(end - start + 180) - 180
    }
}
