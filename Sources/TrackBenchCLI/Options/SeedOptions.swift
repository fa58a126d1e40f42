import TrackBenchEngine
import TrackBenchModel

/// `--seed` or `--seeds`: the seeds every scenario's random streams derive from. Shared by every command that simulates.
struct SeedOptions {
    static let seed = Option<UInt64>(
        name: "--seed",
        valueName: "n",
        help: "Run every scenario under this one seed, 0 to \(UInt64.max).",
        expected: "a whole number from 0 to \(UInt64.max)"
    ) { UInt64($0) }
    static let seeds = Option<SeedRange>(
        name: "--seeds",
        valueName: "first...last",
        help: "Run every scenario under each seed from first to last, e.g. 100...129.",
        default: "\(Benchmark.defaultSeeds)",
        expected: "FIRST...LAST with FIRST <= LAST, at most \(SeedRange.limit) seeds (or one seed N)"
    ) { SeedRange(parsing: $0) }
    static let options = [seed.spec, seeds.spec]
    /// `--seed` of the commands that simulate one run (`export`, `plot`, `speed`), which default to the first default seed.
    static let singleSeed = seed.help("Simulate under this seed, 0 to \(UInt64.max).").defaulting(to: Benchmark.defaultSeeds.first)

    /// The seeds to run with.
    var seeds: SeedRange
    /// Whether `--seed` or `--seeds` was given, rather than the default taken.
    var isGiven: Bool

    /// - Throws: `UsageError.conflictingOptions` for both options, `.invalidValue` for a value neither reads.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        if arguments.isGiven(Self.seed) && arguments.isGiven(Self.seeds) {
            throw .conflictingOptions(Self.seed.name, Self.seeds.name)
        }
        isGiven = arguments.isGiven(Self.seed) || arguments.isGiven(Self.seeds)
        if let range = try arguments.value(Self.seeds) {
            seeds = range
        } else {
            seeds = try arguments.value(Self.seed).map { SeedRange($0) } ?? Benchmark.defaultSeeds
        }
    }

    /// The one seed of a command that simulates a single run (`singleSeed`), or the default range's first seed.
    static func single(_ arguments: ParsedArguments) throws(UsageError) -> UInt64 {
        try arguments.value(singleSeed)
    }
}
