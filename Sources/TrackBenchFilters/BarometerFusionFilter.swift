import Foundation
import TrackBenchModel

/// Barometer plus GPS: the barometer's smooth altitude changes, anchored to GPS altitude over minutes.
///
/// A complementary filter. The barometer's reading (altitude change since the
/// start) is precise from fix to fix but drifts with the weather and has no
/// absolute level; GPS altitude has the level but jitters and swings. The
/// output is the barometer's reading plus an offset, and the offset follows
/// GPS altitude minus the barometer through an exponential average with time
/// constant `time`: slow enough to average the GPS swing away, fast enough
/// to follow the weather. Positions are unchanged.
///
/// Each fix takes the latest barometer reading received before it and not
/// later than its delivery time (a phone's barometer reads on its own clock,
/// about once a second). Behind a stage that holds fixes back (such as
/// `rts-smoother`, which delivers them all when the run ends) the readings
/// arrive first; they wait until a fix's time reaches them.
///
/// Edge cases: a fix before any reading keeps its GPS altitude and leaves the
/// offset as it is (a phone without a barometer comes out as raw); a fix with
/// an invalid GPS altitude (negative vertical accuracy) or one not finite
/// still gets barometer plus offset, without moving the offset; a reading
/// that is not finite is ignored.
///
/// - Complexity: O(1) amortised per fix and reading; readings wait in a queue only while no fix has reached
///   their time.
struct BarometerFusionFilter: RegisteredFilter {
    static let name = "barometer-fusion"
    static let summary = "Barometer altitude changes anchored to GPS altitude by a slow complementary filter (`time` seconds); "
        + "GPS altitude where no barometer."
    static let timing = FilterTiming.online
    static let runsByDefault = false
    /// The `time` parameter.
    static let time = FilterParameter(
        name: "time",
        defaultValue: 600,
        unit: "s",
        summary: "how slowly the offset between GPS and barometer follows GPS: longer averages more of the GPS swing away, "
            + "shorter follows the weather drift",
        minimum: 0.001,
        maximum: 86_400
    )
    static let parameters = [time]

    private let timeSeconds: Double
    /// The latest barometer reading a fix has reached, in metres of altitude change since the start.
    private var latestReadingMeters: Double?
    /// Readings received but later than every fix so far, in arrival order; `pendingStart` is the first unused one.
    private var pending: [BarometerEvent] = []
    private var pendingStart = 0
    /// GPS altitude minus barometer reading, averaged, and when it was last updated.
    private var offset: (meters: Double, timeSeconds: Double)?

    init(settings: FilterSettings) {
        self.init(timeSeconds: settings[Self.time])
    }

    /// Creates the filter with a time constant in seconds (above 0).
    init(timeSeconds: Double) {
        self.timeSeconds = timeSeconds
    }

    mutating func receive(_ barometer: BarometerEvent, into estimates: inout [LocationFix]) {
        if barometer.relativeAltitudeMeters.isFinite { pending.append(barometer) }
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        while pendingStart < pending.count, !(pending[pendingStart].timeSeconds > fix.deliveryTimeSeconds) {
            latestReadingMeters = pending[pendingStart].relativeAltitudeMeters
            pendingStart += 1
        }
        if pendingStart == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
        } else if pendingStart >= 1024, pendingStart * 2 >= pending.count {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
        guard let barometer = latestReadingMeters else {
            estimates.append(fix)
            return
        }
        if fix.verticalAccuracyMeters >= 0, fix.altitudeMeters.isFinite {
            let observed = fix.altitudeMeters - barometer
            if let previous = offset {
                let weight = ExponentialSmoothing.weight(
                    elapsedSeconds: fix.deliveryTimeSeconds - previous.timeSeconds, timeConstantSeconds: timeSeconds
                )
                offset = (previous.meters + weight * (observed - previous.meters), fix.deliveryTimeSeconds)
            } else {
                offset = (observed, fix.deliveryTimeSeconds)
            }
        }
        guard let offset else {
            estimates.append(fix)
            return
        }
        var estimate = fix
        estimate.altitudeMeters = barometer + offset.meters
        estimates.append(estimate)
    }
}
