/// Angles clockwise from north, in degrees: wrapping into one turn, and the shorter way between two.
enum Bearing {
    /// `degrees` wrapped into 0..<360 (370 is 10, -90 is 270); NaN for a value that is not finite.
    static func normalized(_ degrees: Double) -> Double {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        let positive = wrapped < 0 ? wrapped + 360 : wrapped
        // -1e-17 + 360 rounds to 360, which is outside 0..<360.
        return positive >= 360 ? 0 : positive
    }

    /// The turn from `start` to `end` the shorter way round, in degrees within -180..<180 (positive = clockwise).
    static func turn(from start: Double, to end: Double) -> Double {
        normalized(end - start + 180) - 180
    }
}
