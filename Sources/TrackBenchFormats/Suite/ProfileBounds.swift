import TrackBenchSupport
/// The numbers a profile key accepts: finite, from a minimum to a maximum, the minimum itself refused where
/// `excludesMinimum` is set (a cadence or a time constant must be above zero, not zero).
struct ProfileBounds: Sendable {
    /// The smallest value accepted.
    let minimum: Double
    /// Whether `minimum` itself is refused.
    let excludesMinimum: Bool
    /// The largest value accepted.
    let maximum: Double

    /// Whether `value` is finite and within the bounds.
    func accepts(_ value: Double) -> Bool {
        value.isFinite && (excludesMinimum ? value > minimum : value >= minimum) && value <= maximum
    }

    /// The accepted values in words, such as "> 0 and <= 10".
    var expectation: String {
        "\(excludesMinimum ? ">" : ">=") \(NumberFormat.compact(minimum)) and <= \(NumberFormat.compact(maximum))"
    }
}
