import TrackBenchGeodesy
import TrackBenchModel
/// Windowed linear least squares in time: fits each coordinate as a straight line over the last N fixes.
///
/// Over the last `window` fixes, the current one included, latitude(t),
/// longitude(t) and altitude(t) are each fitted as a * t + b by ordinary
/// least squares, and the estimate is the current fix with those three lines
/// evaluated at the current fix's timestamp (the end of the window, not its
/// centre, so unlike a running average it does not lag on a straight line
/// at constant speed). Accuracies, speed, course and times stay the current
/// fix's. The fit can carry a track through a short signal gap, but it
/// cuts corners and overshoots on curves, more so with a bigger window.
///
/// Numerics: times and coordinates are taken as offsets from the current
/// fix, and the sums are centred on their means (two passes), so the small
/// differences that matter are not lost against latitudes of tens of degrees
/// or timestamps of hours.
/// Edge cases: with one fix in the window, or `window` = 1, the fix passes
/// through unchanged. When every time in the window is equal the slope is
/// undefined and the estimate is the window's mean instead. "Current" means
/// the latest delivered: a stale re-delivered fix is evaluated at its own old
/// timestamp. Like `running-average`, it uses every fix as delivered,
/// invalid ones included; put a gate in front.
///
/// - Complexity: O(`window`) per fix, without allocation once the window is full.
struct LeastSquaresFilter: RegisteredFilter {
    static let name = "least-squares"
    static let summary = "Straight-line least-squares fit of latitude, longitude and altitude against time over the last window fixes, "
        + "evaluated at the newest fix."
    static let timing = FilterTiming.online
    /// The `window` parameter.
    static let window = FilterParameter(
        name: "window",
        defaultValue: 20,
        unit: "fixes",
        summary: "how many recent fixes, the current one included, are fitted; bigger smooths more but cuts corners; 1 passes fixes through",
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
    /// - Parameter windowSize: How many recent fixes are fitted, the current one included; at least 1 (1 passes fixes through).
    init(windowSize: Int) {
        recent = RingBuffer(capacity: windowSize)
    }

    @inline(__always)
    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        recent.append(fix)
        crossings.add(fix.longitude)
        if recent.count == 1 {
            estimates.append(fix)
        } else if crossings.spans(last: recent.count) {
            estimates.append(fitAcrossAntimeridian(fix))
        } else {
            estimates.append(fit(fix) { $0 - $1 })
        }
    }

    /// The window's fit where it spans the antimeridian, out of line so the usual path stays small.
    @inline(never)
    private func fitAcrossAntimeridian(_ fix: LocationFix) -> LocationFix {
        fit(fix) { Longitude.degreesEast(from: $1, to: $0) }
    }

    /// `fix` moved onto the lines fitted to the window, with `longitudeOffset(member, newest)` the longitudes'
    /// difference; the window holds at least two fixes. The longitude is wrapped: a line through longitudes just
    /// short of 180 can end past it.
    @inline(__always)
    private func fit(_ fix: LocationFix, longitudeOffset: (Double, Double) -> Double) -> LocationFix {
        // Pass 1: the means, as offsets from the current fix.
        var meanTime = 0.0
        var meanLatitude = 0.0
        var meanLongitude = 0.0
        var meanAltitude = 0.0
        for member in recent.elements {
            meanTime += member.timestampSeconds - fix.timestampSeconds
            meanLatitude += member.latitude - fix.latitude
            meanLongitude += longitudeOffset(member.longitude, fix.longitude)
            meanAltitude += member.altitudeMeters - fix.altitudeMeters
        }
        let count = Double(recent.count)
        meanTime /= count
        meanLatitude /= count
        meanLongitude /= count
        meanAltitude /= count
        // Pass 2: centred sum of squared times and of time x coordinate products.
        var timeSquares = 0.0
        var latitudeProducts = 0.0
        var longitudeProducts = 0.0
        var altitudeProducts = 0.0
        for member in recent.elements {
            let time = member.timestampSeconds - fix.timestampSeconds - meanTime
            timeSquares += time * time
            latitudeProducts += time * (member.latitude - fix.latitude - meanLatitude)
            longitudeProducts += time * (longitudeOffset(member.longitude, fix.longitude) - meanLongitude)
            altitudeProducts += time * (member.altitudeMeters - fix.altitudeMeters - meanAltitude)
        }
        // Each line passes through its means with slope products / timeSquares;
        // at offset 0 (the current time) it is mean - slope * meanTime.
        // Equal times give timeSquares == 0 exactly (offsets are all 0): keep the mean.
        let slopeWeight = timeSquares > 0 ? -meanTime / timeSquares : 0
        var estimate = fix
        estimate.latitude += meanLatitude + slopeWeight * latitudeProducts
        estimate.longitude = Longitude.wrapped(estimate.longitude + (meanLongitude + slopeWeight * longitudeProducts))
        estimate.altitudeMeters += meanAltitude + slopeWeight * altitudeProducts
        return estimate
    }
}
