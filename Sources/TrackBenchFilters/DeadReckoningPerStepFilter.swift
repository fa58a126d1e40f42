/// The published estimator with the improvement its study suggests: one heading segment per step instead of one per update.
///
/// As `pdr-paper`, but each update's time is split into one segment per
/// step, each moved along the circular mean of its own compass samples
/// (`DeadReckoner`, `.perStep`), so curves and corners inside an update are
/// followed step by step.
struct DeadReckoningPerStepFilter: StandaloneDeadReckoningFilter {
    static let name = "pdr-per-step"
    static let summary = "Dead reckoning with one compass heading segment per step instead of one per pedometer update, "
        + "from the first fix, no GPS after it."
    static let timing = FilterTiming.online
    static let headings = DeadReckoner.Headings.perStep
    var logic: StandaloneDeadReckoning
}
