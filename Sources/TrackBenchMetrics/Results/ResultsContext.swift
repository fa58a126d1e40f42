import TrackBenchModel
import TrackBenchSupport
/// How a results file was made: the suite, its file's fingerprint, the seeds, the TrackBench version and the schema.
///
/// Written as the first line of `results.csv` and every baseline:
/// `# trackbench-results schema=3 suite=default suite_fnv1a64=… seeds=100...109 version=0.3.0`.
/// A run that looked altitudes up in terrain tiles adds their post spacing
/// (`dem_arcsec=3`), and a shard its place (`shard=1/4`) and, when it ran
/// filter processes, whether each can run live (`process_timing=2:online`);
/// files without these optional fields still read.
/// The line has no commas, so a spreadsheet keeps it in one cell and a
/// round trip through one keeps it; pandas reads the rows with
/// `pandas.read_csv(path, skiprows=1)`. The gate compares contexts before any
/// row: results from another suite, file, seed range or version are never
/// compared, because every row would differ for reasons that are not the filter.
package struct ResultsContext: Sendable, Hashable {
    /// The results schema this TrackBench writes and reads; it changes when columns change.
    package static let currentSchema = 3
    /// This TrackBench's version, recorded in every results file.
    package static let currentVersion = "0.3.0"
    /// What the context line starts with.
    static let marker = "# trackbench-results"

    /// The suite's name.
    package var suiteName: String
    /// The scenario file's fingerprint (`ScenarioSuite.fingerprint`).
    package var suiteFingerprint: String
    /// The seeds every scenario ran under.
    package var seeds: SeedRange
    /// The TrackBench version that wrote the file.
    package var version: String
    /// The results schema of the file.
    package var schema: Int
    /// For a partial results file, the shard of the work it holds (`trackbench merge` joins them); nil for a whole run.
    package var shard: Shard?
    /// The post spacings, in arc-seconds, of the terrain tiles a filter looked altitudes up in (`--dem`), ascending:
    /// `[3]`, `[1]`, or `[1, 3]` for a folder of both. Nil when no filter looked terrain up, or the file predates the field.
    ///
    /// Tiles that `trackbench dem` writes are fixed by the suite, the version and this spacing, so a baseline made on
    /// 3 arc-second tiles is only comparable with a run on 3 arc-second tiles.
    package var demArcSeconds: [Int]?
    /// For a partial results file of a run with filter processes, whether each process declared itself online, by the
    /// filter's 1-based position in the run's filter order; nil for a whole run or a run without processes.
    ///
    /// A whole run's reports take a process's timing from its hello; `merge` has only the parts, so a shard records
    /// it for the merged reports to mark and rank the process as the unsharded run's do.
    package var processOnline: [Int: Bool]?

    /// Creates a context from its parts.
    package init(suiteName: String, suiteFingerprint: String, seeds: SeedRange, version: String, schema: Int, shard: Shard? = nil) {
        self.suiteName = suiteName
        self.suiteFingerprint = suiteFingerprint
        self.seeds = seeds
        self.version = version
        self.schema = schema
        self.shard = shard
    }

    /// The keys every context line has, in order.
    private static let keys = ["schema", "suite", "suite_fnv1a64", "seeds", "version"]
    /// The key a run that looked up terrain adds after them.
    private static let demKey = "dem_arcsec"
    /// The key a partial results file adds last.
    private static let shardKey = "shard"
    /// The key a partial results file of a run with filter processes adds after the shard.
    private static let processTimingKey = "process_timing"
    /// Every key a line may have.
    private static let allKeys = keys + [demKey, shardKey, processTimingKey]

    /// The first line of a results file, without a line break.
    var line: String {
        "\(Self.marker) schema=\(schema) suite=\(suiteName) suite_fnv1a64=\(suiteFingerprint) seeds=\(seeds) version=\(version)"
            + (demArcSeconds.map { " \(Self.demKey)=\(Self.spacingText($0))" } ?? "")
            + (shard.map { " \(Self.shardKey)=\($0)" } ?? "")
            + (processOnline.map { " \(Self.processTimingKey)=\(Self.processTimingText($0))" } ?? "")
    }

    /// Process timings as the line writes them, in filter order: `2:online+3:offline`.
    private static func processTimingText(_ online: [Int: Bool]) -> String {
        online.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value ? "online" : "offline")" }.joined(separator: "+")
    }

    /// Reads `process_timing`'s value as `processTimingText` writes it; nil for anything else.
    private static func processTiming(parsing text: String) -> [Int: Bool]? {
        var online: [Int: Bool] = [:]
        for item in text.split(separator: "+", omittingEmptySubsequences: false) {
            let pair = item.split(separator: ":", omittingEmptySubsequences: false)
            guard pair.count == 2, ResultsField.isWrittenWholeNumber(pair[0]), let position = Int(pair[0]), position >= 1,
                  pair[1] == "online" || pair[1] == "offline", online[position] == nil else { return nil }
            online[position] = pair[1] == "online"
        }
        return processTimingText(online) == text ? online : nil
    }

    /// Spacings as the line writes them: `3`, or `1+3`.
    private static func spacingText(_ spacings: [Int]) -> String {
        spacings.map(String.init).joined(separator: "+")
    }

    /// Spacings for a message: `3 arc-seconds`, `1 arc-second`, `1 and 3 arc-seconds`.
    package static func spacingDescription(_ spacings: [Int]) -> String {
        spacings.map(String.init).joined(separator: " and ") + (spacings == [1] ? " arc-second" : " arc-seconds")
    }

    /// Reads a context line, as written or after a spreadsheet round trip (quoted, with trailing commas).
    /// - Throws: `ResultsFileError` naming what is missing or malformed.
    static func parse(_ text: Substring, file: String) throws(ResultsFileError) -> ResultsContext {
        var line = String(text)
        while line.hasSuffix(",") { line.removeLast() }
        if line.hasPrefix("\""), line.hasSuffix("\""), line.count >= 2 {
            line = String(line.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
        }
        let expected = "expected the context line '\(marker) schema=\(currentSchema) suite=… suite_fnv1a64=… seeds=… version=…' "
            + "that TrackBench writes first; re-record this file with the current TrackBench"
        guard line.hasPrefix(marker + " ") else {
            throw .malformedRow(file: file, line: 1, problem: expected)
        }
        var values: [String: String] = [:]
        for word in line.dropFirst(marker.count).split(separator: " ") {
            let pair = word.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, allKeys.contains(String(pair[0])), values[String(pair[0])] == nil else {
                throw .malformedRow(
                    file: file, line: 1,
                    problem: "'\(word)' is not one of \(allKeys.map { "\($0)=…" }.joined(separator: ", ")) (each once); \(expected)"
                )
            }
            values[String(pair[0])] = String(pair[1])
        }
        for key in keys where values[key] == nil {
            throw .malformedRow(file: file, line: 1, problem: "the context line has no '\(key)='; \(expected)")
        }
        let schemaText = values["schema"]!
        guard ResultsField.isWrittenWholeNumber(schemaText), let schema = Int(schemaText) else {
            throw .malformedRow(
                file: file, line: 1,
                problem: "schema '\(MarkdownText.safe(schemaText))' is not a whole number as TrackBench writes it (such as \(currentSchema): "
                    + "digits, no sign, no leading zeros); re-record this file with the current TrackBench"
            )
        }
        guard schema == currentSchema else {
            throw .malformedRow(
                file: file, line: 1,
                problem: "results schema \(schema), but this TrackBench reads schema \(currentSchema); re-record the file with this TrackBench"
            )
        }
        let seeds = try seedRange(values["seeds"]!, file: file)
        var shard: Shard?
        if let text = values[shardKey] {
            guard let parsed = Shard(parsing: text), parsed.description == text else {
                throw .malformedRow(file: file, line: 1, problem: "shard '\(text)' is not K/N with 1 <= K <= N <= \(Shard.limit)")
            }
            shard = parsed
        }
        var context = ResultsContext(
            suiteName: values["suite"]!, suiteFingerprint: values["suite_fnv1a64"]!, seeds: seeds,
            version: values["version"]!, schema: schema, shard: shard
        )
        if let text = values[demKey] {
            let spacings = text.split(separator: "+", omittingEmptySubsequences: false).map { Int($0) }
            guard !spacings.isEmpty, spacings.allSatisfy({ ($0 ?? 0) >= 1 }), spacingText(spacings.map { $0! }) == text,
                  zip(spacings, spacings.dropFirst()).allSatisfy({ $0! < $1! }) else {
                throw .malformedRow(file: file, line: 1, problem: "dem_arcsec '\(text)' is not the tiles' arc-seconds, such as 3 or 1+3")
            }
            context.demArcSeconds = spacings.map { $0! }
        }
        if let text = values[processTimingKey] {
            guard let online = processTiming(parsing: text) else {
                throw .malformedRow(
                    file: file, line: 1,
                    problem: "process_timing '\(MarkdownText.safe(String(text.prefix(80))))' is not each filter process's position and "
                        + "timing, such as 2:online+3:offline"
                )
            }
            context.processOnline = online
        }
        return context
    }

    /// The seeds of a context line, written as `SeedRange` writes them: `N` or `FIRST...LAST`, with FIRST < LAST,
    /// digits without a sign or leading zeros, and at most `SeedRange.limit` seeds.
    /// - Throws: `ResultsFileError` saying what was found and what is allowed.
    private static func seedRange(_ text: String, file: String) throws(ResultsFileError) -> SeedRange {
        let shown = MarkdownText.safe(String(text.prefix(80)))
        let parts = text.split(separator: "...", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ ResultsField.isWrittenWholeNumber($0) }), let first = UInt64(parts[0]),
              let last = parts.count == 2 ? UInt64(parts[1]) : first, parts.count == 1 || first < last else {
            throw .malformedRow(
                file: file, line: 1,
                problem: "seeds '\(shown)' is not N or FIRST...LAST with FIRST < LAST, as TrackBench writes it (digits, no sign, "
                    + "no leading zeros); re-record this file with the current TrackBench"
            )
        }
        guard let seeds = SeedRange(first: first, last: last) else {
            let count = last - first == UInt64.max ? "2^64" : "\(last - first + 1)"
            throw .malformedRow(
                file: file, line: 1,
                problem: "seeds '\(shown)' holds \(count) seeds, but a run has at most \(SeedRange.limit); "
                    + "this file was not written by TrackBench: re-record it with 'trackbench run'"
            )
        }
        return seeds
    }

    /// What differs between this context and another, one phrase each; empty when they match.
    /// - Parameters:
    ///   - other: The context to compare with, such as a run's against a baseline's.
    ///   - names: What to call the two sides in the phrases.
    package func differences(from other: ResultsContext, names: (mine: String, other: String) = ("baseline", "this run")) -> [String] {
        let (a, b) = names
        var differences: [String] = []
        if suiteName != other.suiteName { differences.append("suite: \(a) '\(suiteName)', \(b) '\(other.suiteName)'") }
        if suiteFingerprint != other.suiteFingerprint {
            differences.append("scenario file: \(a) fingerprint \(suiteFingerprint), \(b) \(other.suiteFingerprint) (the file was edited)")
        }
        if seeds != other.seeds { differences.append("seeds: \(a) \(seeds), \(b) \(other.seeds)") }
        if version != other.version { differences.append("TrackBench version: \(a) \(version), \(b) \(other.version)") }
        if shard != other.shard {
            differences.append("shard: \(a) \(shard.map { "\($0)" } ?? "whole run"), \(b) \(other.shard.map { "\($0)" } ?? "whole run")")
        }
        // A file that predates the field, or a run without terrain-lookup, says nothing about tiles: not a difference.
        if let mine = demArcSeconds, let theirs = other.demArcSeconds, mine != theirs {
            differences.append("terrain tiles (--dem): \(a) \(Self.spacingDescription(mine)), \(b) \(Self.spacingDescription(theirs))")
        }
        // A shard that ran no unit may not record its processes' timings; two that do must agree.
        if let mine = processOnline, let theirs = other.processOnline, mine != theirs {
            differences.append(
                "filter process timings (process_timing): \(a) \(Self.processTimingText(mine)), \(b) \(Self.processTimingText(theirs))"
            )
        }
        return differences
    }
}
