import Foundation
import TrackBenchEngine
import TrackBenchFilters
import TrackBenchGeodesy
import TrackBenchModel
import TrackBenchSimulation

/// One scenario simulated under one seed, or one recording replayed, with chosen filters, measured for the path map
/// and the error timeline.
///
/// Positions are in metres east and north of the run's start (its
/// `LocalFrame`); times are seconds since the start. Each filter's estimates
/// are put in delivery-time order (the order the app showed them) and
/// measured the way `EstimateMetrics` measures them: the distance from the
/// exact true position at the estimate's delivery time. Estimates with a
/// non-finite coordinate are left out.
///
/// Besides the paths it finds what explains the errors: the stops, dropouts
/// (no fix delivered for more than three fix intervals), stale and invalid
/// fixes, multipath jumps, and the worst stretch (`worstWindow`).
package struct PlottedRun: Sendable {
    /// What kind of fix the phone delivered.
    enum FixKind: Sendable {
        /// A fix delivered when it was made, with a valid coordinate.
        case fresh
        /// A cached earlier fix re-delivered later (its delivery time is after its timestamp).
        case stale
        /// A fix marked invalid (negative accuracy): its coordinate is meaningless.
        case invalid
    }

    /// A delivered fix: where, when it was delivered, and what kind.
    struct Fix: Sendable {
        var point: LocalPoint
        var deliverySeconds: Double
        var kind: FixKind
    }

    /// One filter's estimates in delivery-time order, with each one's distance from the truth.
    struct Series: Sendable {
        var label: String
        var points: [LocalPoint]
        var deliverySeconds: [Double]
        /// Metres from the true position at each delivery time.
        var errorsMeters: [Double]
    }

    /// The length of the worst stretch, in seconds (the whole run if shorter).
    static let worstWindowSeconds = 60.0
    /// The length of the windows over which errors are averaged to find when they peak, in seconds.
    static let peakWindowSeconds = 10.0
    /// A gap between delivered fixes longer than this many mean fix intervals is a dropout.
    static let dropoutIntervals = 3.0

    /// The scenario the run simulated.
    /// What the pictures' titles name: the scenario and seed, or the recording.
    package let subject: String
    /// The mean time between fixes, in seconds: gaps over `dropoutIntervals` of it are dropouts.
    let fixIntervalSeconds: Double
    /// The true position at a time, in the run's frame; nil for a recording whose truth is a route without times.
    private let truth: (@Sendable (Double) -> LocalPoint)?
    /// The run's length, in seconds: the scenario's duration, or the last delivery if later.
    let durationSeconds: Double
    /// The true path's fix times, in seconds.
    let truthSeconds: [Double]
    /// The true path's positions.
    let truthPoints: [LocalPoint]
    /// The delivered fixes, in delivery order.
    let fixes: [Fix]
    /// The filters' estimates, in the order the filters were given.
    let series: [Series]
    /// When the runner stands still.
    let stops: [ClosedRange<Double>]
    /// When no fix was delivered for more than `dropoutIntervals` fix intervals: from the last fix before to the first after.
    let dropouts: [ClosedRange<Double>]
    /// When delivered fixes were shifted by a multipath jump: from the first shifted fix's time to the last's.
    let jumps: [ClosedRange<Double>]
    /// The `worstWindowSeconds` around the moment the filters' errors peak, within the run; nil when no filter gave
    /// an estimate.
    ///
    /// The peak is the middle of the `peakWindowSeconds` window with the
    /// highest sum over filters of each filter's mean error in it (of the
    /// windows that start at an estimate's delivery time, the earliest of
    /// equals): long enough that one wild fix does not outweigh a sustained
    /// error, short enough that the stretch around it shows the turn or the fault
    /// that caused it as well as the error. Windows starting during the
    /// signal's warm-up (its first `warmUpFixes` fix intervals), when every
    /// filter starts from the same poor fixes, are left out unless there are no
    /// others.
    package let worstWindow: ClosedRange<Double>?

    /// Simulates `scenario` under `seed`, runs each filter on the delivered fixes and measures the estimates.
    ///
    /// To find multipath jumps, which leave no mark on a fix, the scenario is
    /// simulated a second time with its faults turned off: faults draw from
    /// their own random stream, so that run's fixes equal the delivered ones
    /// except where a fault moved them.
    /// - Parameters:
    ///   - scenario: The scenario to simulate.
    ///   - seed: The seed, as `export` and `run` take it.
    ///   - filters: The filters to draw, in legend order; may be empty.
    package init(scenario: Scenario, seed: UInt64, filters: [FilterConfiguration]) {
        let simulated = scenario.simulate(seed: seed)
        var clean = scenario
        clean.signal.faults = .none
        let noiseOnly = scenario.signal.faults == .none ? simulated.noisyPath : clean.simulate(seed: seed).noisyPath
        let estimates = filters.map { (label: $0.label, path: simulated.estimatedPath(of: $0.makeFilter(scenario: scenario.id, seed: seed))) }
        self.init(simulated: simulated, seed: seed, noiseOnly: noiseOnly, estimates: estimates)
    }

    /// Measures given estimates of a simulated run.
    /// - Parameters:
    ///   - simulated: The run's true and delivered paths.
    ///   - seed: The run's seed, for titles.
    ///   - noiseOnly: The delivered path the same run gives without faults (one fix per true fix), to find jumps.
    ///   - estimates: Each filter's label and output.
    init(simulated: SimulatedScenario, seed: UInt64, noiseOnly: Path, estimates: [(label: String, path: Path)]) {
        let scenario = simulated.scenario
        let frame = LocalFrame(origin: scenario.origin)
        subject = "\(scenario.id), seed \(seed)"
        fixIntervalSeconds = scenario.signal.fixIntervalMeanSeconds
        truth = { scenario.truePosition(atTime: $0) }
        truthSeconds = simulated.truePath.fixes.map(\.timestampSeconds)
        truthPoints = simulated.truePath.fixes.map { frame.point(for: $0.coordinate) }
        fixes = Self.fixes(of: simulated.noisyPath, in: frame)
        series = Self.series(of: estimates, in: frame) { point, time in point.distance(to: scenario.truePosition(atTime: time)) }
        durationSeconds = max(
            scenario.durationSeconds, simulated.noisyPath.fixes.map(\.deliveryTimeSeconds).max() ?? 0,
            series.compactMap(\.deliverySeconds.last).max() ?? 0
        )
        stops = Self.stops(of: scenario, truePath: simulated.truePath)
        dropouts = Self.dropouts(in: simulated.noisyPath, runSeconds: durationSeconds, fixIntervalSeconds: scenario.signal.fixIntervalMeanSeconds)
        jumps = Self.jumps(in: simulated.noisyPath, noiseOnly: noiseOnly)
        let warmUpSeconds = Double(scenario.signal.warmUpFixes) * scenario.signal.fixIntervalMeanSeconds
        worstWindow = Self.worstWindow(of: series, runSeconds: durationSeconds, after: warmUpSeconds)
    }

    /// Runs `filters` over a recording's fixes and measures them against its reference for the pictures.
    ///
    /// Against a reference with times, errors are distances from the
    /// reference at each delivery time, as the metrics measure them; against
    /// a route drawn without times, distances from the route, and the map
    /// shows no "same moment" marks. A recording has no scripted stops and no
    /// fault-free twin, so none are shaded.
    /// - Throws: `PlotError.noPositions` for a recording whose truth is only a distance.
    package init(replay: RecordingReplay, filters: [FilterConfiguration]) throws(PlotError) {
        let frame = replay.frame
        subject = "\(replay.id), as recorded"
        let deliveries = replay.fixes.fixes.map(\.deliveryTimeSeconds).sorted()
        let gaps = zip(deliveries, deliveries.dropFirst()).map { $1 - $0 }.sorted()
        fixIntervalSeconds = gaps.isEmpty ? 1 : max(gaps[gaps.count / 2], 0.001)
        let estimates = filters.map { (label: $0.label, path: $0.makeFilter(scenario: replay.id).estimatedPath(for: replay.fixes)) }
        fixes = Self.fixes(of: replay.fixes, in: frame)
        switch replay.truth {
        case .distanceOnly:
            throw .noPositions(recording: replay.id)
        case let .timed(track), let .checkpoints(track):
            truth = { track.position(at: $0) }
            truthSeconds = track.times
            truthPoints = track.points
            series = Self.series(of: estimates, in: frame) { point, time in point.distance(to: track.position(at: time)) }
        case let .route(route):
            truth = nil
            truthSeconds = []
            truthPoints = route.points
            series = Self.series(of: estimates, in: frame) { point, _ in route.distance(from: point) }
        }
        durationSeconds = max(replay.durationSeconds, deliveries.last ?? 0, series.compactMap(\.deliverySeconds.last).max() ?? 0)
        stops = []
        dropouts = Self.dropouts(in: replay.fixes, runSeconds: durationSeconds, fixIntervalSeconds: fixIntervalSeconds)
        jumps = []
        worstWindow = Self.worstWindow(of: series, runSeconds: durationSeconds, after: 0)
    }

    /// The true position at `timeSeconds`, in the run's frame; nil when the truth is a route without times.
    func truePosition(atTime timeSeconds: Double) -> LocalPoint? {
        truth?(timeSeconds)
    }

    /// The delivered fixes as the map draws them.
    private static func fixes(of path: Path, in frame: LocalFrame) -> [Fix] {
        path.fixes.map { fix in
            let kind: FixKind = !fix.hasValidCoordinate ? .invalid : fix.deliveryTimeSeconds > fix.timestampSeconds ? .stale : .fresh
            return Fix(point: frame.point(for: fix.coordinate), deliverySeconds: fix.deliveryTimeSeconds, kind: kind)
        }
    }

    /// Each filter's finite estimates by delivery time (in output order within one time), with `error` of each.
    private static func series(
        of estimates: [(label: String, path: Path)], in frame: LocalFrame, error: (LocalPoint, Double) -> Double
    ) -> [Series] {
        estimates.map { label, path in
            let finite = path.fixes.enumerated().compactMap { offset, fix -> (offset: Int, time: Double, point: LocalPoint)? in
                let point = frame.point(for: fix.coordinate)
                guard point.east.isFinite, point.north.isFinite, fix.deliveryTimeSeconds.isFinite else { return nil }
                return (offset, fix.deliveryTimeSeconds, point)
            }
            let ordered = finite.sorted { ($0.time, $0.offset) < ($1.time, $1.offset) }
            return Series(
                label: label, points: ordered.map(\.point), deliverySeconds: ordered.map(\.time),
                errorsMeters: ordered.map { error($0.point, $0.time) }
            )
        }
    }


    /// The colour and dash pattern (nil = solid) of the filter at `index`, alike in every picture.
    ///
    /// Okabe-Ito colours without yellow (too pale on white) and black (the
    /// truth), and a dash pattern per filter as well, so lines stay apart in
    /// grey print and for every colour vision; both cycle, offset from each
    /// other, so the first 36 filters all differ.
    static func style(at index: Int) -> (colour: String, dash: String?) {
        let colours = Array(SVGCanvas.palette.prefix(6))
        let dashes: [String?] = [nil, "7 4", "2 3", "10 3 2 3", "4 2", "1 3"]
        return (colours[index % colours.count], dashes[(index + index / colours.count) % dashes.count])
    }

    /// The stop of a synthetic scenario; for a recorded route, each run of true fixes standing still.
    private static func stops(of scenario: Scenario, truePath: Path) -> [ClosedRange<Double>] {
        if let stop = scenario.stopInterval { return [stop] }
        var stops: [ClosedRange<Double>] = []
        var start: Double?
        var last = 0.0
        for fix in truePath.fixes {
            if fix.speedMetersPerSecond == 0 {
                if start == nil { start = fix.timestampSeconds }
                last = fix.timestampSeconds
            } else if let first = start {
                if last > first { stops.append(first...last) }
                start = nil
            }
        }
        if let first = start, last > first { stops.append(first...last) }
        return stops
    }

    /// Gaps in delivery longer than `dropoutIntervals` fix intervals, the run's start and end counting as deliveries.
    private static func dropouts(in path: Path, runSeconds: Double, fixIntervalSeconds: Double) -> [ClosedRange<Double>] {
        let times = ([0] + path.fixes.map(\.deliveryTimeSeconds) + [runSeconds]).sorted()
        return zip(times, times.dropFirst()).compactMap { before, after in
            after - before > dropoutIntervals * fixIntervalSeconds ? before...after : nil
        }
    }

    /// Stretches of fresh, valid fixes whose coordinate differs from the fault-free run's fix of the same time.
    private static func jumps(in path: Path, noiseOnly: Path) -> [ClosedRange<Double>] {
        var cleanByTime: [Double: Coordinate] = [:]
        for fix in noiseOnly.fixes { cleanByTime[fix.timestampSeconds] = fix.coordinate }
        var jumps: [ClosedRange<Double>] = []
        var current: ClosedRange<Double>?
        for fix in path.fixes where fix.hasValidCoordinate && fix.deliveryTimeSeconds == fix.timestampSeconds {
            let time = fix.timestampSeconds
            if let clean = cleanByTime[time], clean != fix.coordinate {
                current = current.map { $0.lowerBound...time } ?? time...time
            } else if let jump = current {
                jumps.append(jump)
                current = nil
            }
        }
        if let jump = current { jumps.append(jump) }
        return jumps
    }

    /// The `worstWindowSeconds` centred on the middle of the `peakWindowSeconds` with the highest sum over series of
    /// their mean error in it, moved to lie within the run; peak windows start at `earliest` seconds or later if any can.
    private static func worstWindow(of series: [Series], runSeconds: Double, after earliest: Double) -> ClosedRange<Double>? {
        let prefixSums = series.map { series in series.errorsMeters.reduce(into: [0.0]) { $0.append($0[$0.count - 1] + $1) } }
        let times = Set(series.flatMap(\.deliverySeconds)).sorted()
        let late = times.filter { $0 >= earliest }
        let starts = late.isEmpty ? times : late
        var peak: (start: Double, score: Double)?
        for start in starts {
            var score = 0.0
            for (index, series) in series.enumerated() {
                let from = firstIndex(in: series.deliverySeconds) { $0 >= start }
                let to = firstIndex(in: series.deliverySeconds) { $0 > start + peakWindowSeconds }
                guard to > from else { continue }
                score += (prefixSums[index][to] - prefixSums[index][from]) / Double(to - from)
            }
            if score > peak?.score ?? -1 { peak = (start, score) }
        }
        guard let peak else { return nil }
        let length = min(worstWindowSeconds, runSeconds)
        let start = min(max(peak.start + peakWindowSeconds / 2 - length / 2, 0), runSeconds - length)
        return start...(start + length)
    }

    /// The first index of sorted `values` where `predicate` holds, or the count; `predicate` must flip from false to true once.
    private static func firstIndex(in values: [Double], where predicate: (Double) -> Bool) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
