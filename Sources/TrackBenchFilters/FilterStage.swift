import TrackBenchModel
/// One registered filter with the parameter values the user set: a single stage of a configured filter.
package struct FilterStage: Sendable {
    /// The filter's type, as registered.
    package var filterType: any RegisteredFilter.Type
    /// Only the parameters the user set, by name, in the order given; they make up the specification.
    package var overrides: [(name: String, value: Double)]
    /// The terrain model the stage's filter may look altitudes up in (`--dem DIR`); not part of the specification.
    package var elevationModel: (any ElevationLookup)?

    /// Creates a stage.
    package init(filterType: any RegisteredFilter.Type, overrides: [(name: String, value: Double)] = []) {
        self.filterType = filterType
        self.overrides = overrides
    }

    /// The values to build the filter with: the overrides (the last of repeats), defaults for the rest.
    package var settings: FilterSettings {
        var settings = FilterSettings(overrides: Dictionary(overrides.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }))
        settings.elevationModel = elevationModel
        return settings
    }

    /// The stage as written on the command line, such as `kalman:q=2.5`; it parses back to the same stage.
    package var specification: String {
        guard !overrides.isEmpty else { return filterType.name }
        let assignments = overrides.map { "\($0.name)=\(FilterParameter.format($0.value))" }
        return filterType.name + ":" + assignments.joined(separator: ",")
    }

    /// This stage with `parameter` set to `value`, replacing any earlier value of it.
    package func setting(_ parameter: String, to value: Double) -> FilterStage {
        var stage = FilterStage(filterType: filterType, overrides: overrides.filter { $0.name != parameter } + [(parameter, value)])
        stage.elevationModel = elevationModel
        return stage
    }

    /// A new filter value in its initial state.
    package func makeFilter() -> any LocationFilter {
        filterType.init(settings: settings)
    }
}
