/// A filter the registry can name, describe and build from command-line settings.
///
/// Adding a filter to TrackBench means one new file with a type conforming to
/// this protocol, and one line in `FilterRegistry.builtIn`.
public protocol RegisteredFilter: LocationFilter {
    /// The command-line name, such as `kalman`: lowercase letters, digits and hyphens, starting with a letter.
    ///
    /// `FilterRegistry` checks it when the filter is registered, and that no
    /// other registered filter has it.
    static var name: String { get }
    /// One sentence on what the filter does, for `trackbench list`.
    static var summary: String { get }
    /// Whether the filter uses only the fixes delivered so far (online) or needs the whole track (offline).
    ///
    /// There is no default: a filter whose estimate for a fix depends on
    /// fixes delivered after it, such as a smoother that appends its
    /// estimates in `finish`, declares `.offline`; every other filter `.online`.
    /// Reports mark offline filters and name the best online one.
    static var timing: FilterTiming { get }
    /// The tunable parameters with units and defaults; empty if none.
    static var parameters: [FilterParameter] { get }
    /// Whether `trackbench run` runs the filter when no `--filter` is given (true by default).
    ///
    /// The altitude filters say no: they leave positions as they are, so on a
    /// suite without terrain they would only repeat `raw`.
    static var runsByDefault: Bool { get }
    /// Whether the filter needs a terrain model (`FilterSettings.elevationModel`, from `--dem DIR`); false by default.
    static var needsElevationModel: Bool { get }
    /// Creates the filter from settings already checked against `parameters`.
    init(settings: FilterSettings)
    /// Whether the filter needs pedometer and compass inputs, so runs without sensors leave it out by default.
    static var usesSensors: Bool { get }
}

extension RegisteredFilter {
    /// False: a filter of fixes, which every run includes by default.
    public static var usesSensors: Bool { false }
}

extension RegisteredFilter {
    /// Runs by default.
    public static var runsByDefault: Bool { true }
    /// Needs no terrain model.
    public static var needsElevationModel: Bool { false }
}
