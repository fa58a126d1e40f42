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
    /// Whether the value must be a whole number, as for window sizes.
    public var isInteger: Bool

    /// Creates a parameter description.
    public init(name: String, defaultValue: Double, unit: String, summary: String, minimum: Double, isInteger: Bool = false) {
        self.name = name
        self.defaultValue = defaultValue
        self.unit = unit
        self.summary = summary
        self.minimum = minimum
        self.isInteger = isInteger
    }
}
