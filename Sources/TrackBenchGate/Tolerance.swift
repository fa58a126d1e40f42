/// How much worse (or better) a metric may get before the regression gate reports it.
///
/// A change counts only when it exceeds both the absolute and the relative
/// allowance: the absolute one keeps values near zero from flagging on
/// rounding, the relative one keeps large values from flagging on the last
/// digit. Results are deterministic, so the defaults only absorb the last-bit
/// differences between platforms' math libraries.
package struct Tolerance: Sendable, Hashable {
    /// Allowed change in the metric's own unit (percent, metres, seconds, m/s).
    package var absolute: Double
    /// Allowed change as a fraction of the baseline's magnitude (0.001 = 0.1 %).
    package var relative: Double

    /// 0.001 in the metric's unit and 0.1 % of the baseline value.
    package static let standard = Tolerance(absolute: 0.001, relative: 0.001)

    /// Creates a tolerance.
    package init(absolute: Double, relative: Double) {
        self.absolute = absolute
        self.relative = relative
    }

    /// Whether a change of `amount` (in the metric's unit, either sign) from `baseline` is within tolerance.
    package func allows(_ amount: Double, from baseline: Double) -> Bool {
        abs(amount) <= absolute || abs(amount) <= relative * abs(baseline)
    }
}
