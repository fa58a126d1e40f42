/// The published estimator with the improvement its study suggests: one heading segment per step instead of one per update.
///
/// As `pdr-paper`, but each update's time is split into one segment per
/// step, each moved along the circular mean of its own compass samples
/// (`DeadReckoner`, `.perStep`), so curves and corners inside an update are
/// followed step by step.
struct StepHeadingDeadReckoningFilter: RegisteredFilter {
    static let name = "pdr-per-step"
    static let summary = "Dead reckoning with one compass heading segment per step instead of one per pedometer update, from the first fix, no GPS after it."
    static let usesSensors = true
    static let parameters = DeadReckoner.strideParameters
    private var logic: StandaloneDeadReckoning

    init(settings: FilterSettings) {
        logic = StandaloneDeadReckoning(headings: .perStep, settings: settings)
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
