/// An offline Rauch-Tung-Striebel smoother over the constant-velocity model: the best track after the run.
///
/// A forward filter only knows the past; after a run every fix can also be
/// judged by the fixes that came after it. The Rauch-Tung-Striebel smoother
/// (Rauch, Tung and Striebel, "Maximum likelihood estimates of linear
/// dynamic systems", AIAA Journal, 1965) does this in two passes over the
/// same model as `cv-kalman` (`ConstantVelocityModel`, the same `noise`):
///
/// - `receive` runs the forward `cv-kalman` filter and stores, for each
///   valid fix, the predicted and filtered state (per axis a position and
///   velocity with their 2x2 covariance) and the fix. It emits nothing.
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
/// - Complexity: O(1) per fix and O(n) in `finish`; the history grows by one
///   entry (136 bytes) per valid fix, in one amortised array.
struct RTSSmoother: RegisteredFilter {
    static let name = "rts-smoother"
    static let summary = "Offline Rauch-Tung-Striebel smoother over the cv-kalman model: emits every estimate at the end of the run, each using the fixes before and after it."
    /// The `noise` parameter.
    static let noise = FilterParameter(
        name: "noise",
        defaultValue: 1,
        unit: "m/s^2",
        summary: "standard deviation of the unmodelled acceleration, as for cv-kalman; runners change pace and turn at about 1 m/s^2",
        minimum: 0
    )
    static let parameters = [noise]

    /// What the backward pass needs of one valid fix: 136 bytes.
    ///
    /// The forward prediction into each step is not kept: the backward pass
    /// recomputes it from the step before, with the same function and the same
    /// inputs, so it is the same to the bit, and a state holds one covariance
    /// for both axes (`ConstantVelocityModel`). A day at 1 Hz holds 136
    /// bytes per fix where keeping both predictions and covariances took 240.
    private struct Entry: Sendable {
        /// The fix as delivered, for its other fields.
        var fix: LocationFix
        /// The forward filter's state after this fix; overwritten with the smoothed state by the backward pass.
        var filtered: ConstantVelocityModel.State
        /// The time the forward filter predicted over to reach this fix, in seconds; 0 when it did not predict.
        var elapsedSeconds: Double
    }

    /// How many entries the history reserves room for on the first fix: an hour at 1 Hz.
    private static let initialHistoryCapacity = 3_600

    private let model: ConstantVelocityModel
    private var forward: ConstantVelocityKalmanFilter
    private var history: [Entry] = []

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
        guard let step = forward.step(fix) else { return }
        if history.isEmpty {
            history.reserveCapacity(Self.initialHistoryCapacity)
        }
        history.append(Entry(fix: fix, filtered: step.filtered, elapsedSeconds: step.elapsedSeconds))
    }

    mutating func finish(into estimates: inout [LocationFix]) {
        guard let frame = forward.frame, !history.isEmpty else { return }
        // Backward pass, in place: the last filtered state is already smoothed.
        var index = history.count - 2
        while index >= 0 {
            let next = history[index + 1]
            let filtered = history[index].filtered
            // The forward filter predicted from this state to the next fix, as `ConstantVelocityKalmanFilter.step` did.
            let nextPredicted = next.elapsedSeconds > 0 ? model.predicted(filtered, elapsedSeconds: next.elapsedSeconds) : filtered
            history[index].filtered = model.smoothed(
                filtered: filtered,
                nextPredicted: nextPredicted,
                nextSmoothed: next.filtered,
                elapsedSeconds: next.elapsedSeconds
            )
            index -= 1
        }
        estimates.reserveCapacity(estimates.count + history.count)
        for entry in history {
            estimates.append(ConstantVelocityModel.estimate(of: entry.fix, from: entry.filtered, in: frame))
        }
        // The stream has ended; a second call appends nothing.
        history.removeAll()
    }
}
