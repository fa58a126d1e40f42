import TrackBenchSupport
/// One column of `results.csv`: its name, how a score writes it and how a row reads it back.
///
/// `ResultsCSV.schema` is the one list of columns; writing, parsing and the
/// documentation loop over it. Metric columns are made from `Metric`
/// declarations, so a new metric becomes a column without touching this file.
struct ResultsColumn: Sendable {
    /// The header name; it carries the unit.
    let name: String
    /// Appends the field as written for a score (UTF-8, quoted where needed); returns false, appending nothing,
    /// for a NaN or infinite number, which is written empty and named in `non_finite`.
    var write: @Sendable (ScenarioScore, inout [UInt8]) -> Bool
    /// Stores the field's value in the score being read; derived columns store nothing.
    let read: @Sendable (inout ScenarioScore, ResultsField) throws(ResultsFileError) -> Void
    /// The number a numeric column writes, so a NaN or infinity is recognised by value, not by its text; nil for other columns.
    var number: (@Sendable (ScenarioScore) -> Double?)?
    /// Replaces the stored value with the one the written field reads back as (`ResultsCSV.asWritten`); nil for
    /// columns that read back exactly what they hold (text, counts, seeds) or store nothing (derived columns).
    var roundToWritten: (@Sendable (inout ScenarioScore) -> Void)?
    /// Whether a file may lack the column, which then reads as empty: columns added after the first results
    /// files (the terrain, the gait, the elevation and dead-reckoning metrics), so a baseline recorded before them still reads.
    var mayBeAbsent = false
    /// Why a score's value of this column could not be read back as written, or nil when it can: the writer refuses
    /// such a row rather than write a file its reader rejects (`ResultsWriteError`). Nil for columns whose every
    /// value reads back (numbers, seeds, choices).
    var unwritable: (@Sendable (ScenarioScore) -> String?)?
    /// Checks a derived field against the values it derives from, once the whole row is read.
    var verify: @Sendable (ScenarioScore, ResultsField) throws(ResultsFileError) -> Void = { _, _ throws(ResultsFileError) in }

    /// A text column, quoted where needed.
    static func text(_ name: String, _ keyPath: WritableKeyPath<ScenarioScore, String> & Sendable) -> ResultsColumn {
        var column = ResultsColumn(
            name: name, write: { CSVField.appendEscaped($0[keyPath: keyPath], to: &$1) },
            read: { score, field throws(ResultsFileError) in score[keyPath: keyPath] = try field.required() }
        )
        column.unwritable = { ResultsField.textProblem($0[keyPath: keyPath]) }
        return column
    }

