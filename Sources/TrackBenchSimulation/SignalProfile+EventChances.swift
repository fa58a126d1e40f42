import Foundation
import TrackBenchModel

extension SignalProfile {
    /// The chance that an event the error makes at random once every `meanSeconds` on average (a Poisson process: a
    /// multipath offset switching, an excursion starting) happens within one fix interval, moving and stopped.
    ///
    /// Moving, 1 − e^(−interval / mean); stopped, where the error ages by only `stoppedErrorMotionFactor` of the
    /// clock's time, 1 − e^(−interval × factor / mean).
    /// - Parameter meanSeconds: The mean time between events, in seconds (> 0).
    func perFixChances(everySeconds meanSeconds: Double) -> (moving: Double, stopped: Double) {
        let interval = fixIntervalMeanSeconds
        return (1 - exp(-interval / meanSeconds), 1 - exp(-interval * stoppedErrorMotionFactor / meanSeconds))
    }
}
