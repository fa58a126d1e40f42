import TrackBenchGeodesy
import TrackBenchModel
/// An offline Rauch-Tung-Striebel smoother over the constant-velocity model: the best track after the run.
///
/// A forward filter only knows the past; after a run every fix can also be
/// judged by the fixes that came after it. The Rauch-Tung-Striebel smoother
/// (Rauch, Tung and Striebel, "Maximum likelihood estimates of linear
/// dynamic systems", AIAA Journal, 1965) does this in two passes over the
/// same model as `cv-kalman` (`ConstantVelocityModel`, the same `noise`):
///
/// - `receive` runs the forward `cv-kalman` filter and stores, for each
///   valid fix, the filtered state (position and velocity per axis and
///   their shared 2x2 covariance) and the time it predicted over. It emits
///   nothing.
/// - `finish` runs backwards from the last fix, x_s = x_f + C (x_s' - x_p')
///   with C = P_f F^T P_p'^-1, and emits every smoothed estimate in order.
///
/// It is meant for after-run distance and the saved track, not for live
/// display: nothing comes out until the run ends. The estimates carry the
/// same fields as `cv-kalman`'s (filtered position, 2-D RMS accuracy from the
/// smoothed covariance, speed and course from the smoothed velocity), and the
/// last one equals `cv-kalman`'s last estimate exactly, since at the end of
/// the run there is nothing after it to learn from. Invalid fixes are skipped,
/// and stale or duplicate timestamps are updates without prediction, as in
/// `cv-kalman`.
///
/// Memory: the fixes are kept as the slices they came in, which share the
/// caller's storage. Up to `largestStoredHistory` valid fixes the smoother
/// keeps every forward state (64 bytes a fix). Beyond that it keeps only the
/// forward filter at every `checkpointInterval`-th valid fix and, when it
/// finishes, runs the forward filter again one block at a time: once
/// backwards over the blocks to find the smoothed state where each begins,
/// then forwards, smoothing each block from its end and handing its
/// estimates over (`finish(into:flush:)`) before the next. Every state is
/// recomputed from the same inputs with the same arithmetic, so both ways
/// give the same estimates to the bit; the second costs about twice the
/// arithmetic and a few hundred kilobytes instead of 64 bytes a fix.
///
/// - Complexity: O(1) per fix; O(n) in `finish`.
struct RTSSmoother: RegisteredFilter {
    static let name = "rts-smoother"
    static let summary = "Offline Rauch-Tung-Striebel smoother over the cv-kalman model: emits every estimate at the end of the run, "
        + "each using the fixes before and after it."
    static let timing = FilterTiming.offline
    /// The `noise` parameter.
    static let noise = FilterParameter(
        name: "noise",
        defaultValue: 1,
        unit: "m/s^2",
        summary: "standard deviation of the unmodelled acceleration, as for cv-kalman; runners change pace and turn at about 1 m/s^2",
        minimum: 0
    )
    static let parameters = [noise]

    /// Above this many valid fixes (three days at 1 Hz) the smoother keeps checkpoints instead of every forward state.
    static let largestStoredHistory = 1 << 18
    /// How many valid fixes lie between two checkpoints: the block the finish runs again at a time.
    static let checkpointInterval = 1 << 12

    /// Where a valid fix is among the fixes fed: which batch, and which index in it.
    private struct Position {
        var batch: Int
        var index: Int
    }

    private let model: ConstantVelocityModel
    private var forward: ConstantVelocityKalmanFilter
    /// The fixes fed in batches, sharing the caller's storage.
    private var batches: [ArraySlice<LocationFix>] = []
    /// Fixes fed one at a time since the last batch; they become a batch of their own.
    private var single: [LocationFix] = []
    /// The forward step of every valid fix, while there are at most `largestStoredHistory`.
    private var steps: [ConstantVelocityKalmanFilter.Step] = []
    /// The forward filter before every `checkpointInterval`-th valid fix, and where that fix is.
    private var checkpoints: [(filter: ConstantVelocityKalmanFilter, position: Position)] = []
    /// How many valid fixes the forward filter has taken.
    private var validCount = 0

    init(settings: FilterSettings) {
        self.init(accelerationNoiseMetersPerSecondSquared: settings[Self.noise])
    }

