import TrackBenchFilters

/// What `sweep` tunes: a registered filter with one parameter set to each value, or a filter process whose command
/// takes each value where it says `{PARAMETER}`.
///
/// A process declares no parameters (its arguments are its own), so its values go into its command line; it must
/// carry a label, which names each value's results (`median=exec:... {window}` gives `median-window5`), so the
/// labels are known without starting a program, as `--results` needs.
struct SweptFilter {
    /// The filter as the report's title names it.
    let specification: String
    /// Each value's label in results, in the order of the values.
    let labels: [String]
    /// The parameter's unit as its declaration gives it; empty for a process.
    let parameterUnit: String
    /// The registered filter as given, before any value is set; nil for a process.
    let base: FilterConfiguration?
    private let kind: Kind

    private enum Kind {
        /// A registered filter: one configuration per value, ready to run.
        case registered([FilterConfiguration])
        /// A filter process: one specification per value, started only when the sweep runs.
        case processes([String])
    }

    /// The filter `text` once for each of `values` of `parameter`.
    /// - Throws: `UsageError` for a bad filter, an unknown parameter, a value out of range, or a process without a
    ///   label or without `{PARAMETER}` in its command.
    init(_ text: String, parameter: String, values: [Double], context: CommandContext, dem: DEMOptions) throws {
        let (label, filter) = FilterRegistry.labelAndFilter(of: text)
        guard filter.hasPrefix(FilterRegistry.processPrefix) else {
            let base = try dem.apply(to: context.filters([text], option: SweepCommand.filterArgument.spelling))[0]
            let configurations = try Self.configurations(of: base, parameter: parameter, values: values)
            self.init(
                specification: base.specification, labels: configurations.map(\.label),
                parameterUnit: base.parameter(named: parameter)?.unit ?? "", base: base, kind: .registered(configurations)
            )
            return
        }
        let placeholder = "{\(parameter)}"
        let example = "'median=exec:python3 median.py \(placeholder)'"
        guard let label else {
            throw UsageError.invalidArgument(
                name: SweepCommand.filterArgument.spelling,
                message: "a swept filter process needs a label, which names each value's results, as in \(example)"
            )
        }
        guard filter.contains(placeholder) else {
            throw UsageError.invalidArgument(
                name: SweepCommand.filterArgument.spelling,
                message: "the command of '\(text)' has no \(placeholder) for the values of '\(parameter)'; "
                    + "write it where each value goes, as in \(example)"
            )
        }
        var labels: [String] = []
        var specifications: [String] = []
        for value in values {
            let valueText = FilterParameter.format(value)
            let valueLabel = "\(label)-\(parameter)\(valueText)"
            guard FilterRegistry.isValidLabel(valueLabel) else {
                throw UsageError.invalidArgument(
                    name: SweepCommand.filterArgument.spelling,
                    message: "'\(valueLabel)' cannot label results; use a shorter label or parameter name, without spaces or punctuation"
                )
            }
            labels.append(valueLabel)
            specifications.append("\(valueLabel)=\(filter.replacingOccurrences(of: placeholder, with: valueText))")
        }
        self.init(specification: text, labels: labels, parameterUnit: "", base: nil, kind: .processes(specifications))
    }

    private init(specification: String, labels: [String], parameterUnit: String, base: FilterConfiguration?, kind: Kind) {
        self.specification = specification
        self.labels = labels
        self.parameterUnit = parameterUnit
        self.base = base
        self.kind = kind
    }

    /// The configurations to run, one per value; a process's are started here.
    /// - Throws: `FilterProcessError` when a process does not start.
    func configurations(context: CommandContext, processes: ExecOptions) throws -> [FilterConfiguration] {
        switch kind {
        case let .registered(configurations):
            return configurations
        case let .processes(specifications):
            return try context.filters(specifications, option: SweepCommand.filterArgument.spelling, processes: processes)
        }
    }

    /// `base` once for each value of `parameter`.
    /// - Throws: `UsageError` naming the parameters `base` has when it has no such parameter, or a value out of range.
    private static func configurations(
        of base: FilterConfiguration, parameter: String, values: [Double]
    ) throws(UsageError) -> [FilterConfiguration] {
        do {
            return try values.map { value throws(FilterSpecificationError) in try base.setting(parameter, to: value) }
        } catch .unknownParameter(_, _, let known) {
            let list = known.isEmpty ? "it has no parameters" : "it has \(known.joined(separator: ", "))"
            throw .invalidValue(
                option: SweepCommand.assignmentArgument.spelling, value: parameter, expected: "a parameter of '\(base.specification)'; \(list)"
            )
        } catch {
            throw .invalidFilter(error.localizedDescription)
        }
    }
}
