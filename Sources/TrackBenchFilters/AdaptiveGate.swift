import TrackBenchModel
/// An accuracy gate whose threshold follows the recent signal, so it never goes silent for long.
///
/// A fixed threshold (`accuracy-gate`) logs nothing when conditions are bad
/// everywhere, such as a wet forest with the phone in a backpack. This gate
/// learns the conditions from the recent mean accuracy and the time since it
/// last let a fix through:
///
/// - Invalid fixes (negative or NaN accuracy) are always dropped and do not
///   count towards the mean.
/// - It keeps the mean accuracy of the last `window` valid fixes, kept or
///   not. Counting the rejected ones is what lets the mean, and so the
///   threshold, rise when conditions worsen instead of freezing at the last
///   good value.
/// - A valid fix is accepted when its accuracy is at most
///   max(`floor`, `factor` x mean), the mean taken before this fix joins it.
///   The factor (default 2) lets through fixes up to twice as vague as usual
///   and stops lone outliers such as a 40 m multipath jump among 5 m fixes;
///   the floor (default 10 m) keeps an excellent signal (a mean of 3 m) from
///   rejecting ordinary good fixes.
/// - Any valid fix is also accepted when more than `relax` seconds of
///   delivery time (the app's "now") have passed since the last accepted fix,
///   so a sudden, lasting change of conditions costs at most about `relax`
///   seconds of track before the mean catches up. At exactly `relax` seconds
///   the fix is still judged by its accuracy.
/// - The first valid fix is always accepted: there is no mean to judge it by.
///
/// Accepted fixes pass through unchanged (the same value, byte for byte).
/// Stale re-delivered fixes are judged like any other; put a `stale-gate`
/// in front for those.
///
/// - Complexity: O(`window`) per fix, without allocation once the window is full.
struct AdaptiveGate: RegisteredFilter {
    static let name = "adaptive-gate"
    static let summary = "Drops invalid fixes and fixes above max(floor, factor x recent mean accuracy); "
        + "lets any valid fix through after relax seconds without one."
    static let timing = FilterTiming.online
    /// The `window` parameter.
    static let window = FilterParameter(
        name: "window",
        defaultValue: 10,
        unit: "fixes",
        summary: "how many recent valid fixes, kept or dropped, make up the mean accuracy; 10 follows a change of conditions within seconds at 1 Hz",
        minimum: 1,
        isInteger: true
    )
    /// The `factor` parameter.
    static let factor = FilterParameter(
        name: "factor",
        defaultValue: 2,
        unit: "x mean",
        summary: "accept fixes up to this multiple of the recent mean accuracy; 2 passes normal variation and stops lone outliers, "
            + "below 1 would reject the typical fix",
        minimum: 1
    )
    /// The `floor` parameter.
    static let floor = FilterParameter(
        name: "floor",
        defaultValue: 10,
        unit: "m",
        summary: "the threshold never drops below this, so a very good signal does not reject ordinary fixes",
        minimum: 0
    )
    /// The `relax` parameter.
    static let relax = FilterParameter(
        name: "relax",
        defaultValue: 10,
        unit: "s",
        summary: "accept any valid fix once this much delivery time has passed since the last accepted one, so the gate never goes silent for long",
        minimum: 0
    )
    static let parameters = [window, factor, floor, relax]

    private let factor: Double
    private let floorMeters: Double
    private let relaxSeconds: Double
    /// The accuracies of the last `window` valid fixes, in metres.
    private var accuracies: RingBuffer<Double>
    /// Delivery time of the last accepted fix; nil until the first valid fix.
    private var lastAcceptedDeliverySeconds: Double?

    init(settings: FilterSettings) {
        self.init(
            windowSize: Int(settings[Self.window]),
            factor: settings[Self.factor],
            floorMeters: settings[Self.floor],
            relaxSeconds: settings[Self.relax]
        )
    }

    /// Creates the gate.
    /// - Parameters:
    ///   - windowSize: How many recent valid fixes make up the mean accuracy; at least 1.
    ///   - factor: The accepted multiple of the mean accuracy.
    ///   - floorMeters: The lowest threshold, in metres.
    ///   - relaxSeconds: The delivery time after an accepted fix beyond which any valid fix is accepted, in seconds.
    init(windowSize: Int, factor: Double, floorMeters: Double, relaxSeconds: Double) {
        accuracies = RingBuffer(capacity: windowSize)
        self.factor = factor
        self.floorMeters = floorMeters
        self.relaxSeconds = relaxSeconds
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        guard fix.hasValidCoordinate else { return }
        let accuracy = fix.horizontalAccuracyMeters
        var accepted = true
        if let lastAccepted = lastAcceptedDeliverySeconds {
            // A valid fix has been seen, so the window is not empty.
            let meanAccuracy = accuracies.elements.reduce(0, +) / Double(accuracies.count)
            accepted = accuracy <= max(floorMeters, factor * meanAccuracy)
                || fix.deliveryTimeSeconds - lastAccepted > relaxSeconds
        }
        accuracies.append(accuracy)
        if accepted {
            lastAcceptedDeliverySeconds = fix.deliveryTimeSeconds
            estimates.append(fix)
        }
    }
}
