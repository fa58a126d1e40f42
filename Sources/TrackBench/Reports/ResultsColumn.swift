/// One column of `results.csv`: its name, how a score writes it and how a row reads it back.
///
/// `ResultsCSV.columns` is the one list of columns; writing, parsing and the
/// documentation loop over it. Metric columns are made from `Metric`
/// declarations, so a new metric becomes a column without touching this file.
struct ResultsColumn: Sendable {
    /// The header name; it carries the unit.
    let name: String
    /// The field as written for a score.
    let render: @Sendable (ScenarioScore) -> String
    /// Stores the field's value in the score being read; derived columns store nothing.
    let read: @Sendable (inout ScenarioScore, ResultsField) throws(ResultsFileError) -> Void

    /// A text column, quoted where needed.
    static func text(_ name: String, _ keyPath: WritableKeyPath<ScenarioScore, String> & Sendable) -> ResultsColumn {
        ResultsColumn(name: name, render: { CSVField.escaped($0[keyPath: keyPath]) }, read: { score, field throws(ResultsFileError) in
            score[keyPath: keyPath] = try field.required()
        })
    }

    /// A count of fixes, a whole number >= 0.
    static func count(_ name: String, _ keyPath: WritableKeyPath<ScenarioScore, Int> & Sendable) -> ResultsColumn {
        ResultsColumn(name: name, render: { String($0[keyPath: keyPath]) }, read: { score, field throws(ResultsFileError) in
            score[keyPath: keyPath] = try field.count()
        })
    }

    /// A number with fixed decimals.
    static func fixed(_ name: String, decimals: Int, _ keyPath: WritableKeyPath<ScenarioScore, Double> & Sendable) -> ResultsColumn {
        ResultsColumn(name: name, render: { NumberFormat.fixed($0[keyPath: keyPath], decimals: decimals) }, read: { score, field throws(ResultsFileError) in
            score[keyPath: keyPath] = try field.number()
        })
    }

    /// A scenario attribute written without a trailing `.0` (5000, 2.8).
    static func compact(_ name: String, _ keyPath: WritableKeyPath<ScenarioScore, Double> & Sendable) -> ResultsColumn {
        ResultsColumn(name: name, render: { NumberFormat.compact($0[keyPath: keyPath]) }, read: { score, field throws(ResultsFileError) in
            score[keyPath: keyPath] = try field.number()
        })
    }

    /// A value computed from other columns, written for readers and not read back.
    static func derived(_ name: String, render: @escaping @Sendable (ScenarioScore) -> String) -> ResultsColumn {
        ResultsColumn(name: name, render: render, read: { _, _ throws(ResultsFileError) in })
    }

    /// A metric's column: fixed decimals, empty where the metric does not apply.
    static func metric(_ metric: Metric) -> ResultsColumn {
        let render: @Sendable (ScenarioScore) -> String = { score in
            metric.value(in: score).map { NumberFormat.fixed($0, decimals: metric.decimals) } ?? ""
        }
        guard case let .measured(keyPath) = metric.source else {
            return derived(metric.column, render: render)
        }
        return ResultsColumn(name: metric.column, render: render, read: { score, field throws(ResultsFileError) in
            score.metrics[keyPath: keyPath] = metric.alwaysApplies ? try field.number() : try field.optionalNumber()
        })
    }
}

/// One field of a data row, with what an error message needs to point at it.
struct ResultsField {
    /// The field's text, unquoted.
    let text: String
    /// The column's name.
    let column: String
    /// The file, for errors.
    let file: String
    /// The 1-based line, for errors.
    let line: Int

    func required() throws(ResultsFileError) -> String {
        guard !text.isEmpty else {
            throw .malformedRow(file: file, line: line, problem: "column '\(column)' is empty; expected a value")
        }
        return text
    }

    func number() throws(ResultsFileError) -> Double {
        let value = try required()
        guard let number = Double(value), number.isFinite else {
            throw .malformedRow(file: file, line: line, problem: "column '\(column)' expected a number, got '\(value)'")
        }
        return number
    }

    func count() throws(ResultsFileError) -> Int {
        let value = try required()
        guard let number = Int(value), number >= 0 else {
            throw .malformedRow(file: file, line: line, problem: "column '\(column)' expected a whole number >= 0, got '\(value)'")
        }
        return number
    }

    /// nil for an empty field: the metric does not apply.
    func optionalNumber() throws(ResultsFileError) -> Double? {
        text.isEmpty ? nil : try number()
    }
}
