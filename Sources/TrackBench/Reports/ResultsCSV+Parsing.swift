import Foundation

extension ResultsCSV {
    /// Reads a results CSV back into scores, for the regression gate and comparisons.
    ///
    /// Columns are found by name, so a file with reordered or extra columns
    /// still reads; every column of the schema is required.
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
        var positions: [Int] = []
        for column in schema {
            guard let position = header.firstIndex(of: column.name) else {
                throw .missingColumn(file: file, column: column.name)
            }
            positions.append(position)
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
            var score = ScenarioScore.empty
            for (column, position) in zip(schema, positions) {
                try column.read(&score, ResultsField(text: fields[position], column: column.name, file: file, line: lineNumber))
            }
            guard seen.insert(score.pairKey).inserted else {
                throw .malformedRow(file: file, line: lineNumber, problem: "scenario '\(score.scenarioID)' with filter '\(score.filter)' appears twice")
            }
            scores.append(score)
        }
        return scores
    }
}

extension ScenarioScore {
    /// A score with no values, filled in column by column when a results file is read.
    static let empty = ScenarioScore(
        scenarioID: "", pathType: "", nominalDistanceMeters: 0, speedMetersPerSecond: 0, signal: "", filter: "",
        fixes: 0, estimatedFixes: 0, trueDistanceMeters: 0, noisyDistanceMeters: 0, estimatedDistanceMeters: 0,
        metrics: EstimateMetrics()
    )
}
