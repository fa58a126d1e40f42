import TrackBenchGeodesy
import TrackBenchModel
/// Where the truth is at shifted times, as the lag search asks for it: a scenario's exact track or a recording's
/// reference.
protocol TruePositions {
    /// For each of `shifts`, the true position at each of `times` minus that shift in seconds, in metres in the
    /// run's frame.
    func positions(atTimes times: [Double], shiftedBack shifts: [Double]) -> [[LocalPoint]]
}

/// The true positions and speeds one scenario's metrics ask for, kept while its filters are scored one after another.
///
/// Nearly every estimate a filter makes carries the delivery time of a fix
/// it was fed: streaming filters and smoothers emit one per fix, gates a
/// subset, in delivery order. So the truth is taken once per scenario at
/// the delivered fixes' times, and each filter's pass over its estimates
/// finds them with a `TruthLookup`. The lag search asks for the truth at
/// sample times shifted by mostly the same amounts for every filter, so
/// those positions are kept per set of sample times (at most
/// `EstimateMetrics.lagSampleLimit` each). The numbers are exactly those
/// computed afresh (`Scenario.truePosition` is a pure function). Owned by
/// one scoring task; not shared between threads.
package final class TruthCache: TruePositions {
    private let scenario: Scenario
    /// The fixes the scenario's filters are fed, in delivery order.
    let deliveredFixes: [LocationFix]
    /// Their delivery times, never decreasing.
    private let deliveredTimes: [Double]
    /// By sample times, then by shift: the shifted true positions.
    private var shifted: [[Double]: [Double: [LocalPoint]]] = [:]

    /// Creates the cache for a scenario whose filters are fed `deliveredFixes`, in delivery order.
    package init(scenario: Scenario, deliveredFixes: [LocationFix] = []) {
        self.scenario = scenario
        self.deliveredFixes = deliveredFixes
        deliveredTimes = deliveredFixes.map(\.deliveryTimeSeconds)
    }

    /// The metrics of positions and times (`PositionMeasurement`) of the delivered fixes themselves, measured on
    /// first use: those of every filter that repeats them.
    private(set) lazy var deliveredPositionMetrics: EstimateMetrics = {
        var measurement = PositionMeasurement(scenario: scenario, trueTrack: lookup(), expectedCount: deliveredFixes.count)
        measurement.add(deliveredFixes[...])
        var metrics = EstimateMetrics()
        measurement.measure(into: &metrics, truth: self)
        return metrics
    }()

    /// The true path's elevation gain and 3-D length, measured on first use.
    package private(set) lazy var elevationProfile = ElevationProfile(scenario: scenario)

    /// The truth at the delivery times, taken on first use.
    private lazy var delivered = TruthLookup(
        scenario: scenario,
        times: deliveredTimes,
        positions: deliveredTimes.map(scenario.truePosition(atTime:)),
        speeds: deliveredTimes.map(scenario.trueSpeedMetersPerSecond(atTime:))
    )

    /// A lookup for one pass over a filter's estimates, its cursor at the start.
    func lookup() -> TruthLookup {
        delivered
    }

    /// For each of `shifts`, the true position at each of `times` minus that shift, for the lag search.
    func positions(atTimes times: [Double], shiftedBack shifts: [Double]) -> [[LocalPoint]] {
        var known = shifted.removeValue(forKey: times) ?? [:]
        defer { shifted[times] = known }
        return shifts.map { shift in
            if let cached = known[shift] { return cached }
            let positions = times.map { scenario.truePosition(atTime: $0 - shift) }
            known[shift] = positions
            return positions
        }
    }
}
