import TrackBenchFilters

/// What `tune` tunes: a filter and the values of each of its parameters, every combination of them a setting.
///
/// Three forms: a registered filter whose parameters are named directly (`kalman` with `q=1...6:1`); a
/// specification with `{PARAMETER}` where each value goes (`accuracy-gate:max={max}+kalman:q={q}`); or a labelled
/// filter process with `{PARAMETER}` in its command (`median=exec:python3 median.py {window}`), as `sweep` takes one.
/// Settings are numbered in grid order, the last parameter changing fastest; a setting's specification is what
/// `run --filter` takes, so the winner can be run and recorded as printed.
struct TunedFilter {
    /// One tuned parameter: its name, values in the order given, and unit (empty where no declaration gives one).
    struct Parameter: Sendable {
        var name: String
        var values: [Double]
        var unit: String
    }

    /// The most settings one tuning may have, so a typo in a step cannot start an endless search.
    static let settingLimit = 100_000

    /// The filter as given, placeholders included.
    let template: String
    /// The tuned parameters, in the order given.
    let parameters: [Parameter]
    /// Whether the filter is a filter process, whose settings are started only when they run.
    let isProcess: Bool
    /// The filter's current setting as a specification: the template with the tuned parameters at their defaults;
    /// nil for a process or where the template cannot do without its placeholders.
    let defaultSpecification: String?
    private let label: String?
    private let kind: Kind

    private enum Kind {
        /// A registered filter whose parameters are set by name.
        case named(FilterConfiguration)
        /// A specification or a process command with `{PARAMETER}` placeholders.
        case placeholders(String)
    }

    /// How many settings: the product of the parameters' value counts.
    var settingCount: Int { parameters.reduce(1) { $0 * $1.values.count } }

    /// Reads the filter and checks every setting, so a value out of range fails before anything runs.
    /// - Parameters:
    ///   - text: The filter argument.
    ///   - parameters: Each parameter's name and values, from the other arguments.
    /// - Throws: `UsageError` for a bad filter, an unknown or unused parameter, a value out of range, too many
    ///   settings, or a process without a label.
    init(_ text: String, parameters assignments: [(name: String, values: [Double])], context: CommandContext) throws {
        template = text
        let count = assignments.reduce(1.0) { $0 * Double($1.values.count) }
        guard count <= Double(Self.settingLimit) else {
            throw UsageError.invalidArgument(
                name: TuneCommand.assignmentArgument.spelling,
                message: "that makes \(count < 1e15 ? "\(Int(count))" : "over 10^15") settings; at most \(Self.settingLimit) are allowed"
            )
        }
        let (label, filter) = FilterRegistry.labelAndFilter(of: text)
        self.label = label
        isProcess = filter.hasPrefix(FilterRegistry.processPrefix)
        let usesPlaceholders = isProcess || text.contains("{")
        if usesPlaceholders {
            for (name, _) in assignments where !filter.contains("{\(name)}") {
                throw UsageError.invalidArgument(
                    name: TuneCommand.filterArgument.spelling,
                    message: "'\(text)' has no {\(name)} for the values of '\(name)'; write it where each value goes, "
                        + "as in \(isProcess ? "'median=exec:python3 median.py {window}'" : "'accuracy-gate:max={max}+kalman:q={q}'")"
                )
            }
            if !isProcess, let stray = Self.placeholders(in: filter).first(where: { name in !assignments.contains { $0.name == name } }) {
                throw UsageError.invalidArgument(
                    name: TuneCommand.filterArgument.spelling,
                    message: "'\(text)' has {\(stray)}, but no values of '\(stray)' are given; add \(stray)=VALUES or write its value in"
                )
            }
            kind = .placeholders(String(filter))
        } else {
            let base = try context.filters([text], option: TuneCommand.filterArgument.spelling)[0]
            for (name, _) in assignments where base.parameter(named: name) == nil {
                let known = base.stages.flatMap { $0.filterType.parameters.map(\.name) }
                throw UsageError.invalidValue(
                    option: TuneCommand.assignmentArgument.spelling, value: name,
                    expected: "a parameter of '\(base.specification)'; "
                        + (known.isEmpty ? "it has no parameters" : "it has \(known.joined(separator: ", "))")
                )
            }
            kind = .named(base)
        }
        if isProcess, label == nil {
            throw UsageError.invalidArgument(
                name: TuneCommand.filterArgument.spelling,
                message: "a tuned filter process needs a label, which names each setting's results, as in 'median=exec:python3 median.py {window}'"
            )
        }
        let base: FilterConfiguration? = if case let .named(base) = kind { base } else { nil }
        parameters = assignments.map { name, values in
            if let base { return Parameter(name: name, values: values, unit: base.parameter(named: name)?.unit ?? "") }
            return Parameter(name: name, values: values, unit: "")
        }
        switch kind {
        case let .named(base): defaultSpecification = label.map { "\($0)=\(base.specification)" } ?? base.specification
        case let .placeholders(filter):
            let text = isProcess ? nil : Self.withoutPlaceholders(filter)
            defaultSpecification = text.map { text in label.map { "\($0)=\(text)" } ?? text }
        }
        try check(context: context)
    }

