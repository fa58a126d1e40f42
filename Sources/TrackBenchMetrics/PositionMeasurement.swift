import TrackBenchGeodesy
import TrackBenchModel
/// The metrics that depend only on where and when estimates are: position errors and their percentiles, lag,
/// gaps, drift during a stop, the endpoint and the dropout errors, summed in estimate order as they stream past.
///
/// These are most of the metrics' work, and many filters deliver the
/// fixes' own positions at the fixes' own times (gates that drop nothing,
/// filters of speed or altitude), so `MetricsAccumulator` measures them once
/// per scenario for all such filters (`TruthCache.deliveredPositions`). What
/// is kept is 16 bytes an estimate (the error, for the median and 95th
/// percentile, and the delivery time, for the longest gap of estimates that
/// come out of time order) plus a hundred lag samples.
struct PositionMeasurement {
    private let scenario: Scenario
    private let frame: LocalFrame
    private var trueTrack: TruthLookup
    /// The position error of each estimate, then spare room: `count` are filled.
    private var errors: [Double] = []
    /// The delivery time of each estimate, then spare room, as `errors`.
    private var times: [Double] = []
    /// How many estimates have been measured.
    private(set) var count = 0
    /// The errors' bit patterns, found as they are made, for the selection of their percentiles.
    private var errorPatterns = RadixSelection.Patterns()
    private var previousTime = 0.0
    private var longestGap = 0.0
    private var isInTimeOrder = true
    private var lagSamples: LagSamples
    /// The latest estimate, kept only for a scenario with sensors, whose endpoint error needs it.
    private var latest: LocationFix?
    private var shownInTunnel: [LocationFix?]
    private var stopDriftMeters = 0.0
    private var previousInStop: LocalPoint?

    /// How far into a tunnel, in seconds, the dropout metrics look: 30, 60 and 120 s.
    static let dropoutSeconds: [Double] = [30, 60, 120]

    /// Starts measuring estimates of `scenario` against the truth of `trueTrack`.
    /// - Parameter expectedCount: How many estimates to make room for: most filters make one per fix.
    init(scenario: Scenario, trueTrack: TruthLookup, expectedCount: Int) {
        self.scenario = scenario
        self.trueTrack = trueTrack
        frame = LocalFrame(origin: scenario.origin)
        errors = Array(repeating: 0, count: expectedCount)
        times = Array(repeating: 0, count: expectedCount)
        lagSamples = LagSamples(runSeconds: scenario.durationSeconds)
        shownInTunnel = Array(repeating: nil, count: Self.dropoutSeconds.count)
    }

    /// Measures the next estimates, in the order the filter made them.
    mutating func add(_ estimates: ArraySlice<LocationFix>) {
        let first = count
        makeRoom(for: estimates.count)
        // The cursor, the samples and the running sums live in locals for the loop, where they stay in registers,
        // and the values go straight into the arrays' room; all are stored back after it.
        var trueTrack = self.trueTrack
        var lagSamples = self.lagSamples
        var errorPatterns = self.errorPatterns
        var previousTime = self.previousTime
        var longestGap = self.longestGap
        var isInTimeOrder = self.isInTimeOrder
        let frame = self.frame
        errors.withUnsafeMutableBufferPointer { errors in
            times.withUnsafeMutableBufferPointer { times in
                for (offset, fix) in estimates.enumerated() {
                    let time = fix.deliveryTimeSeconds
                    // Points are projected where needed rather than kept: on a day-long run an array of them is tens of megabytes.
                    let point = frame.point(for: fix.coordinate)
                    let error = point.distance(to: trueTrack.position(atTime: time))
                    errors[first + offset] = error
                    times[first + offset] = time
                    errorPatterns.add(error)
                    if time < previousTime { isInTimeOrder = false }
                    longestGap = max(longestGap, time - previousTime)
                    previousTime = time
                    lagSamples.offer(timeSeconds: time, point: point)
                }
            }
        }
        count += estimates.count
        self.trueTrack = trueTrack
        self.lagSamples = lagSamples
        self.errorPatterns = errorPatterns
        self.previousTime = previousTime
        self.longestGap = longestGap
        self.isInTimeOrder = isInTimeOrder
        if scenario.sensors != nil || scenario.tunnelInterval != nil || scenario.stopInterval != nil {
            addScenarioSpecifics(of: estimates)
        }
    }

