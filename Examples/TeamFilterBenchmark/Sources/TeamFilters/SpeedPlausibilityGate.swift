import TrackBench

/// A team's own filter, defined outside the TrackBench library: drops fixes that imply running faster than possible.
///
/// It is public because the package's executable and tests, other modules, use it.
///
/// It compares each valid fix with the last one it kept: if getting there
/// would need more than `max-speed` metres per second, the fix is a jump
/// (multipath, a bad cached fix) and is dropped. After `reset` seconds
/// without a kept fix it accepts the next valid one, so a real relocation
/// (a train ride, a long dropout) does not freeze the track.
public struct SpeedPlausibilityGate: RegisteredFilter {
    public static let name = "speed-plausibility-gate"
    public static let summary =
        "Drops fixes that imply a speed above max-speed from the last kept fix (example of a filter defined outside TrackBench)."
    /// Online: it decides on each fix from the fixes before it, so it could run in an app.
    public static let timing = FilterTiming.online
    /// The `max-speed` parameter.
    public static let maxSpeed = FilterParameter(
        name: "max-speed", defaultValue: 12, unit: "m/s", summary: "fastest believable speed; 12 m/s is a sprinter", minimum: 0)
    /// The `reset` parameter.
    public static let reset = FilterParameter(
        name: "reset", defaultValue: 30, unit: "s", summary: "accept the next valid fix after this long without one", minimum: 0)
    public static let parameters = [maxSpeed, reset]

    private let maximumSpeedMetersPerSecond: Double
    private let resetSeconds: Double
    private var lastKept: LocationFix?

    public init(settings: FilterSettings) {
        maximumSpeedMetersPerSecond = settings[Self.maxSpeed]
        resetSeconds = settings[Self.reset]
    }

    public mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        guard fix.hasValidCoordinate else { return }
        if let last = lastKept {
            let elapsed = fix.timestampSeconds - last.timestampSeconds
            let distance = GreatCircle.distanceMeters(from: last.coordinate, to: fix.coordinate)
            let believable = elapsed > 0 && distance <= maximumSpeedMetersPerSecond * elapsed
            guard believable || fix.deliveryTimeSeconds - last.deliveryTimeSeconds > resetSeconds else { return }
        }
        lastKept = fix
        estimates.append(fix)
    }
}
