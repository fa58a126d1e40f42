import TrackBenchGeodesy
import TrackBenchModel
/// Measures a filter's estimates against a scenario's true track as they stream past, a batch at a time.
///
/// Every metric of `EstimateMetrics` is summed in estimate order, so the
/// harness can score a long run's estimates batch by batch and drop each
/// batch before the next. Every metric compares an estimate with the exact
/// true track at its delivery time: where the app shows the runner against
/// where the runner is.
///
/// The metrics of positions and times (`PositionMeasurement`) are most of
/// the work, and a filter that delivers the fixes' own positions at their
/// own times (a gate that drops nothing, a filter of speed or altitude) has
/// the same ones as every other such filter. So while the estimates repeat
/// the delivered fixes, only their count is kept; if they leave them, the
/// stretch they shared is measured from the delivered fixes (the same
/// numbers) and the rest from the estimates; if they never do, the
/// scenario's one measurement of the delivered fixes is taken
/// (`TruthCache.deliveredPositionMetrics`). Speeds, the stop's detection and
/// altitudes are measured for every filter.
package struct MetricsAccumulator {
    private let scenario: Scenario
    private let truth: TruthCache
    /// Whether every estimate so far repeated the delivered fix of its index: its position and delivery time.
    private var isDeliveredCopy = true
    /// How many estimates repeated the delivered fixes, while they all have.
    private var sharedCount = 0
    /// The positions measured once the estimates left the delivered fixes.
    private var positions: PositionMeasurement?
    private var speedTrack: TruthLookup
    private var speedErrors = RootMeanSquare()
    private var firstStopped: LocationFix?
    private var elevation: ElevationSums?

    /// The running sums of the elevation metrics, for a scenario with terrain.
    private struct ElevationSums {
        var trueTrack: TruthLookup
        var errors = RootMeanSquare()
        var gainMeters = 0.0
        var length3DMeters = 0.0
        var previous: (point: LocalPoint, altitudeMeters: Double)?
    }

    /// Starts measuring a filter's estimates for `scenario`, with the truth and the delivered fixes from `truth`,
    /// which the scenario's other filters share.
    package init(scenario: Scenario, truth: TruthCache) {
        self.scenario = scenario
        self.truth = truth
        speedTrack = truth.lookup()
        if scenario.terrain != nil {
            elevation = ElevationSums(trueTrack: truth.lookup())
        }
    }

    /// Measures the next estimates, in the order the filter made them.
    package mutating func add(_ estimates: [LocationFix]) {
        var start = 0
        if isDeliveredCopy {
            let delivered = truth.deliveredFixes
            while start < estimates.count, sharedCount < delivered.count, Self.repeats(estimates[start], delivered[sharedCount]) {
                sharedCount += 1
                start += 1
            }
            if start < estimates.count {
                // The estimates leave the delivered fixes: measure the stretch they shared, then go on from the estimates.
                isDeliveredCopy = false
                positions = measurePositions(of: delivered[..<sharedCount])
            }
        }
        if !isDeliveredCopy {
            positions?.add(estimates[start...])
        }
        addSpeedsAndAltitudes(of: estimates)
    }

    /// Whether `estimate` is `fix` again, as far as positions and times go.
    @inline(__always)
    private static func repeats(_ estimate: LocationFix, _ fix: LocationFix) -> Bool {
        estimate.latitude == fix.latitude && estimate.longitude == fix.longitude && estimate.deliveryTimeSeconds == fix.deliveryTimeSeconds
    }

    /// A measurement of positions begun with `fixes`.
    private func measurePositions(of fixes: ArraySlice<LocationFix>) -> PositionMeasurement {
        var measurement = PositionMeasurement(scenario: scenario, trueTrack: truth.lookup(), expectedCount: truth.deliveredFixes.count)
        measurement.add(fixes)
        return measurement
    }

    /// The speed errors, the stop's detection and the altitudes of every estimate.
    private mutating func addSpeedsAndAltitudes(of estimates: [LocationFix]) {
        var speedTrack = self.speedTrack
        var speedErrors = self.speedErrors
        EstimateMetrics.addSpeedErrors(of: estimates, against: &speedTrack, to: &speedErrors)
        self.speedTrack = speedTrack
        self.speedErrors = speedErrors
        if let stop = scenario.stopInterval, firstStopped == nil {
            firstStopped = estimates.first { fix in
                stop.contains(fix.deliveryTimeSeconds) && fix.speedMetersPerSecond >= 0
                    && fix.speedMetersPerSecond < EstimateMetrics.stoppedSpeedMetersPerSecond
            }
        }
        if elevation != nil {
            let frame = LocalFrame(origin: scenario.origin)
            for fix in estimates where fix.verticalAccuracyMeters >= 0 && fix.altitudeMeters.isFinite {
                addElevation(of: fix, at: frame.point(for: fix.coordinate))
            }
        }
    }

    /// Adds an estimate with a valid altitude to the elevation sums: its error against the user's altitude at the true
    /// position, and its climb and 3-D step from the estimate before it with a valid altitude.
    private mutating func addElevation(of fix: LocationFix, at point: LocalPoint) {
        guard let terrain = scenario.terrain, var sums = elevation else { return }
        let error = fix.altitudeMeters - terrain.userAltitudeMeters(at: sums.trueTrack.position(atTime: fix.deliveryTimeSeconds))
        sums.errors.add(error)
        if let previous = sums.previous {
            let rise = fix.altitudeMeters - previous.altitudeMeters
            sums.gainMeters += max(0, rise)
            let flat = point.distance(to: previous.point)
            sums.length3DMeters += (flat * flat + rise * rise).squareRoot()
        }
        sums.previous = (point, fix.altitudeMeters)
        elevation = sums
    }

    /// How many estimates have been added.
    package var estimateCount: Int { isDeliveredCopy ? sharedCount : positions?.count ?? 0 }

    /// The metrics of every estimate added.
    /// - Parameter deliveredFixes: How many fixes the filter was fed.
    package mutating func metrics(deliveredFixes: Int) -> EstimateMetrics {
        var metrics = EstimateMetrics()
        if isDeliveredCopy && sharedCount == truth.deliveredFixes.count {
            metrics = truth.deliveredPositionMetrics
        } else {
            var measurement = positions ?? measurePositions(of: truth.deliveredFixes[..<sharedCount])
            measurement.measure(into: &metrics, truth: truth)
        }
        metrics.keptPercent = deliveredFixes == 0 ? 0 : Double(estimateCount) / Double(deliveredFixes) * 100
        metrics.speedRMSEMetersPerSecond = speedErrors.value
        if let stop = scenario.stopInterval {
            metrics.stopDetectionSeconds = firstStopped.map { $0.deliveryTimeSeconds - stop.lowerBound } ?? scenario.stopSeconds
        }
        if let sums = elevation, let altitudeRMSE = sums.errors.value {
            let trueElevation = truth.elevationProfile
            metrics.altitudeRMSEMeters = altitudeRMSE
            metrics.elevationGainErrorMeters = sums.gainMeters - trueElevation.gainMeters
            if trueElevation.gainMeters >= EstimateMetrics.smallestGainForPercentMeters {
                metrics.elevationGainErrorPercent = (sums.gainMeters - trueElevation.gainMeters) / trueElevation.gainMeters * 100
            }
            if trueElevation.length3DMeters > 0 {
                metrics.distance3DErrorPercent = (sums.length3DMeters - trueElevation.length3DMeters) / trueElevation.length3DMeters * 100
            }
        }
        return metrics
    }
}
