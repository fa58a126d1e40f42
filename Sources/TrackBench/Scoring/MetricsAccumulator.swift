/// Measures a filter's estimates against a scenario's true track as they stream past, a batch at a time.
///
/// Every metric of `EstimateMetrics` is summed in estimate order in one pass,
/// so the harness can score a long run's estimates batch by batch and drop
/// each batch before the next; what it keeps is 16 bytes an estimate (the
/// position error, for the median and 95th percentile, and the delivery time,
/// for the longest gap of a filter whose estimates come out of time order)
/// plus a hundred lag samples. Every metric compares an estimate with the
/// exact true track at its delivery time: where the app shows the runner
/// against where the runner is.
struct MetricsAccumulator {
    private let scenario: Scenario
    private let frame: LocalFrame
    private let truth: TruthCache
    private var trueTrack: TruthLookup
    /// The position error of each estimate, then spare room: `count` are filled.
    private var errors: [Double] = []
    /// The delivery time of each estimate, then spare room, as `errors`.
    private var times: [Double] = []
    /// How many estimates have been added.
    private var count = 0
    private var squaredErrors = 0.0
    /// The errors' bit patterns, found as they are made, for the selection of their percentiles.
    private var errorPatterns = RadixSelection.Patterns()
    private var previousTime = 0.0
    private var longestGap = 0.0
    private var isInTimeOrder = true
    private var speedCount = 0
    private var squaredSpeedErrors = 0.0
    private var lagSamples: LagSamples
    /// The latest estimate, kept only for a scenario with sensors, whose endpoint error needs it.
    private var latest: LocationFix?
    private var shownInTunnel: [LocationFix?]
    private var elevation: ElevationSums?
    private var stopDriftMeters = 0.0
    private var previousInStop: LocalPoint?
    private var firstStopped: LocationFix?

    /// How far into a tunnel, in seconds, the dropout metrics look: 30, 60 and 120 s.
    static let dropoutSeconds: [Double] = [30, 60, 120]

    /// The running sums of the elevation metrics, for a scenario with terrain.
    private struct ElevationSums {
        var trueTrack: TruthLookup
        var squaredErrors = 0.0
        var count = 0
        var gainMeters = 0.0
        var length3DMeters = 0.0
        var previous: (point: LocalPoint, altitudeMeters: Double)?
    }

    /// Starts measuring a filter's estimates for `scenario`, with true positions from `truth`, which the
    /// scenario's other filters share.
    /// - Parameter expectedCount: How many estimates to make room for: most filters make one per fix.
    init(scenario: Scenario, truth: TruthCache, expectedCount: Int = 0) {
        errors = Array(repeating: 0, count: expectedCount)
        times = Array(repeating: 0, count: expectedCount)
        self.scenario = scenario
        self.truth = truth
        frame = LocalFrame(origin: scenario.origin)
        trueTrack = truth.lookup()
        lagSamples = LagSamples(runSeconds: scenario.durationSeconds)
        shownInTunnel = Array(repeating: nil, count: Self.dropoutSeconds.count)
        if scenario.terrain != nil {
            elevation = ElevationSums(trueTrack: truth.lookup())
        }
    }

