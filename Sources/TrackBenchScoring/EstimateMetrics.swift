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
public struct EstimateMetrics: Sendable, Hashable {
    /// Median horizontal distance from the truth, in metres.
    public var positionMedianMeters: Double?
    /// 95th percentile of the horizontal distance from the truth, in metres.
    public var position95thPercentileMeters: Double?
    /// Root mean square horizontal distance from the truth, in metres.
    public var positionRMSEMeters: Double?
    /// The time shift that best aligns the estimates with the truth, in seconds (positive = behind).
    public var lagSeconds: Double?
    /// Distance the estimates travel while the runner stands still, in metres.
    public var stationaryDriftMeters: Double?
    /// Estimates out per delivered fix in, in percent (gates keep less than 100); set for every measured run.
    public var keptPercent: Double?
    /// The longest time without an estimate, start and end of the run included, in seconds; set for every measured run.
    public var longestGapSeconds: Double?
    /// Root mean square error of the reported speeds, in metres per second.
    public var speedRMSEMetersPerSecond: Double?
    /// Seconds from the start of the stop until an estimate reports under 0.5 m/s;
    /// the stop's length if none does during the stop.
    public var stopDetectionSeconds: Double?
    /// The estimates' elevation gain against the true gain, in signed percent of the true gain.
    public var elevationGainErrorPercent: Double?
    /// The estimates' elevation gain minus the true gain, in metres.
    public var elevationGainErrorMeters: Double?
    /// Root mean square of the estimates' altitude error, in metres.
    public var altitudeRMSEMeters: Double?
    /// The estimated path's 3-D length against the true path's, in signed percent.
    public var distance3DErrorPercent: Double?
    /// How far the last estimate is from where the run ends, in centimetres per metre of the path (scenarios with
    /// sensors only).
    public var endpointErrorCentimetersPerMeter: Double?
    /// Distance from the truth of the latest estimate 30 s into a tunnel, at that moment, in metres (tunnels of 30 s
    /// or more only).
    public var dropoutError30sMeters: Double?
    /// The same 60 s into a tunnel, in metres (tunnels of 60 s or more only).
    public var dropoutError60sMeters: Double?
    /// The same 120 s into a tunnel, in metres (tunnels of 120 s or more only).
    public var dropoutError120sMeters: Double?

    /// The smartphone-positioning score, (median + 95th percentile) / 2, in metres,
    /// as smartphone GNSS challenges rank by.
    public var phoneScoreMeters: Double? {
        guard let median = positionMedianMeters, let high = position95thPercentileMeters else { return nil }
        return (median + high) / 2
    }

    /// Below this speed, in metres per second, an estimate counts as "stopped": slower than any walk.
    public static let stoppedSpeedMetersPerSecond = 0.5
    /// The lag search range, in seconds.
    static let lagRangeSeconds = -5.0...30.0
    /// At most this many estimates enter the lag search, one per equal part of the run (`LagSamples`), to keep it cheap.
    static let lagSampleLimit = 100

    /// Creates metrics with no values: nothing measured yet.
    public init() {}

    /// Measures a filter's estimates against a scenario's true track.
    /// - Parameters:
    ///   - estimates: The filter's output, in output order.
    ///   - scenario: The scenario, whose exact true track is the reference.
    ///   - deliveredFixes: How many fixes the filter was fed.
    public init(measuring estimates: Path, against scenario: Scenario, deliveredFixes: Int) {
        var accumulator = MetricsAccumulator(scenario: scenario, truth: TruthCache(scenario: scenario))
        accumulator.add(estimates.fixes)
        self = accumulator.metrics(deliveredFixes: deliveredFixes)
    }

    /// The smallest true gain, in metres, that the gain error is given in percent of: below it, metres only.
    static let smallestGainForPercentMeters = 1.0

    /// The value at fraction `p` of the values' sorted order, interpolating between neighbours; nil if empty.
    ///
    /// Reorders `values` (a selection, not a full sort, so it stays O(n) on
    /// the hundreds of thousands of estimates a run scores).
    package static func percentile(_ values: inout [Double], _ p: Double) -> Double? {
        percentiles(&values, [p])?[0]
    }

    /// The values at each of `fractions` (ascending, in 0...1) of the values' sorted order; nil if empty.
    ///
    /// Distances (finite, no sign bit), the common case, take `RadixSelection`;
    /// anything else a Hoare selection, where each selection starts where the
    /// one before it stopped: after the value of rank k is in place, every
    /// higher rank lies above index k. Both give the exact values of those
    /// ranks, so which one ran does not show in the result.
    /// - Parameter patterns: The values' `RadixSelection.Patterns`, if the caller found them as it made the values.
    static func percentiles(_ values: inout [Double], _ fractions: [Double], patterns: RadixSelection.Patterns? = nil) -> [Double]? {
        guard !values.isEmpty else { return nil }
        let ranks = fractions.map { p -> (lower: Int, weight: Double) in
            let rank = p * Double(values.count - 1)
            let lower = Int(rank.rounded(.down))
            return (lower, rank - Double(lower))
        }
        // Each fraction needs its lower rank, and the next one when it falls between the two.
        let needed = ranks.flatMap { rank in rank.weight > 0 && rank.lower + 1 < values.count ? [rank.lower, rank.lower + 1] : [rank.lower] }
        let valueOfRank: [Int: Double]
        if let selected = RadixSelection.values(ofRanks: needed, in: values, patterns: patterns) {
            valueOfRank = selected
        } else {
            var selected: [Int: Double] = [:]
            var start = 0
            for rank in needed where selected[rank] == nil {
                selected[rank] = select(rank, in: &values, from: start)
                start = rank
            }
            valueOfRank = selected
        }
        return ranks.map { rank in
            let lowerValue = valueOfRank[rank.lower]!
            guard let upperValue = valueOfRank[rank.lower + 1], rank.weight > 0 else { return lowerValue }
            return lowerValue + (upperValue - lowerValue) * rank.weight
        }
    }

    /// Hoare's selection: moves the value of sorted rank `k` to index `k`, smaller ones before it, larger after.
    /// Only indices from `start` on are searched: the caller knows none before it belongs at or after `k`.
    private static func select(_ k: Int, in values: inout [Double], from start: Int) -> Double {
        var low = start
        var high = values.count - 1
        while low < high {
            let middle = low + (high - low) / 2
            // Median of three as the pivot keeps sorted input from going quadratic.
            let pivot = max(min(values[low], values[middle]), min(max(values[low], values[middle]), values[high]))
            var i = low
            var j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                break
            }
        }
        return values[k]
    }

    /// The RMS error of the speeds the fixes report against `trueSpeed` at their delivery times; nil if none reports one.
    ///
    /// Fixes without a speed (negative) are skipped without copying the others.
    static func speedRMSE(of fixes: [LocationFix], trueSpeed: (Double) -> Double) -> Double? {
        var speedCount = 0
        var squaredSpeedErrors = 0.0
        for fix in fixes where fix.speedMetersPerSecond >= 0 {
            let error = fix.speedMetersPerSecond - trueSpeed(fix.deliveryTimeSeconds)
            squaredSpeedErrors += error * error
            speedCount += 1
        }
        return speedCount == 0 ? nil : (squaredSpeedErrors / Double(speedCount)).squareRoot()
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
