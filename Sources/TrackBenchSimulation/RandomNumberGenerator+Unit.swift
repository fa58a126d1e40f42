extension RandomNumberGenerator {
    /// Returns a uniform value in the half-open interval [0, 1) with 53 random bits.
    ///
    /// Spelled out instead of `Double.random(in:using:)` so the mapping from
    /// bits to values is fixed by TrackBench, not by the standard library version.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
