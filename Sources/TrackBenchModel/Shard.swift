/// One of N shares of a run's work, so a suite can spread over a CI system's parallel jobs.
///
/// Written `K/N` (1 <= K <= N <= `limit`). The work is the run's (seed,
/// scenario) units; `assignment(costs:count:)` deals them out so that every
/// shard gets about the same number of fixes to process, and the same
/// inputs always give the same shares, on any machine.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// This shard's number, from 1.
    public let index: Int
    /// How many shards the work is split into.
    public let count: Int

    /// The most shards a run may be split into.
    public static let limit = 1000

    /// Creates a shard; nil unless 1 <= index <= count <= `limit`.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.limit, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`; nil when the text is not that or out of range.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`, as `--shard` takes it.
    public var description: String { "\(index)/\(count)" }

    /// Which shard (1...`count`) each unit of work belongs to.
    ///
    /// Longest processing time first: units in order of decreasing cost (ties
    /// by position) each go to the shard with the least cost so far (ties to
    /// the lowest number). Deterministic, and within 4/3 of the best possible
    /// longest shard (Graham 1969).
    /// - Parameters:
    ///   - costs: Each unit's expected cost, such as its expected fixes.
    ///   - count: The number of shards.
    package static func assignment(costs: [Double], count: Int) -> [Int] {
        let order = costs.indices.sorted { (costs[$0], $1) > (costs[$1], $0) }
        var loads = [Double](repeating: 0, count: count)
        var shards = [Int](repeating: 0, count: costs.count)
        for unit in order {
            let lightest = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) }!
            loads[lightest] += costs[unit]
            shards[unit] = lightest + 1
        }
        return shards
    }
}