    /// Makes room in the arrays for `added` more estimates, doubling it when it grows, so a long run fed in
    /// batches copies them a logarithmic number of times.
    private mutating func makeRoom(for added: Int) {
        let needed = count + added
        guard errors.count < needed else { return }
        let grown = max(needed, 2 * errors.count)
        errors.append(contentsOf: repeatElement(0, count: grown - errors.count))
        times.append(contentsOf: repeatElement(0, count: grown - times.count))
    }

    /// What only some scenarios measure: the endpoint (sensors), the dropouts (a tunnel), the drift during a stop.
    private mutating func addScenarioSpecifics(of estimates: ArraySlice<LocationFix>) {
        let stop = scenario.stopInterval
        let tunnelStart = scenario.tunnelInterval?.lowerBound
        let tracksLatest = scenario.sensors != nil
        for fix in estimates {
            let time = fix.deliveryTimeSeconds
            // The estimate an app shows at a time is the latest delivered by then, the last given of equal times.
            if tracksLatest, time >= (latest?.deliveryTimeSeconds ?? -.infinity), time <= .infinity { latest = fix }
            if let tunnelStart {
                for (index, seconds) in Self.dropoutSeconds.enumerated()
                where time <= tunnelStart + seconds && time >= (shownInTunnel[index]?.deliveryTimeSeconds ?? -.infinity) {
                    shownInTunnel[index] = fix
                }
            }
            if let stop {
                let point = frame.point(for: fix.coordinate)
                let isInStop = stop.contains(time)
                if isInStop, let previous = previousInStop { stopDriftMeters += point.distance(to: previous) }
                previousInStop = isInStop ? point : nil
            }
        }
    }

    /// Sets the metrics measured here: position p50, p95 and RMSE, lag, longest gap, the drift during a stop, the
    /// endpoint and the dropout errors.
    /// - Parameter truth: The true track at shifted times, for the lag search.
    mutating func measure(into metrics: inout EstimateMetrics, truth: some TruePositions) {
        errors.removeLast(errors.count - count)
        times.removeLast(times.count - count)
        metrics.setPositionMetrics(errors: &errors, patterns: errorPatterns)
        let samples = lagSamples.samples
        metrics.lagSeconds = EstimateMetrics.lag(ofSamplesAt: samples.times, points: samples.points, truth: truth)
        let runSeconds = scenario.durationSeconds
        metrics.longestGapSeconds = isInTimeOrder && runSeconds >= previousTime
            ? max(longestGap, runSeconds - previousTime)
            : EstimateMetrics.longestGap(in: times, runSeconds: runSeconds)
        if scenario.sensors != nil, let last = latest {
            let end = scenario.truePosition(atTime: scenario.durationSeconds)
            metrics.endpointErrorCentimetersPerMeter = frame.point(for: last.coordinate).distance(to: end) * 100 / scenario.distanceMeters
        }
        if let tunnel = scenario.tunnelInterval {
            let errors = zip(Self.dropoutSeconds, shownInTunnel).map { seconds, shown -> Double? in
                guard seconds <= scenario.tunnelSeconds, let shown else { return nil }
                return frame.point(for: shown.coordinate).distance(to: scenario.truePosition(atTime: tunnel.lowerBound + seconds))
            }
            (metrics.dropoutError30sMeters, metrics.dropoutError60sMeters, metrics.dropoutError120sMeters) = (errors[0], errors[1], errors[2])
        }
        if scenario.stopInterval != nil {
            metrics.stationaryDriftMeters = stopDriftMeters
        }
    }
}
