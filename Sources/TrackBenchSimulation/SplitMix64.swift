import TrackBenchSupport
/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64).
///
/// The platform's generator can be neither seeded nor relied on to give the
/// same sequence on Linux and macOS; this one gives the same 64-bit stream for
/// the same seed everywhere, which is what makes benchmark runs reproducible.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose stream is fully determined by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// Creates the generator for one named stream of a seeded run.
    ///
    /// Every scenario draws from its own stream, derived from the run's seed
    /// and the scenario id, so its noise does not depend on which scenarios
    /// run before it or on which thread.
    /// - Parameters:
    ///   - seed: The run's seed.
    ///   - stream: A stable name, such as a scenario id.
    package init(seed: UInt64, stream: String) {
        state = Self.mix(seed ^ Self.mix(FNV1a.hash64(stream.utf8)))
    }

    /// Returns the next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: a bijection that spreads every input bit over the output.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
