import Foundation
import TrackBenchSupport

/// The filters the benchmark knows, by command-line name.
///
/// The registry is data: a list of filter types. Teams that benchmark their
/// own filter add its type with `adding(_:)` instead of editing TrackBench.
public struct FilterRegistry: Sendable {
    /// Every filter that ships with TrackBench, in report order.
    ///
    /// Their names follow the rules `init(_:)` checks (`FilterRegistryTests`).
    public static let builtIn = FilterRegistry(unchecked: [
        RawFilter.self,
        StaleGate.self,
        AccuracyGate.self,
        AdaptiveGate.self,
        RunningAverageFilter.self,
        RunningAverageThresholdFilter.self,
        LeastSquaresFilter.self,
        KalmanFilter.self,
        ConstantVelocityKalmanFilter.self,
        RTSSmoother.self,
        SpeedEMAFilter.self,
        SpeedWindowFilter.self,
        SpeedDecayFilter.self,
        DeadReckoningPaperFilter.self,
        DeadReckoningPerStepFilter.self,
        DeadReckoningFusion.self,
        AltitudeSmoother.self,
        GainHysteresisFilter.self,
        BarometerFusionFilter.self,
        TerrainLookupFilter.self,
    ])

    /// The largest value a whole-number parameter (a window size) accepts, so it always fits an `Int`.
    package static let largestWholeNumber = 1_000_000.0

    /// The registered filter types, in report order.
    public let filterTypes: [any RegisteredFilter.Type]

    /// Creates a registry of these types, in this order, after checking their names.
    ///
    /// Each name must be lowercase ASCII letters, digits and hyphens, starting
    /// with a letter (`kalman`, `cv-kalman`, `pdr-per-step`), so it reads back
    /// from a specification, a CSV field and a file name; and no two types may
    /// share one.
    /// - Throws: `FilterRegistryError` naming the first bad name and the types that register it.
    public init(_ filterTypes: [any RegisteredFilter.Type]) throws(FilterRegistryError) {
        var registrants: [String: any RegisteredFilter.Type] = [:]
        for filterType in filterTypes {
            guard Self.isWellFormedName(filterType.name) else {
                throw .malformedName(filterType.name, registrant: Self.registrant(filterType))
            }
            if let first = registrants[filterType.name] {
                throw .duplicateName(filterType.name, first: Self.registrant(first), second: Self.registrant(filterType))
            }
            registrants[filterType.name] = filterType
        }
        self.init(unchecked: filterTypes)
    }

    /// Creates a registry without checking the names: for `builtIn`, whose names a test checks.
    private init(unchecked filterTypes: [any RegisteredFilter.Type]) {
        self.filterTypes = filterTypes
    }

    /// This registry with one more filter type at the end.
    /// - Throws: `FilterRegistryError` when its name is malformed or already registered.
    public func adding(_ filterType: any RegisteredFilter.Type) throws(FilterRegistryError) -> FilterRegistry {
        try FilterRegistry(filterTypes + [filterType])
    }

    /// Whether `name` is lowercase ASCII letters, digits and hyphens, starting with a letter.
    static func isWellFormedName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// A registered type as error messages name it: `KalmanFilter (built in)`, or a team's own `MyKalman`.
    private static func registrant(_ filterType: any RegisteredFilter.Type) -> String {
        let isBuiltIn = builtIn.filterTypes.contains { ObjectIdentifier($0) == ObjectIdentifier(filterType) }
        return "\(filterType)" + (isBuiltIn ? " (built in)" : "")
    }

    /// Every registered filter that runs by default, with its default settings: what `trackbench run` runs on a
    /// suite without sensors.
    package var defaultConfigurations: [FilterConfiguration] {
        defaultConfigurations(withSensors: false)
    }

    /// Every registered filter that runs by default, those that use sensors only `withSensors`, with default
    /// settings: what `trackbench run` runs on a suite with or without sensors.
    package func defaultConfigurations(withSensors: Bool) -> [FilterConfiguration] {
        filterTypes.filter { $0.runsByDefault && (withSensors || !$0.usesSensors) }.map { FilterConfiguration(stages: [FilterStage(filterType: $0)]) }
    }

    /// The registered type with this name, if any.
    public func filterType(named name: String) -> (any RegisteredFilter.Type)? {
        filterTypes.first { $0.name == name }
    }

    /// What starts a filter process's specification: `exec:COMMAND`.
    package static let processPrefix = "exec:"

    /// A specification's label, if it gives one (`LABEL=` before any `:` or `+`), and the filter after it.
    package static func labelAndFilter(of specification: String) -> (label: String?, filter: Substring) {
        let text = Substring(specification.trimmingCharacters(in: .whitespacesAndNewlines))
        guard let equals = text.firstIndex(of: "="), !text[..<equals].contains(where: { $0 == ":" || $0 == "+" }) else {
            return (nil, text)
        }
        return (String(text[..<equals]), text[text.index(after: equals)...])
    }

