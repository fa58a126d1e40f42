import TrackBenchModel
/// A dead-reckoning filter without GPS after the start: `pdr-paper` and `pdr-per-step`, which differ only in how they
/// assign headings.
///
/// Conforming types give their name, summary and `headings`; everything
/// else, parameters and inputs included, comes from here and
/// `StandaloneDeadReckoning`.
protocol StandaloneDeadReckoningFilter: RegisteredFilter {
    /// How the filter assigns compass headings to an update's steps.
    static var headings: DeadReckoner.Headings { get }
    /// The filter's state.
    var logic: StandaloneDeadReckoning { get set }
    /// Creates the filter around its state.
    init(logic: StandaloneDeadReckoning)
}

extension StandaloneDeadReckoningFilter {
    static var usesSensors: Bool { true }
    static var parameters: [FilterParameter] { DeadReckoner.strideParameters }

    init(settings: FilterSettings) {
        self.init(logic: StandaloneDeadReckoning(headings: Self.headings, settings: settings))
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        logic.receive(fix, into: &estimates)
    }

    mutating func receive(_ steps: StepEvent, into estimates: inout [LocationFix]) {
        logic.receive(steps, into: &estimates)
    }

    mutating func receive(_ heading: HeadingEvent, into estimates: inout [LocationFix]) {
        logic.receive(heading)
    }
}
