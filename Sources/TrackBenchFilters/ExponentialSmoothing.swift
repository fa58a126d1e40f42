import Foundation

/// The weight of a new value in time-aware exponential smoothing: 1 - exp(-elapsed / time constant).
///
/// A value that arrives `elapsedSeconds` after the last one moves the
/// smoothed value this fraction of the way towards it, so the memory is a
/// time, not a number of readings: readings a second apart and a minute
/// apart age alike. A negative elapsed time (a value out of order) counts as
/// none, weight 0.
enum ExponentialSmoothing {
    /// The weight, from 0 (no time passed) towards 1 (long after the time constant).
    static func weight(elapsedSeconds: Double, timeConstantSeconds: Double) -> Double {
        1 - exp(-max(0, elapsedSeconds) / timeConstantSeconds)
    }
}
