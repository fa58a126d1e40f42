/// One tunable parameter of a filter, as documented by `trackbench list`.
public struct FilterParameter: Sendable, Hashable {
    /// The key used on the command line, as in `kalman:q=2.5`.
    public var name: String
    /// The value used when the key is not given.
    public var defaultValue: Double
    /// The unit of the value, such as `m/s`, `m`, `s` or `fixes`.
    public var unit: String
    /// What the parameter controls and why the default was chosen.
    public var summary: String
    /// The smallest accepted value (inclusive).
    public var minimum: Double
    /// The largest accepted value (inclusive); infinity when there is no upper bound.
    public var maximum: Double
    /// Whether the value must be a whole number, as for window sizes.
    public var isInteger: Bool

    /// Creates a parameter description.
    public init(
        name: String,
        defaultValue: Double,
        unit: String,
        summary: String,
        minimum: Double,
        maximum: Double = .infinity,
        isInteger: Bool = false
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.unit = unit
        self.summary = summary
        self.minimum = minimum
        self.maximum = isInteger ? min(maximum, FilterRegistry.largestWholeNumber) : maximum
        self.isInteger = isInteger
    }

    /// The accepted values in words, such as "a number from 0 to 1" or "a whole number >= 1".
    public var expectedValues: String {
        let kind = isInteger ? "a whole number" : "a number"
        let range = maximum.isFinite
            ? "from \(Self.format(minimum)) to \(Self.format(maximum))"
            : ">= \(Self.format(minimum))"
        return "\(kind) \(range)"
    }

    /// Whether `value` is finite, within `minimum...maximum`, and whole if it must be.
    public func accepts(_ value: Double) -> Bool {
        value.isFinite && value >= minimum && value <= maximum && (!isInteger || value == value.rounded())
    }

    /// The accepted values with the unit, for error messages: "a number >= 0 (m/s)".
    var expectation: String { "\(expectedValues) (\(unit))" }

    /// A value as written in a filter specification, such as `3`, `2.5`, `1e-05` or `1e16`.
    ///
    /// Whole numbers have no decimal point; others take the shortest form
    /// that reads back to the same `Double`. Exponents never carry a `+`,
    /// which joins pipeline stages, so every specification parses back.
    public static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)".replacingOccurrences(of: "e+", with: "e")
    }
}
