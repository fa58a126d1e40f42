import Foundation
import TrackBenchEngine
import TrackBenchFilters
import TrackBenchModel

/// Where `run` and `merge` write when `--output` is not given, so that only a suite's default run replaces the
/// reports committed for it.
///
/// The committed folder, `Results` for the suite named `default` and `Results/<suite name>` for any other, holds
/// what the suite's default run writes: every default filter, under the default seeds (a recording suite has
/// none), from the suite's own file, `Scenarios/<suite name>.json` (`shippedFile(for:)`). Any other run
/// (`--filter`, other seeds, another file that calls itself `default` or `hard`) writes into `Results/local`
/// (`Results/local/<suite name>`), which git ignores, and says so, so a trial run never leaves the committed
/// reports out of step with the README and the tests.
struct ResultsFolder {
    /// The folder of every run that is not a default run, relative to the working directory; `.gitignore` lists it.
    static let local = "Results/local"

    /// The folder to write into, relative to the working directory.
    var path: String
    /// Where the suite's default run writes, which this run did not write over when `path` differs.
    var committedPath: String
    /// How the run differs from the suite's default run, in the words of the note; empty for the default run.
    var differences: [String]

    /// Where a run of `suite` writes by default.
    /// - Parameters:
    ///   - suite: The suite run.
    ///   - file: The suite's file as given (or the default scenario file).
    ///   - filters: The filters run, as labels and specifications.
    ///   - defaultFilters: What a run without `--filter` runs on this suite.
    ///   - seeds: The seeds run; ignored for a recording suite, which is replayed once.
    ///   - shard: The shard run, which gets a folder of its own inside the run's.
    init(
        suite: LoadedSuite, file: String, filters: [(label: String, specification: String)], defaultFilters: [FilterConfiguration],
        seeds: SeedRange, shard: Shard?
    ) {
        let name = CommandContext.fileName(for: suite.name)
        var differences: [String] = []
        let shipped = Self.shippedFile(for: name)
        if !Self.isSameFile(file, shipped) {
            differences.append("'\(file)' is not \(shipped)")
        }
        let isDefaultFilters = filters.map(\.label) == defaultFilters.map(\.label)
            && filters.map(\.specification) == defaultFilters.map(\.specification)
        if !isDefaultFilters {
            let labels = filters.map(\.label)
            let shown = labels.prefix(3).joined(separator: ", ") + (labels.count > 3 ? " and \(labels.count - 3) more" : "")
            differences.append("filters \(shown), not every default filter")
        }
        if case .scenarios = suite, seeds != Benchmark.defaultSeeds {
            differences.append("\(seeds.count == 1 ? "seed" : "seeds") \(seeds), not \(Benchmark.defaultSeeds)")
        }
        let shardFolder = shard.map { "/shard-\($0.index)-of-\($0.count)" } ?? ""
        committedPath = (name == "default" ? "Results" : "Results/\(name)") + shardFolder
        path = differences.isEmpty ? committedPath : (name == "default" ? Self.local : "\(Self.local)/\(name)") + shardFolder
        self.differences = differences
    }

    /// The file whose default run the committed folder of the suite `name` holds, relative to the working directory:
    /// `Scenarios/<name>.json`, or for `examples`, the example recordings' suite.
    static func shippedFile(for name: String) -> String {
        name == "examples" ? "Examples/Recordings/suite.json" : "Scenarios/\(name).json"
    }

    /// The folder as a file URL.
    var url: URL { URL(fileURLWithPath: path) }

    /// What `run` and `merge` print after writing a run that is not the default one: why its reports went to
    /// `Results/local` and how to write them over the committed ones; nil for the default run.
    var note: String? {
        guard !differences.isEmpty else { return nil }
        return "Not the suite's default run (\(differences.joined(separator: "; "))), so it wrote into \(path), "
            + "not the default run's \(committedPath); give \(OutputOptions.folder.name) \(committedPath) to write there."
    }

    /// Whether two paths name one file, after resolving `.`, `..` and symbolic links against the working directory.
    private static func isSameFile(_ first: String, _ second: String) -> Bool {
        func resolved(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return resolved(first) == resolved(second)
    }
}
