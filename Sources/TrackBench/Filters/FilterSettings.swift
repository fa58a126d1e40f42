/// The parameter values one filter is built with: defaults overridden by the user's.
public struct FilterSettings: Sendable, Hashable {
    private var values: [String: Double]

    /// Creates settings from explicit values; keys not given take the declared defaults.
    /// - Parameters:
    ///   - parameters: The filter's declared parameters.
    ///   - overrides: Values by parameter name, already validated.
    public init(parameters: [FilterParameter], overrides: [String: Double] = [:]) {
        var values: [String: Double] = [:]
        for parameter in parameters {
            values[parameter.name] = overrides[parameter.name] ?? parameter.defaultValue
        }
        self.values = values
    }

    /// The value of a declared parameter.
    ///
    /// Asking for an undeclared name is a programming error in the filter, and traps.
    public subscript(name: String) -> Double {
        guard let value = values[name] else {
            preconditionFailure("filter asked for undeclared parameter '\(name)'; declared: \(values.keys.sorted())")
        }
        return value
    }
}
