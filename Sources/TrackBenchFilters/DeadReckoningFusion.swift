import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// GPS and dead reckoning together: steps and compass carry the position through dropouts and poor fixes, good fixes
/// pull it back.
///
/// The position starts at the first valid fix with that fix's accuracy as its
/// uncertainty. Each pedometer update moves it by the update's
/// dead-reckoned displacement (one heading segment per step, as
/// `pdr-per-step`) and grows the uncertainty by `growth` times the distance
/// moved. Between updates the position runs on at the last update's
/// velocity, for at most `extrapolationLimitSeconds`, so a fix is compared
/// with where the person is now rather than at the last update; the next
/// update replaces that guess with what the steps say.
///
/// A fix is good when it is valid, its accuracy is at most `max-accuracy`,
/// and it lies within `gate` combined deviations (uncertainty and accuracy)
/// of the position; a good fix is blended in with the weight of a Kalman
/// update, uncertainty^2 / (uncertainty^2 + accuracy^2), and shrinks the
/// uncertainty accordingly. Poor fixes are passed over; since every update
/// grows the uncertainty, a position that drifted far will still take good
/// fixes again after a long dropout. One estimate per fix received after the
/// start, and one per pedometer update while GPS is silent (no fix for more
/// than `extrapolationLimitSeconds`), each at its time, reporting the
/// uncertainty as its accuracy and the last update's speed and course: while
/// fixes arrive, an estimate per update as well would zig-zag between the
/// steps' and the fixes' pulls and lengthen the track.
struct DeadReckoningFusion: RegisteredFilter {
    static let name = "pdr-fusion"
    static let summary = "GPS plus dead reckoning: pedometer and compass carry the position through dropouts and poor fixes; "
        + "good fixes are blended in by their accuracy."
    static let timing = FilterTiming.online
    static let usesSensors = true
    /// The `max-accuracy` parameter.
    static let maximumAccuracy = FilterParameter(
        name: "max-accuracy", defaultValue: 30, unit: "m",
        summary: "fixes with a larger reported accuracy are poor and passed over (30 m, a running app's gate)", minimum: 0
    )
    /// The `growth` parameter.
    static let growth = FilterParameter(
        name: "growth", defaultValue: 0.2, unit: "m/m",
        summary: "dead reckoning's uncertainty added per metre moved (0.2: the cross-track error of a compass 10-15 degrees off)", minimum: 0
    )
    /// The `gate` parameter.
    static let gate = FilterParameter(
        name: "gate", defaultValue: 3, unit: "deviations",
        summary: "fixes further from the position than this many combined deviations are poor", minimum: 0
    )
    static let parameters = DeadReckoner.strideParameters + [maximumAccuracy, growth, gate]
    /// How long the position runs on at the last update's velocity without a new update, in seconds: twice the
    /// longest pedometer interval measured (5 s).
    static let extrapolationLimitSeconds = 10.0

    private var reckoner: DeadReckoner
    private let maximumAccuracyMeters: Double
    private let growthPerMeter: Double
    private let gateDeviations: Double
    private var position: Coordinate?
    private var uncertaintyMeters = 0.0
    /// The time `position` stands for.
    private var positionSeconds = 0.0
    private var lastUpdateSeconds = 0.0
    private var velocity = LocalPoint(east: 0, north: 0)
    /// When the last fix arrived, valid or not.
    private var lastFixSeconds = -Double.infinity

    init(settings: FilterSettings) {
        reckoner = DeadReckoner(headings: .perStep, settings: settings)
        maximumAccuracyMeters = settings[Self.maximumAccuracy]
        growthPerMeter = settings[Self.growth]
        gateDeviations = settings[Self.gate]
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        lastFixSeconds = max(lastFixSeconds, fix.deliveryTimeSeconds)
        guard fix.hasValidCoordinate else { return }
        guard position != nil else {
            position = fix.coordinate
            uncertaintyMeters = fix.horizontalAccuracyMeters
            positionSeconds = fix.deliveryTimeSeconds
            lastUpdateSeconds = fix.deliveryTimeSeconds
            estimates.append(estimate(at: fix.deliveryTimeSeconds))
            return
        }
        runOn(to: fix.deliveryTimeSeconds)
        // Compare the fix with where the person is now: the position after running on, not before.
        let current = position!
        let accuracy = fix.horizontalAccuracyMeters
        let north = (fix.latitude - current.latitude) * DeadReckoner.metersPerDegreeLatitude
        let east = Longitude.degreesEast(from: current.longitude, to: fix.longitude) * DeadReckoner.metersPerDegreeLongitudeAtEquator
            * cos(current.latitude * Double.pi / 180)
        let variance = uncertaintyMeters * uncertaintyMeters
        let combined = variance + accuracy * accuracy
        if accuracy <= maximumAccuracyMeters, east * east + north * north <= gateDeviations * gateDeviations * combined {
            let gain = combined > 0 ? variance / combined : 1
            position = DeadReckoner.moved(current, eastMeters: gain * east, northMeters: gain * north)
            uncertaintyMeters = ((1 - gain) * variance).squareRoot()
        }
        estimates.append(estimate(at: fix.deliveryTimeSeconds))
    }

    mutating func receive(_ steps: StepEvent, into estimates: inout [LocationFix]) {
        guard position != nil else {
            reckoner.reckon(steps) { _, _ in }
            return
        }
        runOn(to: steps.timeSeconds)
        var moved = LocalPoint(east: 0, north: 0)
        reckoner.reckon(steps) { east, north in
            moved.east += east
            moved.north += north
        }
        let elapsed = max(0, steps.timeSeconds - lastUpdateSeconds)
        let guessed = min(elapsed, Self.extrapolationLimitSeconds)
        // The steps replace the guess made since the last update.
        position = DeadReckoner.moved(
            position!, eastMeters: moved.east - velocity.east * guessed, northMeters: moved.north - velocity.north * guessed
        )
        velocity = elapsed > 0 ? LocalPoint(east: moved.east / elapsed, north: moved.north / elapsed) : LocalPoint(east: 0, north: 0)
        uncertaintyMeters += growthPerMeter * moved.distance(to: LocalPoint(east: 0, north: 0))
        lastUpdateSeconds = steps.timeSeconds
        if steps.timeSeconds - lastFixSeconds > Self.extrapolationLimitSeconds {
            estimates.append(estimate(at: steps.timeSeconds))
        }
    }

    mutating func receive(_ heading: HeadingEvent, into estimates: inout [LocationFix]) {
        reckoner.add(heading)
    }

    /// Moves the position on at the last update's velocity to `time`, no further than the extrapolation limit.
    private mutating func runOn(to time: Double) {
        let limit = lastUpdateSeconds + Self.extrapolationLimitSeconds
        let seconds = max(0, min(time, limit) - min(positionSeconds, limit))
        if seconds > 0, let current = position {
            position = DeadReckoner.moved(current, eastMeters: velocity.east * seconds, northMeters: velocity.north * seconds)
        }
        positionSeconds = max(positionSeconds, time)
    }

    /// The current position as an estimate at `time`.
    private func estimate(at time: Double) -> LocationFix {
        let current = position!
        let speed = (velocity.east * velocity.east + velocity.north * velocity.north).squareRoot()
        return LocationFix(
            latitude: current.latitude, longitude: current.longitude, horizontalAccuracyMeters: uncertaintyMeters,
            courseDegrees: velocity.courseDegrees, speedMetersPerSecond: speed, timestampSeconds: time
        )
    }
}
