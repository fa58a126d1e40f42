import Foundation

extension ResultsCSV {
    /// Reads a results CSV back into scores, for the regression gate and comparisons.
    ///
    /// Columns are found by name, so a file with extra or reordered columns
    /// still reads; metric columns that are missing read as "does not apply".
    /// - Throws: `ResultsFileError` naming the file, the line and what was expected.
    public static func load(from url: URL) throws(ResultsFileError) -> [ScenarioScore] {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw .unreadable(file: url.path, reason: exists ? "it is not a readable UTF-8 file" : "no such file")
        }
        return try parse(text, file: url.path)
    }

    /// Parses the text of a results CSV.
    /// - Parameters:
    ///   - text: The CSV text, header first.
    ///   - file: The name to quote in errors.
    public static func parse(_ text: String, file: String) throws(ResultsFileError) -> [ScenarioScore] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        guard let headerLine = lines.first, !headerLine.isEmpty else {
            throw .malformedRow(file: file, line: 1, problem: "the file is empty; expected a header row")
        }
        let header: [String]
        do {
            header = try CSVField.split(headerLine)
        } catch {
            throw .malformedRow(file: file, line: 1, problem: error.problem)
        }
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() where index[name] == nil {
            index[name] = position
        }
        let required = Array(columns.prefix(7)) + ["path_type", "nominal_distance_m", "speed_mps", "signal", "estimated_fixes"]
        for column in required where index[column] == nil {
            throw .missingColumn(file: file, column: column)
        }

        var scores: [ScenarioScore] = []
        var seen: Set<String> = []
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let lineNumber = offset + 1
            let fields: [String]
            do {
                fields = try CSVField.split(line)
            } catch {
                throw .malformedRow(file: file, line: lineNumber, problem: error.problem)
            }
            guard fields.count == header.count else {
                throw .malformedRow(file: file, line: lineNumber, problem: "expected \(header.count) fields like the header, got \(fields.count)")
            }
            let row = Row(fields: fields, index: index, file: file, line: lineNumber)
            let score = try row.score()
            guard seen.insert(score.pairKey).inserted else {
                throw .malformedRow(file: file, line: lineNumber, problem: "scenario '\(score.scenarioID)' with filter '\(score.filter)' appears twice")
            }
            scores.append(score)
        }
        return scores
    }
}

/// One data row of a results CSV, with typed access by column name.
private struct Row {
    let fields: [String]
    let index: [String: Int]
    let file: String
    let line: Int

    func text(_ column: String) -> String? {
        index[column].map { fields[$0] }
    }

    func required(_ column: String) throws(ResultsFileError) -> String {
        guard let value = text(column), !value.isEmpty else {
            throw .malformedRow(file: file, line: line, problem: "column '\(column)' is empty; expected a value")
        }
        return value
    }

    func number(_ column: String) throws(ResultsFileError) -> Double {
        let value = try required(column)
        guard let number = Double(value), number.isFinite else {
            throw .malformedRow(file: file, line: line, problem: "column '\(column)' expected a number, got '\(value)'")
        }
        return number
    }

    func count(_ column: String) throws(ResultsFileError) -> Int {
        let value = try required(column)
        guard let number = Int(value), number >= 0 else {
            throw .malformedRow(file: file, line: line, problem: "column '\(column)' expected a whole number >= 0, got '\(value)'")
        }
        return number
    }

    /// A metric column's value: nil when the column is absent or empty.
    func optional(_ column: String) throws(ResultsFileError) -> Double? {
        guard let value = text(column), !value.isEmpty else { return nil }
        return try number(column)
    }

    func score() throws(ResultsFileError) -> ScenarioScore {
        ScenarioScore(
            scenarioID: try required("scenario"),
            pathType: try required("path_type"),
            nominalDistanceMeters: try number("nominal_distance_m"),
            speedMetersPerSecond: try number("speed_mps"),
            stopSeconds: try optional("stop_s") ?? 0,
            signal: try required("signal"),
            filter: try required("filter"),
            filterSpecification: text("filter_spec").flatMap { $0.isEmpty ? nil : $0 },
            fixes: try count("fixes"),
            estimatedFixes: try count("estimated_fixes"),
            trueDistanceMeters: try number("true_distance_m"),
            noisyDistanceMeters: try number("noisy_distance_m"),
            estimatedDistanceMeters: try number("estimated_distance_m"),
            metrics: EstimateMetrics(
                positionMedianMeters: try optional(Metric.positionMedianMeters.column),
                position95thPercentileMeters: try optional(Metric.position95thPercentileMeters.column),
                positionRMSEMeters: try optional(Metric.positionRMSEMeters.column),
                lagSeconds: try optional(Metric.lagSeconds.column),
                stationaryDriftMeters: try optional(Metric.stationaryDriftMeters.column),
                keptPercent: try optional(Metric.keptPercent.column) ?? 100,
                longestGapSeconds: try optional(Metric.longestGapSeconds.column) ?? 0,
                speedRMSEMetersPerSecond: try optional(Metric.speedRMSEMetersPerSecond.column),
                stopDetectionSeconds: try optional(Metric.stopDetectionSeconds.column)
            )
        )
    }
}