    /// Creates the smoother.
    /// - Parameter accelerationNoiseMetersPerSecondSquared: The standard
    ///   deviation of the unmodelled acceleration, in m/s^2; 0 or more.
    init(accelerationNoiseMetersPerSecondSquared: Double) {
        model = ConstantVelocityModel(accelerationNoiseMetersPerSecondSquared: accelerationNoiseMetersPerSecondSquared)
        forward = ConstantVelocityKalmanFilter(accelerationNoiseMetersPerSecondSquared: accelerationNoiseMetersPerSecondSquared)
    }

    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        single.append(fix)
        take(fix, at: Position(batch: batches.count, index: single.count - 1))
    }

    mutating func receive(contentsOf fixes: ArraySlice<LocationFix>, into estimates: inout [LocationFix]) {
        keepSingleFixes()
        batches.append(fixes)
        let batch = batches.count - 1
        for index in fixes.indices {
            take(fixes[index], at: Position(batch: batch, index: index))
        }
    }

    /// Runs the forward filter over one fix, keeping its step or a checkpoint.
    @inline(__always)
    private mutating func take(_ fix: LocationFix, at position: Position) {
        guard fix.hasValidCoordinate else { return }
        if validCount % Self.checkpointInterval == 0 {
            checkpoints.append((forward, position))
        }
        guard let step = forward.step(fix) else { return }
        validCount += 1
        if validCount <= Self.largestStoredHistory {
            steps.append(step)
        } else if !steps.isEmpty {
            // From here on the finish recomputes the states from the checkpoints.
            steps = []
        }
    }

    /// Turns the fixes received one at a time into a batch, so positions stay valid.
    private mutating func keepSingleFixes() {
        guard !single.isEmpty else { return }
        batches.append(single[...])
        single = []
    }

    mutating func finish(into estimates: inout [LocationFix]) {
        finish(into: &estimates) { _ in }
    }

    mutating func finish(into estimates: inout [LocationFix], flush: (inout [LocationFix]) -> Void) {
        keepSingleFixes()
        if let frame = forward.frame, validCount > 0 {
            if validCount <= Self.largestStoredHistory {
                smoothStoredHistory(into: &estimates, frame: frame)
            } else {
                smoothByCheckpoints(into: &estimates, frame: frame, flush: flush)
            }
        }
        // The stream has ended; a second call appends nothing.
        batches = []
        steps = []
        checkpoints = []
        validCount = 0
    }

    /// The backward pass over every stored state, in place, then the estimates in order.
    private mutating func smoothStoredHistory(into estimates: inout [LocationFix], frame: LocalFrame) {
        smooth(&steps, before: nil)
        estimates.reserveCapacity(estimates.count + steps.count)
        var index = 0
        for batch in batches {
            for fix in batch where fix.hasValidCoordinate {
                estimates.append(ConstantVelocityModel.estimate(of: fix, from: steps[index].filtered, in: frame))
                index += 1
            }
        }
    }

    /// The backward pass one block at a time, from the checkpoints, handing each block's estimates over in order.
    private mutating func smoothByCheckpoints(into estimates: inout [LocationFix], frame: LocalFrame, flush: (inout [LocationFix]) -> Void) {
        // Backwards over the blocks: the smoothed first step of each, which ends the block before it.
        var blockStarts = [ConstantVelocityKalmanFilter.Step?](repeating: nil, count: checkpoints.count)
        for block in checkpoints.indices.reversed() {
            var (blockSteps, _) = forwardSteps(ofBlock: block)
            smooth(&blockSteps, before: block + 1 < checkpoints.count ? blockStarts[block + 1] : nil)
            blockStarts[block] = blockSteps.first
        }
        // Forwards: each block smoothed again from its end, and its estimates handed over.
        for block in checkpoints.indices {
            var (blockSteps, fixes) = forwardSteps(ofBlock: block)
            smooth(&blockSteps, before: block + 1 < checkpoints.count ? blockStarts[block + 1] : nil)
            for (fix, step) in zip(fixes, blockSteps) {
                estimates.append(ConstantVelocityModel.estimate(of: fix, from: step.filtered, in: frame))
            }
            flush(&estimates)
        }
    }

    /// The forward filter run again over one block's valid fixes from its checkpoint: each step, and each fix.
    private func forwardSteps(ofBlock block: Int) -> (steps: [ConstantVelocityKalmanFilter.Step], fixes: [LocationFix]) {
        var (filter, position) = checkpoints[block]
        let count = min(Self.checkpointInterval, validCount - block * Self.checkpointInterval)
        var steps: [ConstantVelocityKalmanFilter.Step] = []
        var fixes: [LocationFix] = []
        steps.reserveCapacity(count)
        fixes.reserveCapacity(count)
        while steps.count < count {
            let batch = batches[position.batch]
            if position.index == batch.endIndex {
                position = Position(batch: position.batch + 1, index: batches[position.batch + 1].startIndex)
                continue
            }
            let fix = batch[position.index]
            position.index += 1
            guard let step = filter.step(fix) else { continue }
            steps.append(step)
            fixes.append(fix)
        }
        return (steps, fixes)
    }

    /// The backward pass over consecutive steps, in place: each filtered state becomes the smoothed one.
    /// - Parameter next: The smoothed step right after the last of `steps`; nil when the last is the run's last,
    ///   whose filtered state is already smoothed.
    private func smooth(_ steps: inout [ConstantVelocityKalmanFilter.Step], before next: ConstantVelocityKalmanFilter.Step?) {
        guard var later = next ?? steps.last else { return }
        var index = next == nil ? steps.count - 2 : steps.count - 1
        while index >= 0 {
            let filtered = steps[index].filtered
            // The forward filter predicted from this state to the next fix, as `ConstantVelocityKalmanFilter.step` did.
            let nextPredicted = later.elapsedSeconds > 0 ? model.predicted(filtered, elapsedSeconds: later.elapsedSeconds) : filtered
            steps[index].filtered = model.smoothed(
                filtered: filtered,
                nextPredicted: nextPredicted,
                nextSmoothed: later.filtered,
                elapsedSeconds: later.elapsedSeconds
            )
            later = steps[index]
            index -= 1
        }
    }
}
