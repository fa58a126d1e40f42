/// One registered filter with its settings: a single stage of a configured filter.
public struct FilterStage: Sendable {
    /// The filter's type, as registered.
    public var filterType: any RegisteredFilter.Type
    /// The parameter values to build it with.
    public var settings: FilterSettings
    /// Only the parameters the user set, by name, in the order given; they make up the label.
    public var overrides: [(name: String, value: Double)]

    /// Creates a stage.
    public init(filterType: any RegisteredFilter.Type, overrides: [(name: String, value: Double)] = []) {
        self.filterType = filterType
        self.overrides = overrides
        self.settings = FilterSettings(
            parameters: filterType.parameters,
            overrides: Dictionary(overrides.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        )
    }

    /// The stage as written on the command line, such as `kalman:q=2.5`.
    public var specification: String {
        guard !overrides.isEmpty else { return filterType.name }
        let assignments = overrides.map { "\($0.name)=\(NumberFormat.compact($0.value))" }
        return filterType.name + ":" + assignments.joined(separator: ",")
    }

    /// A new filter value in its initial state.
    public func makeFilter() -> any LocationFilter {
        filterType.init(settings: settings)
    }
}
