/// The published pedestrian dead-reckoning estimator, as written: fixed strides, one circular-mean heading per update.
///
/// Starts from the first valid fix and ignores GPS after it; each pedometer
/// update moves the position by steps x the activity's stride along the
/// circular mean of the compass headings received during the update
/// (`DeadReckoner`, `.perUpdate`). A filter of sensors only: in a scenario
/// without sensors it gives the first fix and nothing more.
struct DeadReckoningPaperFilter: StandaloneDeadReckoningFilter {
    static let name = "pdr-paper"
    static let summary = "Dead reckoning as published: steps x fixed stride per activity along one circular-mean compass heading "
        + "per pedometer update, from the first fix, no GPS after it."
    static let timing = FilterTiming.online
    static let headings = DeadReckoner.Headings.perUpdate
    var logic: StandaloneDeadReckoning
}