    /// Every setting's label and (for a registered filter) specification parse; the first that does not is the error.
    private func check(context: CommandContext) throws(UsageError) {
        for index in 0..<settingCount {
            let label = label(of: index)
            guard self.label == nil || FilterRegistry.isValidLabel(label) else {
                throw .invalidArgument(
                    name: TuneCommand.filterArgument.spelling,
                    message: "'\(label)' cannot label results; use a shorter label or parameter names, without spaces or punctuation"
                )
            }
            if !isProcess {
                do {
                    _ = try context.registry.configuration(parsing: specification(of: index))
                } catch {
                    throw .invalidFilter(error.localizedDescription)
                }
            }
        }
    }

    /// The values of setting `index`, one per parameter.
    func values(of index: Int) -> [Double] {
        var rest = index
        var values = [Double](repeating: 0, count: parameters.count)
        for position in parameters.indices.reversed() {
            let count = parameters[position].values.count
            values[position] = parameters[position].values[rest % count]
            rest /= count
        }
        return values
    }

    /// `max=30, q=2`: setting `index` in words.
    func description(of index: Int) -> String {
        zip(parameters, values(of: index)).map { "\($0.name)=\(FilterParameter.format($1))" }.joined(separator: ", ")
    }

    /// The label of setting `index`'s results: its specification for an unlabelled registered filter, otherwise the
    /// label with each parameter and value (`median-window5-q2`).
    func label(of index: Int) -> String {
        guard let label else { return specification(of: index) }
        return ([label] + zip(parameters, values(of: index)).map { "\($0.name)\(FilterParameter.format($1))" }).joined(separator: "-")
    }

    /// Setting `index` as `run --filter` takes it, labelled as `label(of:)` when that is not the specification itself.
    func specification(of index: Int) -> String {
        let values = values(of: index)
        let filter: String
        switch kind {
        case let .named(base):
            var configuration = base
            for (parameter, value) in zip(parameters, values) {
                // Checked when the filter was read: every parameter exists; a value out of range fails in `check`.
                configuration = (try? configuration.setting(parameter.name, to: value)) ?? configuration
            }
            filter = configuration.specification
        case let .placeholders(template):
            var text = template
            for (parameter, value) in zip(parameters, values) {
                text = text.replacingOccurrences(of: "{\(parameter.name)}", with: FilterParameter.format(value))
            }
            filter = text
        }
        return label == nil ? filter : "\(label(of: index))=\(filter)"
    }

    /// The configurations of `indices` (and `extra` specifications after them), processes started, tiles given.
    /// - Throws: `UsageError` for a bad specification; `FilterProcessError` when a process does not start.
    func configurations(
        _ indices: [Int], extra: [String], context: CommandContext, processes: ExecOptions, dem: DEMOptions
    ) throws -> [FilterConfiguration] {
        let specifications = indices.map(specification(of:)) + extra
        return try dem.apply(to: context.filters(specifications, option: TuneCommand.filterArgument.spelling, processes: processes))
    }

    /// The grid setting that runs the same filter as `specification` (the same stages with the same value of every
    /// parameter, defaults included, and the same label), such as `accuracy-gate+kalman` for `max=50, q=3`; nil for
    /// none or a filter process, which only the same text matches.
    func setting(equivalentTo specification: String, context: CommandContext) -> Int? {
        guard !isProcess else { return (0..<settingCount).first { self.specification(of: $0) == specification } }
        func key(_ text: String) -> String? {
            guard let configuration = try? context.registry.configuration(parsing: text) else { return nil }
            let stages = configuration.stages.map { stage in
                let values = stage.filterType.parameters.map { parameter in
                    FilterParameter.format(stage.overrides.last { $0.name == parameter.name }?.value ?? parameter.defaultValue)
                }
                return stage.filterType.name + ":" + values.joined(separator: ",")
            }
            let filter = stages.joined(separator: "+")
            return configuration.label == configuration.specification ? filter : configuration.label + "=" + filter
        }
        guard let wanted = key(specification) else { return nil }
        return (0..<settingCount).first { key(self.specification(of: $0)) == wanted }
    }

    /// The names between braces in `text`, in order.
    static func placeholders(in text: Substring) -> [String] {
        text.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { part in
            part.firstIndex(of: "}").map { String(part[..<$0]) }
        }
    }

    /// A registered filter's template with every `KEY={PARAMETER}` assignment left out, so each tuned parameter takes
    /// its default: `accuracy-gate:max={max}+kalman:q={q}` gives `accuracy-gate+kalman`; nil when a placeholder is
    /// anything but a whole value.
    static func withoutPlaceholders(_ template: String) -> String? {
        let stages = template.split(separator: "+", omittingEmptySubsequences: false).map { stage -> String in
            let parts = stage.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return String(stage) }
            let kept = parts[1].split(separator: ",", omittingEmptySubsequences: false).filter { assignment in
                let value = assignment.split(separator: "=", maxSplits: 1).last ?? ""
                return !(value.hasPrefix("{") && value.hasSuffix("}"))
            }
            return kept.isEmpty ? String(parts[0]) : parts[0] + ":" + kept.joined(separator: ",")
        }
        let text = stages.joined(separator: "+")
        return text.contains("{") ? nil : text
    }
}
