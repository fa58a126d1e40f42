import TrackBenchGeodesy
import TrackBenchModel
/// The running average of the last N fixes: each estimate is the mean position of a FIFO window.
///
/// Every delivered fix joins a first-in, first-out window of the last
/// `window` fixes, itself included, and produces one estimate: the fix with
/// latitude, longitude and altitude replaced by their means over the window.
/// Accuracies, speed, course and times stay the current fix's. Until the
/// window fills the mean is over the fixes so far, so the first estimate is
/// the first fix.
///
/// A bigger window is smoother but lags: on a straight line at constant
/// speed the estimate trails the newest fix by (N - 1) / 2 fix intervals,
/// 2 s for the default N = 5 at 1 Hz and about 20 s for N = 40. It also cuts
/// corners on curves.
///
/// It averages every fix as delivered, invalid ones (negative accuracy) and
/// stale ones included: choosing which fixes to trust is a gate's job, so
/// run it as `accuracy-gate+running-average`, or use
/// `running-average-threshold`. The means are taken as offsets from the
/// current fix, so a window of one, or of identical positions, returns the
/// coordinates exactly; while the window spans the 180th meridian the
/// longitudes' offsets are taken the shorter way round it
/// (`Longitude.degreesEast`) and the mean wrapped back into -180...180.
///
/// - Complexity: O(`window`) per fix, without allocation once the window is full.
struct RunningAverageFilter: RegisteredFilter {
    static let name = "running-average"
    static let summary = "Mean latitude, longitude and altitude of the last window fixes (FIFO), one estimate per fix; lags (window - 1) / 2 fixes."
    static let timing = FilterTiming.online
    /// The `window` parameter.
    static let window = FilterParameter(
        name: "window",
        defaultValue: 5,
        unit: "fixes",
        summary: "how many recent fixes, the current one included, are averaged; bigger is smoother but lags (window - 1) / 2 fixes",
        minimum: 1,
        isInteger: true
    )
    static let parameters = [window]

    private var recent: RingBuffer<LocationFix>
    private var crossings = Longitude.CrossingWatch()

    init(settings: FilterSettings) {
        self.init(windowSize: Int(settings[Self.window]))
    }

    /// Creates the filter.
    /// - Parameter windowSize: How many recent fixes are averaged, the current one included; at least 1.
    init(windowSize: Int) {
        recent = RingBuffer(capacity: windowSize)
    }

    @inline(__always)
    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        recent.append(fix)
        crossings.add(fix.longitude)
        if crossings.spans(last: recent.count) {
            estimates.append(averageAcrossAntimeridian(fix))
        } else {
            estimates.append(average(fix) { $0 - $1 })
        }
    }

    /// The window's average where it spans the antimeridian, out of line so the usual path stays small.
    @inline(never)
    private func averageAcrossAntimeridian(_ fix: LocationFix) -> LocationFix {
        var estimate = average(fix) { Longitude.degreesEast(from: $1, to: $0) }
        estimate.longitude = Longitude.wrapped(estimate.longitude)
        return estimate
    }

    /// `fix` moved to the window's mean, with `longitudeOffset(member, newest)` the longitudes' difference.
    @inline(__always)
    private func average(_ fix: LocationFix, longitudeOffset: (Double, Double) -> Double) -> LocationFix {
        var latitudeOffset = 0.0
        var longitudeOffsets = 0.0
        var altitudeOffset = 0.0
        for member in recent.elements {
            latitudeOffset += member.latitude - fix.latitude
            longitudeOffsets += longitudeOffset(member.longitude, fix.longitude)
            altitudeOffset += member.altitudeMeters - fix.altitudeMeters
        }
        let count = Double(recent.count)
        var estimate = fix
        estimate.latitude += latitudeOffset / count
        estimate.longitude += longitudeOffsets / count
        estimate.altitudeMeters += altitudeOffset / count
        return estimate
    }
}