    /// A column holding one of a kind's cases by its raw value, in the order the kind declares them.
    static func choice<Kind: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<ScenarioScore, Kind> & Sendable
    ) -> ResultsColumn where Kind.RawValue == String {
        ResultsColumn(
            name: name, write: { CSVField.appendEscaped($0[keyPath: keyPath].rawValue, to: &$1) },
            read: { score, field throws(ResultsFileError) in
                let text = try field.required()
                guard let value = Kind(rawValue: text) else {
                    throw field.error("expected one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
                }
                score[keyPath: keyPath] = value
            }
        )
    }

    /// A text column that may be absent (nothing to say), written as an empty field; quoted where needed.
    static func optionalText(_ name: String, _ keyPath: WritableKeyPath<ScenarioScore, String?> & Sendable) -> ResultsColumn {
        var column = ResultsColumn(name: name, write: { score, bytes in
            score[keyPath: keyPath].map { CSVField.appendEscaped($0, to: &bytes) } ?? true
        }, read: { score, field throws(ResultsFileError) in
            score[keyPath: keyPath] = field.text.isEmpty ? nil : try field.required()
        })
        column.unwritable = { score in score[keyPath: keyPath].flatMap(ResultsField.textProblem) }
        return column
    }

    /// Tags as `key=value` pairs joined by `;`, sorted by key; empty for none.
    static func tags(_ name: String, _ keyPath: WritableKeyPath<ScenarioScore, [String: String]> & Sendable) -> ResultsColumn {
        var column = ResultsColumn(name: name, write: { score, bytes in
            let tags = score[keyPath: keyPath]
            guard !tags.isEmpty else { return true }
            return CSVField.appendEscaped(tags.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";"), to: &bytes)
        }, read: { score, field throws(ResultsFileError) in
            guard !field.text.isEmpty else { return }
            let text = try field.required()
            var tags: [String: String] = [:]
            for pair in text.split(separator: ";", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
                      tags.updateValue(String(parts[1]), forKey: String(parts[0])) == nil else {
                    throw field.error("expected key=value pairs joined by ';', each key once, got '\(text)'")
                }
            }
            score[keyPath: keyPath] = tags
        })
        column.unwritable = { score in
            for (key, value) in score[keyPath: keyPath] {
                if let problem = ResultsField.textProblem(key) ?? ResultsField.textProblem(value) { return problem }
                if key.contains(where: { $0 == "=" || $0 == ";" }) || value.contains(";") {
                    return "the tag '\(MarkdownText.safe(key))' holds '=' in its key or ';', which separate tags"
                }
            }
            return nil
        }
        return column
    }

    /// A seed, a whole number from 0 to 2^64 - 1.
    static func seed(_ name: String, _ keyPath: WritableKeyPath<ScenarioScore, UInt64> & Sendable) -> ResultsColumn {
        let stored = StoredField(keyPath)
        return ResultsColumn(
            name: name, write: { NumberFormat.appendDecimal(stored.value(in: $0), to: &$1); return true },
            read: { score, field throws(ResultsFileError) in
                let text = try field.required()
                guard ResultsField.isWrittenWholeNumber(text), let seed = UInt64(text) else {
                    throw field.error("expected a whole number from 0 to \(UInt64.max), got '\(text)'")
                }
                stored.set(seed, in: &score)
            }
        )
    }

    /// A count of fixes, a whole number >= 0.
    static func count(_ name: String, _ keyPath: WritableKeyPath<ScenarioScore, Int> & Sendable) -> ResultsColumn {
        let stored = StoredField(keyPath)
        var column = ResultsColumn(name: name, write: { score, bytes in
            let count = stored.value(in: score)
            if count < 0 { bytes.append(UInt8(ascii: "-")) }
            NumberFormat.appendDecimal(UInt64(count.magnitude), to: &bytes)
            return true
        }, read: { score, field throws(ResultsFileError) in
            stored.set(try field.count(), in: &score)
        })
        column.unwritable = { stored.value(in: $0) < 0 ? "is \(stored.value(in: $0)), but a count is at least 0" : nil }
        return column
    }

    /// A number with fixed decimals.
    static func fixed(_ name: String, decimals: Int, _ keyPath: WritableKeyPath<ScenarioScore, Double> & Sendable) -> ResultsColumn {
        let stored = StoredField(keyPath)
        return ResultsColumn(
            name: name, write: { appendFixed(stored.value(in: $0), decimals: decimals, to: &$1) },
            read: { score, field throws(ResultsFileError) in
                stored.set(try field.number(), in: &score)
            },
            number: { stored.value(in: $0) },
            roundToWritten: { score in
                stored.set(NumberFormat.fixedValue(stored.value(in: score), decimals: decimals), in: &score)
            }
        )
    }

    /// A number with fixed decimals, empty where there is none.
    static func optionalFixed(_ name: String, decimals: Int, _ keyPath: WritableKeyPath<ScenarioScore, Double?> & Sendable) -> ResultsColumn {
        optionalFixed(name, decimals: decimals, StoredField(keyPath))
    }

    /// A number with fixed decimals stored in `stored`, written empty where there is none; read back empty only
    /// where `mayBeEmpty`.
    private static func optionalFixed(
        _ name: String, decimals: Int, _ stored: StoredField<ScenarioScore, Double?>, mayBeEmpty: Bool = true
    ) -> ResultsColumn {
        ResultsColumn(name: name, write: { score, bytes in
            stored.value(in: score).map { appendFixed($0, decimals: decimals, to: &bytes) } ?? true
        }, read: { score, field throws(ResultsFileError) in
            stored.set(mayBeEmpty ? try field.optionalNumber() : try field.number(), in: &score)
        }, number: { stored.value(in: $0) }, roundToWritten: { score in
            stored.set(stored.value(in: score).map { NumberFormat.fixedValue($0, decimals: decimals) }, in: &score)
        })
    }

    /// A scenario attribute written without a trailing `.0` (5000, 2.8).
    static func compact(_ name: String, _ keyPath: WritableKeyPath<ScenarioScore, Double> & Sendable) -> ResultsColumn {
        let stored = StoredField(keyPath)
        return ResultsColumn(name: name, write: { score, bytes in
            let value = stored.value(in: score)
            guard value.isFinite else { return false }
            bytes.append(contentsOf: NumberFormat.compact(value).utf8)
            return true
        }, read: { score, field throws(ResultsFileError) in
            stored.set(try field.number(), in: &score)
        }, number: { stored.value(in: $0) }, roundToWritten: { score in
            stored.set(NumberFormat.compactValue(stored.value(in: score)), in: &score)
        })
    }

    /// Appends a finite number with fixed decimals; false for a non-finite one.
    private static func appendFixed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) -> Bool {
        guard value.isFinite else { return false }
        NumberFormat.appendFixed(value, decimals: decimals, to: &bytes)
        return true
    }

    /// This column, readable from files written before it existed.
    func absentAllowed() -> ResultsColumn {
        var column = self
        column.mayBeAbsent = true
        return column
    }

    /// Whether this column's value in `score` is NaN or infinite: written empty and named in `non_finite`.
    func isNonFinite(_ score: ScenarioScore) -> Bool {
        number?(score).map { !$0.isFinite } ?? false
    }

    /// A number computed from other columns: written for readers, checked when read back.
    ///
    /// The check allows the rounding of this field and of the fields it
    /// derives from (`inputSlack`, in the column's unit), so a file edited
    /// here, and only here, is caught.
    static func derived(
        _ name: String,
        decimals: Int,
        inputSlack: @escaping @Sendable (ScenarioScore) -> Double = { _ in 0 },
        value: @escaping @Sendable (ScenarioScore) -> Double?
    ) -> ResultsColumn {
        var column = ResultsColumn(
            name: name,
            write: { score, bytes in value(score).map { appendFixed($0, decimals: decimals, to: &bytes) } ?? true },
            read: { _, _ throws(ResultsFileError) in },
            number: value
        )
        column.verify = { score, field throws(ResultsFileError) in
            let written = try field.optionalNumber()
            let expected = value(score)
            switch (written, expected) {
            case (nil, nil):
                return
            case let (written?, expected?) where written.isNaN || !expected.isFinite:
                guard written.isNaN && !expected.isFinite else {
                    throw field.error(
                        "holds \(field.text.isEmpty ? "a non-finite value" : "'\(field.text)'") but the columns it derives from give "
                            + (expected.isFinite ? NumberFormat.fixed(expected, decimals: decimals) : "no finite value (one it divides by may be 0)")
                    )
                }
            case let (written?, expected?):
                let slack = 0.5 * pow10(-decimals) + inputSlack(score) + 1e-9 * abs(expected)
                guard abs(written - expected) <= slack else {
                    throw field.error(
                        "is \(field.text) but the columns it derives from give \(NumberFormat.fixed(expected, decimals: decimals)); "
                            + "it was edited by hand"
                    )
                }
            default:
                throw field.error(
                    "is '\(field.text)' but the columns it derives from give "
                        + "\(expected.map { NumberFormat.fixed($0, decimals: decimals) } ?? "nothing (empty)")"
                )
            }
        }
        return column
    }

    /// A `true`/`false` computed from other columns; checked when read back unless the values it compares are within rounding.
    static func derivedFlag(_ name: String, _ keyPath: KeyPath<ScenarioScore, Bool> & Sendable) -> ResultsColumn {
        var column = ResultsColumn(name: name, write: { score, bytes in
            bytes.append(contentsOf: (score[keyPath: keyPath] ? "true" : "false").utf8)
            return true
        }, read: { _, _ throws(ResultsFileError) in })
        column.verify = { score, field throws(ResultsFileError) in
            let text = try field.required()
            guard text == "true" || text == "false" else {
                throw field.error("expected true or false (lowercase, as TrackBench writes it), got '\(text)'")
            }
            let margin = abs(abs(score.errorPercent) - abs(score.noisyErrorPercent))
            let rounding = ResultsColumn.percentSlack(score.estimatedDistanceMeters, score.trueDistanceMeters)
                + ResultsColumn.percentSlack(score.noisyDistanceMeters, score.trueDistanceMeters)
            guard (text == "true") == score[keyPath: keyPath] || !(margin > rounding) else {
                throw field.error("is \(field.text) but the distances say \(score[keyPath: keyPath]); it was edited by hand")
            }
        }
        return column
    }

    /// How far a percentage error computed from two lengths rounded to millimetres can be from the exact one.
    static func percentSlack(_ measured: Double, _ truth: Double) -> Double {
        guard truth > 0 else { return .infinity }
        return 100 * 0.0005 * (1 + abs(measured / truth)) / truth
    }

    private static func pow10(_ exponent: Int) -> Double {
        (0..<abs(exponent)).reduce(1.0) { value, _ in exponent < 0 ? value / 10 : value * 10 }
    }

    /// A metric's column: fixed decimals, empty where the metric does not apply.
    static func metric(_ metric: Metric) -> ResultsColumn {
        guard case let .stored(stored) = metric.source else {
            let inputRounding = 0.5 * pow10(-metric.decimals)
            let isDistanceError = metric == .errorPercent
            let slack: @Sendable (ScenarioScore) -> Double = { score in
                isDistanceError ? percentSlack(score.estimatedDistanceMeters, score.trueDistanceMeters) : inputRounding
            }
            return derived(metric.column, decimals: metric.decimals, inputSlack: slack) { metric.value(in: $0) }
        }
        var column = optionalFixed(
            metric.column, decimals: metric.decimals, StoredField(stored, in: \.metrics), mayBeEmpty: !metric.alwaysApplies
        )
        column.mayBeAbsent = metric.mayBeAbsent
        return column
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
    /// Whether the row's `non_finite` field names this column: it must be empty and reads as NaN.
    let isNonFinite: Bool

    /// An error about this field: "results file 'f', line 3: column 'lag_s' <problem>".
    func error(_ problem: String) -> ResultsFileError {
        .malformedRow(file: file, line: line, problem: "column '\(column)' \(problem)")
    }

    func required() throws(ResultsFileError) -> String {
        guard !text.isEmpty else {
            throw error("is empty; expected a value")
        }
        guard !Self.hasControlCharacter(text) else {
            throw error("holds a control character (a line break or terminal escape); expected plain text")
        }
        return text
    }

    /// Whether `text` holds a control character (Unicode category Cc): checked byte by byte for ASCII, which nearly every field is.
    static func hasControlCharacter(_ text: String) -> Bool {
        var isASCII = true
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F { return true }
            if byte >= 0x80 { isASCII = false }
        }
        return !isASCII && text.unicodeScalars.contains(where: \.isControl)
    }

    func number() throws(ResultsFileError) -> Double {
        if isNonFinite {
            guard text.isEmpty else { throw error("is flagged non-finite in 'non_finite' but holds '\(text)'") }
            return .nan
        }
        let value = try required()
        guard Self.isWrittenNumber(value), let number = Double(value), number.isFinite else {
            throw error("expected a number as TrackBench writes it (such as 12.5, -0.25 or 1e-05: no '+', no leading zeros), got '\(value)'")
        }
        return number
    }

    func count() throws(ResultsFileError) -> Int {
        let value = try required()
        guard Self.isWrittenWholeNumber(value), let number = Int(value) else {
            throw error("expected a whole number >= 0 as TrackBench writes it (digits, no sign, no leading zeros), got '\(value)'")
        }
        return number
    }

    /// Why `text` cannot be written as a text field that reads back as itself: empty, or holding a control
    /// character (which the reader refuses: a line break would split the row); nil when it can.
    static func textProblem(_ text: String) -> String? {
        if text.isEmpty { return "is empty, which reads back as no value" }
        guard hasControlCharacter(text) else { return nil }
        let control = text.unicodeScalars.first(where: \.isControl).map { "U+" + String($0.value, radix: 16, uppercase: true) } ?? ""
        return "holds a control character (\(control), such as a line break or terminal escape), which a results file cannot hold"
    }

    /// Whether `text` is digits without a sign or a leading zero (0 alone aside), as seeds and counts are written.
    static func isWrittenWholeNumber(_ text: some StringProtocol) -> Bool {
        let digits = text.utf8
        guard let first = digits.first else { return false }
        return digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } && (first != UInt8(ascii: "0") || digits.count == 1)
    }

    /// Whether `text` is a number as the writer writes one: an optional '-', a whole part without a leading zero,
    /// an optional fraction and an optional exponent (`1e-05`, `1.5e+20`, as Swift prints a double). No '+', hex
    /// float, `inf` or `nan`.
    static func isWrittenNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        let mantissaEnd = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) ?? rest.endIndex
        let mantissa = rest[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard isWrittenWholeNumber(parts[0]) else { return false }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        }
        guard mantissaEnd != rest.endIndex else { return true }
        var exponent = rest[rest.index(after: mantissaEnd)...]
        if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// nil for an empty field: the metric does not apply.
    func optionalNumber() throws(ResultsFileError) -> Double? {
        text.isEmpty && !isNonFinite ? nil : try number()
    }
}