    /// Parses a command-line filter specification.
    ///
    /// The grammar is `[LABEL=]STAGE[+STAGE...]` with `STAGE = NAME[:KEY=VALUE[,KEY=VALUE...]]`,
    /// for example `kalman`, `kalman:q=2.5`, `accuracy-gate:max=30+kalman`, or
    /// `slow=kalman:q=1` to run a tuning under the label `slow`; or `[LABEL=]exec:COMMAND`, a filter process.
    ///
    /// A specification holding a control character (a line break, carriage return, escape or any other of Unicode's
    /// category Cc) is refused: results files and baselines record it, and must read back.
    /// - Parameter startProcess: Starts the filter process of an `exec:` specification from its command and label
    ///   (`FilterProcess.init`); nil refuses such specifications, so a results file, for one, never starts a program.
    /// - Throws: `FilterSpecificationError` naming the bad part and what was expected; what `startProcess` throws.
    public func configuration(
        parsing specification: String,
        startProcess: ((_ command: String, _ label: String?) throws -> FilterProcess)? = nil
    ) throws -> FilterConfiguration {
        if let control = specification.unicodeScalars.first(where: \.isControl) {
            throw FilterSpecificationError.malformed(
                specification: specification.replacingControlCharacters(),
                reason: "it holds the control character U+\(String(format: "%04X", control.value)), which no results file or baseline "
                    + "can record; put a command of several lines in a script"
            )
        }
        let (label, text) = Self.labelAndFilter(of: specification)
        if let label {
            guard Self.isValidLabel(label) else {
                throw FilterSpecificationError.malformed(
                    specification: specification,
                    reason: "a label must be 1 to \(Self.maximumLabelLength) visible characters, "
                        + "without spaces or any of \(Self.labelForbidden.map { "\($0)" }.joined(separator: " "))"
                )
            }
        }
        guard !text.isEmpty else {
            throw FilterSpecificationError.malformed(specification: specification, reason: "it is empty")
        }
        if text.hasPrefix(Self.processPrefix) {
            let command = String(text.dropFirst(Self.processPrefix.count))
            guard let startProcess else {
                throw FilterSpecificationError.processNotAllowed(specification: specification)
            }
            guard !command.allSatisfy(\.isWhitespace) else {
                throw FilterSpecificationError.malformed(specification: specification, reason: "'exec:' needs a command")
            }
            let process = try startProcess(command, label)
            guard label != nil || Self.isValidLabel(process.name) else {
                process.shutdown()
                throw FilterSpecificationError.malformed(
                    specification: specification,
                    reason: "the process's name '\(process.name)' cannot label results; give a label, as in NAME=exec:COMMAND"
                )
            }
            return FilterConfiguration(process: process, label: label)
        }
        var stages: [FilterStage] = []
        for stageText in Self.stageTexts(of: text) {
            stages.append(try stage(parsing: String(stageText), in: String(text)))
        }
        return FilterConfiguration(stages: stages, label: label)
    }

    /// The longest label accepted, in characters.
    static let maximumLabelLength = 100
    /// Characters a label may not hold: they separate parts of a specification, a CSV field or a Markdown table cell.
    static let labelForbidden: [Character] = [",", "\"", "'", "`", "|", "#", "=", "+", ":", "\\"]

    /// Whether `label` can name a filter in every output: CSV, Markdown, terminal and file names.
    package static func isValidLabel(_ label: String) -> Bool {
        !label.isEmpty && label.count <= maximumLabelLength
            && !label.contains { $0.isWhitespace || labelForbidden.contains($0) }
            && !label.unicodeScalars.contains { $0.isControl || $0.properties.generalCategory == .format }
    }

    /// Splits `STAGE+STAGE` at each '+', except the sign of an exponent in a parameter value (`q=1e+16`).
    static func stageTexts(of text: Substring) -> [Substring] {
        var stages: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        var inParameters = false
        while index < text.endIndex {
            let character = text[index]
            if character == ":" { inParameters = true }
            if character == "+" && !(inParameters && Self.isExponentSign(at: index, in: text)) {
                stages.append(text[start..<index])
                start = text.index(after: index)
                inParameters = false
            }
            index = text.index(after: index)
        }
        stages.append(text[start...])
        return stages
    }

    /// Whether the '+' at `index` follows a mantissa's `e`: a digit or '.', then 'e' or 'E'.
    private static func isExponentSign(at index: Substring.Index, in text: Substring) -> Bool {
        guard index > text.startIndex else { return false }
        let e = text.index(before: index)
        guard text[e] == "e" || text[e] == "E", e > text.startIndex else { return false }
        let digit = text[text.index(before: e)]
        return digit.isASCII && (digit.isNumber || digit == ".")
    }

    private func stage(parsing text: String, in specification: String) throws(FilterSpecificationError) -> FilterStage {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard !name.isEmpty else {
            throw .malformed(specification: specification, reason: "a stage has no filter name")
        }
        guard let filterType = filterType(named: name) else {
            let names = filterTypes.map { $0.name }
            throw .unknownFilter(name: name, suggestion: Suggestion.closest(to: name, among: names), known: names)
        }
        guard parts.count == 2 else { return FilterStage(filterType: filterType) }
        var overrides: [(name: String, value: Double)] = []
        for assignment in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
            let pair = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[0].isEmpty else {
                throw .malformed(specification: specification, reason: "'\(assignment)' is not KEY=VALUE")
            }
            let key = String(pair[0])
            guard let parameter = filterType.parameters.first(where: { $0.name == key }) else {
                throw .unknownParameter(filter: name, parameter: key, known: filterType.parameters.map(\.name))
            }
            // A second value would silently win while the label kept both: which one was meant is a guess.
            guard !overrides.contains(where: { $0.name == key }) else {
                throw .malformed(specification: specification, reason: "parameter '\(key)' given twice")
            }
            overrides.append((key, try value(String(pair[1]), for: parameter, of: name)))
        }
        return FilterStage(filterType: filterType, overrides: overrides)
    }

    private func value(_ text: String, for parameter: FilterParameter, of filter: String) throws(FilterSpecificationError) -> Double {
        guard let value = Double(text), parameter.accepts(value) else {
            throw .invalidValue(filter: filter, parameter: parameter.name, value: text, expected: parameter.expectation)
        }
        return value
    }
}
