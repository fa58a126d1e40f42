import TrackBenchModel

/// `--shard K/N`: run one of N balanced shares of the (seed, scenario) work, for a CI matrix. Shared by every command that scores.
struct ShardOptions {
    static let shard = Option<Shard>(
        name: "--shard",
        valueName: "k/n",
        help: "Run only shard K of N (1 <= K <= N <= \(Shard.limit)): a balanced share of the (seed, scenario) work, for parallel CI jobs.",
        expected: "K/N with 1 <= K <= N <= \(Shard.limit), such as 2/4"
    ) { Shard(parsing: $0) }
    static let options = [shard.spec]

    /// The shard to run; nil for the whole run.
    var shard: Shard?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        shard = try arguments.value(Self.shard)
    }
}
