import TrackBenchSupport
/// One numeric key of a profile in a scenario file: its one declaration, which parsing and the documentation loop over.
///
/// The bounds are inclusive unless `excludesMinimum` is set (a cadence or a
/// time constant must be above zero, not zero).
struct ProfileKey<Root>: Sendable {
    /// The JSON key, such as `cadenceStepsPerSecond`.
    let name: String
    /// The unit, such as `steps/s`, `m`, `s`, `°` or `per step`.
    let unit: String
    /// What the key sets, in a few words, for the documentation.
    let summary: String
    /// The values accepted.
    let bounds: ProfileBounds
    /// Where the value goes.
    let keyPath: WritableKeyPath<Root, Double> & Sendable
    /// What a file that leaves the key out gets; nil when the key is required. A key added after files were
    /// written has one, so those files read as before.
    let leftOut: Double?

    init(
        _ name: String, _ unit: String, _ summary: String, minimum: Double, excludesMinimum: Bool = false, maximum: Double,
        _ keyPath: WritableKeyPath<Root, Double> & Sendable, leftOut: Double? = nil
    ) {
        self.name = name
        self.unit = unit
        self.summary = summary
        bounds = ProfileBounds(minimum: minimum, excludesMinimum: excludesMinimum, maximum: maximum)
        self.keyPath = keyPath
        self.leftOut = leftOut
    }

    /// Whether `value` is finite and within the bounds.
    func accepts(_ value: Double) -> Bool {
        bounds.accepts(value)
    }

    /// The accepted values in words, such as "> 0 and <= 10".
    var expectation: String {
        bounds.expectation
    }

    /// The accepted values as the fault and barometer objects' errors word them, such as "a number from 0 to 1000 m".
    var range: String {
        "a number from \(NumberFormat.compact(bounds.minimum)) to \(NumberFormat.compact(bounds.maximum)) \(unit)"
    }
}
