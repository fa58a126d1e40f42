import TrackBenchModel
/// The parameter values one filter is built with: the user's, and the declared defaults for the rest.
///
/// A filter reads a value through its parameter's declaration,
/// `settings[Self.q]`, so a misspelt name is a compile error, and a
/// parameter the user did not set reads as its default.
public struct FilterSettings: Sendable, Hashable {
    private var overrides: [String: Double]
    /// The terrain model from `--dem DIR`, for the filters that look altitudes up; nil without one.
    ///
    /// A resource, not a setting: settings with and without it compare equal.
    package var elevationModel: (any ElevationLookup)?

    /// Creates settings from the user's values by parameter name, already validated.
    public init(overrides: [String: Double] = [:]) {
        self.overrides = overrides
    }

    /// The value of `parameter`: the user's if set, else its default.
    public subscript(parameter: FilterParameter) -> Double {
        overrides[parameter.name] ?? parameter.defaultValue
    }
}

extension FilterSettings {
    public static func == (lhs: FilterSettings, rhs: FilterSettings) -> Bool { lhs.overrides == rhs.overrides }

    public func hash(into hasher: inout Hasher) { hasher.combine(overrides) }
}
