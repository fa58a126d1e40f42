import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// What a tuning engineer needs beyond total distance: accuracy, lag, drift, gaps and speed.
///
/// Each property is the storage of one `Metric` declaration, which gives
/// its column, unit, decimals and direction.
///
/// Every metric compares a filter's estimates with the exact true track at
/// each estimate's delivery time: where the app shows the runner against
/// where the runner is. Optional metrics are nil where they do not apply (no
/// estimates, no stop in the scenario, no speeds reported).
package struct EstimateMetrics: Sendable, Hashable {
    /// Median horizontal distance from the truth, in metres.
    package var positionMedianMeters: Double?
    /// 95th percentile of the horizontal distance from the truth, in metres.
    package var position95thPercentileMeters: Double?
    /// Root mean square horizontal distance from the truth, in metres.
    package var positionRMSEMeters: Double?
    /// The time shift that best aligns the estimates with the truth, in seconds (positive = behind).
    package var lagSeconds: Double?
    /// Distance the estimates travel while the runner stands still, in metres.
    package var stationaryDriftMeters: Double?
    /// Estimates out per delivered fix in, in percent (gates keep less than 100); set for every measured run.
    package var keptPercent: Double?
    /// The longest time without an estimate, start and end of the run included, in seconds; set for every measured run.
    package var longestGapSeconds: Double?
    /// Root mean square error of the reported speeds, in metres per second.
    package var speedRMSEMetersPerSecond: Double?
    /// Seconds from the start of the stop until an estimate reports under 0.5 m/s;
    /// the stop's length if none does during the stop.
    package var stopDetectionSeconds: Double?
    /// The estimates' elevation gain against the true gain, in signed percent of the true gain.
    package var elevationGainErrorPercent: Double?
    /// The estimates' elevation gain minus the true gain, in metres.
    package var elevationGainErrorMeters: Double?
    /// Root mean square of the estimates' altitude error, in metres.
    package var altitudeRMSEMeters: Double?
    /// The estimated path's 3-D length against the true path's, in signed percent.
    package var distance3DErrorPercent: Double?
    /// How far the last estimate is from where the run ends, in centimetres per metre of the path (scenarios with
    /// sensors only).
    package var endpointErrorCentimetersPerMeter: Double?
    /// Distance from the truth of the latest estimate 30 s into a tunnel, at that moment, in metres (tunnels of 30 s
    /// or more only).
    package var dropoutError30sMeters: Double?
    /// The same 60 s into a tunnel, in metres (tunnels of 60 s or more only).
    package var dropoutError60sMeters: Double?
    /// The same 120 s into a tunnel, in metres (tunnels of 120 s or more only).
    package var dropoutError120sMeters: Double?

    /// The smartphone-positioning score, (median + 95th percentile) / 2, in metres,
    /// as smartphone GNSS challenges rank by.
    package var phoneScoreMeters: Double? {
        guard let median = positionMedianMeters, let high = position95thPercentileMeters else { return nil }
        return (median + high) / 2
    }

    /// Below this speed, in metres per second, an estimate counts as "stopped": slower than any walk.
    package static let stoppedSpeedMetersPerSecond = 0.5
    /// The lag search range, in seconds.
    static let lagRangeSeconds = -5.0...30.0
    /// At most this many estimates enter the lag search, one per equal part of the run (`LagSamples`), to keep it cheap.
    static let lagSampleLimit = 100

    /// Creates metrics with no values: nothing measured yet.
    package init() {}

    /// Measures a filter's estimates against a scenario's true track.
    /// - Parameters:
    ///   - estimates: The filter's output, in output order.
    ///   - scenario: The scenario, whose exact true track is the reference.
    ///   - deliveredFixes: How many fixes the filter was fed.
    package init(measuring estimates: Path, against scenario: Scenario, deliveredFixes: Int) {
        var accumulator = MetricsAccumulator(scenario: scenario, truth: TruthCache(scenario: scenario))
        accumulator.add(estimates.fixes)
        self = accumulator.metrics(deliveredFixes: deliveredFixes)
    }

    /// The smallest true gain, in metres, that the gain error is given in percent of: below it, metres only.
    static let smallestGainForPercentMeters = 1.0

    /// Adds the errors of the speeds `fixes` report against `truth` at their delivery times to `errors`: the one
    /// speed-error sum, of a recording's estimates and of a scenario's as they stream past.
    ///
    /// Fixes without a speed (negative) are skipped without copying the others. Kept out of line (and specialised for
    /// each truth), so the sum stays in a register through the loop instead of the caller's stack.
    @inline(never)
    static func addSpeedErrors(of fixes: [LocationFix], against truth: inout some TrueSpeeds, to errors: inout RootMeanSquare) {
        var sum = errors
        for fix in fixes where fix.speedMetersPerSecond >= 0 {
            sum.add(fix.speedMetersPerSecond - truth.speed(atTime: fix.deliveryTimeSeconds))
        }
        errors = sum
    }

    /// Sets the position metrics from the estimates' distances to the truth: their root mean square, median and
    /// 95th percentile, each nil without estimates.
    /// - Parameters:
    ///   - errors: The distances, in estimate order; reordered.
    ///   - patterns: The distances' `RadixSelection.Patterns`, if the caller found them as it made the distances.
    mutating func setPositionMetrics(errors: inout [Double], patterns: RadixSelection.Patterns? = nil) {
        positionRMSEMeters = RootMeanSquare(errors).value
        let percentiles = Statistics.percentiles(&errors, [0.5, 0.95], patterns: patterns)
        positionMedianMeters = percentiles?[0]
        position95thPercentileMeters = percentiles?[1]
    }

    /// The longest stretch without an estimate, counting from the start of the run to its end.
    static func longestGap(in times: [Double], runSeconds: Double) -> Double {
        // Estimates nearly always arrive in time order: then one pass without copying; sorting is for the filters whose don't.
        var previous = 0.0
        var longest = 0.0
        var isInOrder = true
        func visit(_ time: Double) {
            if time < previous { isInOrder = false }
            longest = max(longest, time - previous)
            previous = time
        }
        times.forEach(visit)
        visit(runSeconds)
        guard !isInOrder else { return longest }
        let sorted = ([0] + times + [runSeconds]).sorted()
        return zip(sorted.dropFirst(), sorted).map { $0 - $1 }.max() ?? runSeconds
    }

    /// The shift that minimises the mean squared distance between the sampled estimates and the truth
    /// shifted back by it: whole seconds over the search range, then tenths around the best; nil without samples.
    /// - Parameters:
    ///   - times: The samples' delivery times, in seconds (`LagSamples`).
    ///   - points: The samples' positions, in metres in the run's frame.
    ///   - truth: The true track.
    static func lag(ofSamplesAt times: [Double], points: [LocalPoint], truth: some TruePositions) -> Double? {
        guard !times.isEmpty else { return nil }
        func best(among shifts: [Double]) -> Double {
            let costs = truth.positions(atTimes: times, shiftedBack: shifts).map { shifted in
                zip(points, shifted).reduce(0) { sum, pair in
                    let east = pair.0.east - pair.1.east
                    let north = pair.0.north - pair.1.north
                    return sum + east * east + north * north
                }
            }
            return shifts[costs.indices.min { costs[$0] < costs[$1] }!]
        }
        let coarse = best(among: Array(Swift.stride(from: lagRangeSeconds.lowerBound, through: lagRangeSeconds.upperBound, by: 1)))
        let fine = best(among: (-10...10).map { coarse + Double($0) / 10 })
        return (fine * 10).rounded() / 10
    }
}
