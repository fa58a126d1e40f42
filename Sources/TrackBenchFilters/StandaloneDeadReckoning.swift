import TrackBenchGeodesy
import TrackBenchModel
/// Dead reckoning without GPS: start at the first valid fix, then move with every pedometer update.
///
/// The state and logic of the `pdr-paper` and `pdr-per-step` filters (`StandaloneDeadReckoningFilter`), which differ only
/// in how they assign headings (`DeadReckoner.Headings`). Every fix after the
/// first valid one is ignored, as in the published trials, which started from
/// a known position and used no GPS. The first estimate is that fix; then one
/// per pedometer update, at the update's time, with the speed of the update
/// (its distance over its time) and the course of its last segment. Updates
/// before the start are dropped with their samples. Dead reckoning has no
/// accuracy of its own to report: estimates carry 0.
struct StandaloneDeadReckoning: Sendable {
    private var reckoner: DeadReckoner
    private var position: Coordinate?
    private var lastUpdateSeconds = 0.0

    /// Creates the logic for `headings` with the strides from `settings`.
    init(headings: DeadReckoner.Headings, settings: FilterSettings) {
        reckoner = DeadReckoner(headings: headings, settings: settings)
    }

    /// Starts from the first valid fix; ignores the rest.
    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        guard position == nil, fix.hasValidCoordinate else { return }
        position = fix.coordinate
        lastUpdateSeconds = fix.deliveryTimeSeconds
        estimates.append(LocationFix(latitude: fix.latitude, longitude: fix.longitude, timestampSeconds: fix.deliveryTimeSeconds))
    }

    /// Keeps a compass sample for the next update.
    mutating func receive(_ heading: HeadingEvent) {
        reckoner.add(heading)
    }

    /// Moves by the update's steps and appends the new position.
    mutating func receive(_ update: StepEvent, into estimates: inout [LocationFix]) {
        guard var current = position else {
            reckoner.reckon(update) { _, _ in }
            return
        }
        var east = 0.0
        var north = 0.0
        var course = -1.0
        reckoner.reckon(update) { eastMeters, northMeters in
            current = DeadReckoner.moved(current, eastMeters: eastMeters, northMeters: northMeters)
            east += eastMeters
            north += northMeters
            course = LocalPoint(east: eastMeters, north: northMeters).courseDegrees
        }
        position = current
        let elapsed = update.timeSeconds - lastUpdateSeconds
        lastUpdateSeconds = update.timeSeconds
        let speed = elapsed > 0 ? (east * east + north * north).squareRoot() / elapsed : -1
        estimates.append(LocationFix(
            latitude: current.latitude, longitude: current.longitude,
            courseDegrees: course, speedMetersPerSecond: speed, timestampSeconds: update.timeSeconds
        ))
    }
}
