import TrackBenchModel
/// A filter as the benchmark runs it: one or more stages under a label, or a filter process.
///
/// A single stage is a plain filter; several stages form a pipeline (a gate
/// followed by a smoother, for example), written `accuracy-gate+kalman`.
/// A filter process (`exec:COMMAND`) has no stages.
public struct FilterConfiguration: Sendable {
    /// The stages in the order fixes pass through them; empty for a filter process.
    package var stages: [FilterStage]
    /// The name in reports; the command-line specification unless the user chose another.
    public var label: String
    /// The program that filters instead of stages, for `exec:COMMAND`; nil for TrackBench's own filters.
    package private(set) var process: FilterProcess?

    /// Creates a configuration; the label defaults to the stages' specification.
    package init(stages: [FilterStage], label: String? = nil) {
        precondition(!stages.isEmpty, "a filter configuration needs at least one stage")
        self.stages = stages
        self.label = label ?? stages.map(\.specification).joined(separator: "+")
    }

    /// Runs a filter process, labelled by its hello's name unless `label` is given.
    package init(process: FilterProcess, label: String? = nil) {
        self.stages = []
        self.process = process
        self.label = label ?? process.name
    }

    /// The stages as written on the command line, without the label: `accuracy-gate:max=30+kalman`, or
    /// `exec:COMMAND` for a filter process.
    public var specification: String {
        if let process { return FilterRegistry.processPrefix + process.command }
        return stages.map(\.specification).joined(separator: "+")
    }

    /// The declaration of the parameter `name` in the first stage that has one; nil when no stage does (or for a
    /// filter process, which declares none).
    package func parameter(named name: String) -> FilterParameter? {
        stageDeclaring(name)?.declaration
    }

    /// The first stage that declares the parameter `name`, and the declaration.
    private func stageDeclaring(_ name: String) -> (index: Int, declaration: FilterParameter)? {
        for (index, stage) in stages.enumerated() {
            if let declaration = stage.filterType.parameters.first(where: { $0.name == name }) {
                return (index, declaration)
            }
        }
        return nil
    }

    /// This configuration with `parameter` set to `value` in the first stage that declares it.
    ///
    /// The result is labelled by its new specification, as a sweep needs.
    /// - Throws: `FilterSpecificationError` when no stage has the parameter or the value is out of its range.
    package func setting(_ parameter: String, to value: Double) throws(FilterSpecificationError) -> FilterConfiguration {
        guard let (index, declaration) = stageDeclaring(parameter) else {
            let known = stages.flatMap { $0.filterType.parameters.map(\.name) }
            throw .unknownParameter(filter: specification, parameter: parameter, known: known)
        }
        guard declaration.accepts(value) else {
            throw .invalidValue(
                filter: stages[index].filterType.name, parameter: parameter, value: FilterParameter.format(value), expected: declaration.expectation
            )
        }
        var stages = stages
        stages[index] = stages[index].setting(parameter, to: value)
        return FilterConfiguration(stages: stages)
    }

    /// Whether a stage dead-reckons from a pedometer and compass (`RegisteredFilter.usesSensors`), so the configuration
    /// means something only on scenarios with sensors.
    public var usesSensors: Bool {
        stages.contains { $0.filterType.usesSensors }
    }

    /// Offline if any stage is (`RegisteredFilter.timing`): a pipeline can run live only if every stage can; a filter
    /// process's timing is what its hello says.
    public var timing: FilterTiming {
        if let process { return process.timing }
        return stages.contains { $0.filterType.timing == .offline } ? .offline : .online
    }

    /// Whether a stage needs a terrain model (`terrain-lookup`).
    package var needsElevationModel: Bool {
        stages.contains { $0.filterType.needsElevationModel }
    }

    /// This configuration with every stage given `model` to look altitudes up in.
    package func using(_ model: (any ElevationLookup)?) -> FilterConfiguration {
        var configuration = self
        for index in configuration.stages.indices {
            configuration.stages[index].elevationModel = model
        }
        return configuration
    }

    /// A fresh filter in its initial state, ready for one scenario.
    /// - Parameters:
    ///   - scenario: The scenario or recording it will run on, which a filter process is told; empty if none.
    ///   - seed: The run's seed, which a filter process is told; nil if none.
    public func makeFilter(scenario: String = "", seed: UInt64? = nil) -> any LocationFilter {
        if let process {
            return ExternalFilter(process: process, scenario: scenario, seed: seed)
        }
        if stages.count == 1 {
            return stages[0].makeFilter()
        }
        return FilterPipeline(stages: stages.map { $0.makeFilter() })
    }
}
