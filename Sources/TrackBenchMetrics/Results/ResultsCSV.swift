import TrackBenchSupport
/// The `results.csv` report: a context line, then one row per (scenario, filter, seed), for diffs and spreadsheets.
///
/// `schema` is the one list of columns: the scenario, filter and seed, the
/// path lengths they were scored on, the scenario's attributes, then one
/// column per `Metric` (each with its unit in its name, empty where it does
/// not apply), the filter's specification, and `non_finite`, which names the
/// columns whose value was NaN or infinite (written empty: a report never
/// shows `nan`). Distances have 3 decimals (millimetres); metrics have their
/// declared decimals. `Docs/output-files.md` documents every column.
package enum ResultsCSV {
    /// The file name a run writes its results under.
    package static let fileName = "results.csv"

    /// Every column, in file order: the one declaration writing and parsing loop over.
    static let schema: [ResultsColumn] = leadingColumns + metricColumns + [.text("filter_spec", \.filterSpecification)]

    private static let leadingColumns: [ResultsColumn] = [
        .text("scenario", \.scenarioID),
        .text("filter", \.filter),
        .seed("seed", \.seed),
        .count("fixes", \.fixes),
        .fixed("true_distance_m", decimals: 3, \.trueDistanceMeters),
        .fixed("noisy_distance_m", decimals: 3, \.noisyDistanceMeters),
        .fixed("estimated_distance_m", decimals: 3, \.estimatedDistanceMeters),
        // The headline metric stands beside the distances it derives from.
        .metric(.errorPercent),
        .derived(
            "noisy_error_pct", decimals: Metric.errorPercent.decimals,
            inputSlack: { ResultsColumn.percentSlack($0.noisyDistanceMeters, $0.trueDistanceMeters) }
        ) {
            $0.noisyErrorPercent
        },
        .derivedFlag("improved", \.improved),
        .count("estimated_fixes", \.estimatedFixes),
        .text("path_type", \.pathType),
        .compact("nominal_distance_m", \.nominalDistanceMeters),
        .compact("speed_mps", \.speedMetersPerSecond),
        .optionalText("gait", \.gait).absentAllowed(),
        .compact("stop_s", \.stopSeconds),
        .text("signal", \.signal),
        .optionalText("terrain", \.terrain).absentAllowed(),
        .optionalFixed("true_gain_m", decimals: 3, \.trueGainMeters).absentAllowed(),
        .choice("truth", \.truth),
        .tags("tags", \.tags),
    ]

    private static let metricColumns: [ResultsColumn] = Metric.allCases.filter { $0 != .errorPercent }.map(ResultsColumn.metric)

    /// The column naming a row's non-finite fields, after the schema's columns.
    static let nonFiniteColumn = "non_finite"

    /// The header row's column names, in order.
    package static let columns = schema.map(\.name) + [nonFiniteColumn]

    /// Renders a results file: the context line, the header row, one row per score, and a final newline.
    ///
    /// A NaN or infinite value is written as an empty field and its column
    /// named in the row's `non_finite` field, so no reader sees `nan`.
    /// - Throws: `ResultsWriteError` for a value that would not read back as itself (`rows(_:)`).
    package static func render(_ scores: [ScenarioScore], context: ResultsContext) throws(ResultsWriteError) -> String {
        var text = header(context: context)
        // Rows are written in chunks on every core; joined in order, the text is the same as one by one.
        let chunks = ParallelChunks.map(count: scores.count) { range in Result { () throws(ResultsWriteError) in try rows(scores[range]) } }
        for chunk in chunks { text.append(contentsOf: try chunk.get()) }
        return String(decoding: text, as: UTF8.self)
    }

    /// The start of a results file, in UTF-8: the context line and the header row, each with its line ending.
    package static func header(context: ResultsContext) -> [UInt8] {
        Array((context.line + "\n" + columns.joined(separator: ",") + "\n").utf8)
    }

    /// Data rows as `render` writes them, in UTF-8, each with its line ending: a file streamed a unit at a time is
    /// `header(context:)` followed by each unit's rows, in order.
    ///
    /// Whatever is written reads back as itself (`parse`), numbers to their
    /// written rounding: a value the reader would refuse or read as something
    /// else (an empty or control character holding text field, a tag with `=`
    /// in its key or `;`) is refused instead of written.
    /// - Throws: `ResultsWriteError` naming the row and column of the first such value.
    package static func rows(_ scores: some Collection<ScenarioScore>) throws(ResultsWriteError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scores.count * 320)
        for score in scores {
            for (column, problem) in writeChecks {
                if let problem = problem(score) {
                    throw ResultsWriteError(column: column, scenario: score.scenarioID, filter: score.filter, problem: problem)
                }
            }
            appendRow(score, to: &bytes)
        }
        return bytes
    }

    /// The columns that check a value reads back before it is written, with their checks, in schema order.
    private static let writeChecks = schema.compactMap { column in column.unwritable.map { (column.name, $0) } }

    /// Each column's writer, in schema order: a row calls these alone, without copying the columns' other closures.
    private static let writers = schema.map(\.write)

    /// Appends one data row and its line ending.
    private static func appendRow(_ score: ScenarioScore, to bytes: inout [UInt8]) {
        var nonFinite: [String] = []
        for (index, write) in writers.enumerated() {
            if !write(score, &bytes) {
                nonFinite.append(schema[index].name)
            }
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(contentsOf: nonFinite.joined(separator: ";").utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The scores as `results.csv` holds them: every number replaced by what its written field reads back as.
    ///
    /// Reports are made from these, not from the unrounded scores, so that
    /// anyone recomputing a report from the file, or merging shards' files,
    /// gets the same bytes. Equal, number for number, to parsing what
    /// `render` writes (`ResultsCSVTests` checks it), without the text.
    package static func asWritten(_ scores: [ScenarioScore]) -> [ScenarioScore] {
        scores.map { score in
            var written = score
            for round in rounding { round(&written) }
            return written
        }
    }

    /// Each column's rounding to its written value, in schema order (`asWritten`).
    private static let rounding = schema.compactMap(\.roundToWritten)

    /// Whether any value in `score` is NaN or infinite: a filter that diverged.
    package static func hasNonFiniteValue(_ score: ScenarioScore) -> Bool {
        schema.contains { $0.isNonFinite(score) }
    }
}