    /// Measures the next estimates, in the order the filter made them.
    mutating func add(_ estimates: [LocationFix]) {
        let first = count
        makeRoom(for: estimates.count)
        // The cursor, the samples and the running sums live in locals for the loop, where they stay in registers,
        // and the values go straight into the arrays' room; all are stored back after it.
        var trueTrack = self.trueTrack
        var lagSamples = self.lagSamples
        var squaredErrors = self.squaredErrors
        var errorPatterns = self.errorPatterns
        var previousTime = self.previousTime
        var longestGap = self.longestGap
        var isInTimeOrder = self.isInTimeOrder
        var speedCount = self.speedCount
        var squaredSpeedErrors = self.squaredSpeedErrors
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
                    squaredErrors += error * error
                    errorPatterns.add(error)
                    if time < previousTime { isInTimeOrder = false }
                    longestGap = max(longestGap, time - previousTime)
                    previousTime = time
                    if fix.speedMetersPerSecond >= 0 {
                        let speedError = fix.speedMetersPerSecond - trueTrack.speed(atTime: time)
                        squaredSpeedErrors += speedError * speedError
                        speedCount += 1
                    }
                    lagSamples.offer(timeSeconds: time, point: point)
                }
            }
        }
        count += estimates.count
        self.trueTrack = trueTrack
        self.lagSamples = lagSamples
        self.squaredErrors = squaredErrors
        self.errorPatterns = errorPatterns
        self.previousTime = previousTime
        self.longestGap = longestGap
        self.isInTimeOrder = isInTimeOrder
        self.speedCount = speedCount
        self.squaredSpeedErrors = squaredSpeedErrors
        if scenario.sensors != nil || scenario.tunnelInterval != nil || scenario.stopInterval != nil || elevation != nil {
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

    /// The metrics only some scenarios have: the endpoint (sensors), the dropouts (a tunnel), the stop, the elevation.
    private mutating func addScenarioSpecifics(of estimates: [LocationFix]) {
        let stop = scenario.stopInterval
        let tunnelStart = scenario.tunnelInterval?.lowerBound
        let tracksLatest = scenario.sensors != nil
        for fix in estimates {
            let time = fix.deliveryTimeSeconds
            let point = frame.point(for: fix.coordinate)
            // The estimate an app shows at a time is the latest delivered by then, the last given of equal times.
            if tracksLatest, time >= (latest?.deliveryTimeSeconds ?? -.infinity), time <= .infinity { latest = fix }
            if let tunnelStart {
                for (index, seconds) in Self.dropoutSeconds.enumerated()
                where time <= tunnelStart + seconds && time >= (shownInTunnel[index]?.deliveryTimeSeconds ?? -.infinity) {
                    shownInTunnel[index] = fix
                }
            }
            if let stop {
                let isInStop = stop.contains(time)
                if isInStop, let previous = previousInStop { stopDriftMeters += point.distance(to: previous) }
                previousInStop = isInStop ? point : nil
                if firstStopped == nil, isInStop, fix.speedMetersPerSecond >= 0, fix.speedMetersPerSecond < EstimateMetrics.stoppedSpeedMetersPerSecond {
                    firstStopped = fix
                }
            }
            if elevation != nil, fix.verticalAccuracyMeters >= 0, fix.altitudeMeters.isFinite {
                addElevation(of: fix, at: point)
            }
        }
    }

    /// Adds an estimate with a valid altitude to the elevation sums: its error against the terrain under the true
    /// position, and its climb and 3-D step from the estimate before it with a valid altitude.
    private mutating func addElevation(of fix: LocationFix, at point: LocalPoint) {
        guard let terrain = scenario.terrain, var sums = elevation else { return }
        let error = fix.altitudeMeters - terrain.altitudeMeters(at: sums.trueTrack.position(atTime: fix.deliveryTimeSeconds))
        sums.squaredErrors += error * error
        sums.count += 1
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
    var estimateCount: Int { count }

    /// The metrics of every estimate added.
    /// - Parameter deliveredFixes: How many fixes the filter was fed.
    mutating func metrics(deliveredFixes: Int) -> EstimateMetrics {
        var metrics = EstimateMetrics()
        errors.removeLast(errors.count - count)
        times.removeLast(times.count - count)
        metrics.positionRMSEMeters = count == 0 ? nil : (squaredErrors / Double(count)).squareRoot()
        let percentiles = EstimateMetrics.percentiles(&errors, [0.5, 0.95], patterns: errorPatterns)
        metrics.positionMedianMeters = percentiles?[0]
        metrics.position95thPercentileMeters = percentiles?[1]
        let samples = lagSamples.samples
        metrics.lagSeconds = EstimateMetrics.lag(ofSamplesAt: samples.times, points: samples.points, truth: truth)
        metrics.keptPercent = deliveredFixes == 0 ? 0 : Double(count) / Double(deliveredFixes) * 100
        let runSeconds = scenario.durationSeconds
        metrics.longestGapSeconds = isInTimeOrder && runSeconds >= previousTime
            ? max(longestGap, runSeconds - previousTime)
            : EstimateMetrics.longestGap(in: times, runSeconds: runSeconds)
        metrics.speedRMSEMetersPerSecond = speedCount == 0 ? nil : (squaredSpeedErrors / Double(speedCount)).squareRoot()
        if let sums = elevation, sums.count > 0 {
            let trueElevation = truth.elevationProfile
            metrics.altitudeRMSEMeters = (sums.squaredErrors / Double(sums.count)).squareRoot()
            metrics.elevationGainErrorMeters = sums.gainMeters - trueElevation.gainMeters
            if trueElevation.gainMeters >= EstimateMetrics.smallestGainForPercentMeters {
                metrics.elevationGainErrorPercent = (sums.gainMeters - trueElevation.gainMeters) / trueElevation.gainMeters * 100
            }
            if trueElevation.length3DMeters > 0 {
                metrics.distance3DErrorPercent = (sums.length3DMeters - trueElevation.length3DMeters) / trueElevation.length3DMeters * 100
            }
        }
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
        if let stop = scenario.stopInterval {
            metrics.stationaryDriftMeters = stopDriftMeters
            metrics.stopDetectionSeconds = firstStopped.map { $0.deliveryTimeSeconds - stop.lowerBound } ?? scenario.stopSeconds
        }
        return metrics
    }
}
