/// The seeds a run uses: one seed, or every seed from a first to a last, each giving its own independent run of the suite.
///
/// Written `100` or `100...129`. Every seed gives the same results it gives
/// on its own, so a run over seeds 100...129 contains the run of seed 100.
public struct SeedRange: Sendable, Hashable, CustomStringConvertible {
    /// The first seed.
    public let first: UInt64
    /// The last seed, at least `first`.
    public let last: UInt64

    /// The first seed of the default run (100...109), and the seed a replayed recording's rows carry.
    public static let defaultSeed: UInt64 = 100

    /// The most seeds one run may have, so a typo cannot start an endless run.
    public static let limit: UInt64 = 10_000

    /// Creates a range; nil when `last < first` or it holds more than `limit` seeds.
    public init?(first: UInt64, last: UInt64) {
        guard last >= first, last - first < Self.limit else { return nil }
        self.first = first
        self.last = last
    }

    /// A single seed.
    public init(_ seed: UInt64) {
        first = seed
        last = seed
    }

    /// Parses `N` or `FIRST...LAST`; nil when the text is neither or the range is empty or too long.
    public init?(parsing text: String) {
        let parts = text.split(separator: "...", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = UInt64(parts[0]) else { return nil }
        guard parts.count == 2 else {
            self.init(first)
            return
        }
        guard let last = UInt64(parts[1]) else { return nil }
        self.init(first: first, last: last)
    }

    /// The seeds in order.
    public var seeds: [UInt64] { Array(first...last) }

    /// How many seeds.
    public var count: Int { Int(last - first) + 1 }

    /// `100` or `100...129`, as `--seeds` takes it.
    public var description: String { first == last ? "\(first)" : "\(first)...\(last)" }
}
