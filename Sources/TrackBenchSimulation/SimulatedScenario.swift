import TrackBenchModel
/// A scenario with its simulated paths, ready to feed to filters.
public struct SimulatedScenario: Sendable {
    /// The scenario the paths were drawn for.
    public var scenario: Scenario
    /// What the runner really did; empty when simulated without keeping it (`Scenario.simulate(seed:keepingTruePath:)`).
    public var truePath: Path
    /// The true path's length, great circles between its fixes, in metres: kept even when the path is not.
    public var trueDistanceMeters: Double
    /// What the phone delivered, in delivery order: one fix per true fix
    /// unless the signal profile has faults or the scenario a tunnel.
    public var noisyPath: Path
    /// The pedometer's updates, in time order; empty without sensors.
    public var steps: [StepEvent]
    /// The compass's samples, in time order; empty without sensors.
    public var headings: [HeadingEvent]
    /// The barometer's readings, in time order; empty on a phone without one.
    public var barometer: [BarometerEvent]

    /// Creates a simulated scenario from its paths and sensor readings.
    /// - Parameter trueDistanceMeters: The true path's length; by default measured on `truePath`.
    public init(
        scenario: Scenario, truePath: Path, noisyPath: Path, trueDistanceMeters: Double? = nil,
        steps: [StepEvent] = [], headings: [HeadingEvent] = [], barometer: [BarometerEvent] = []
    ) {
        self.scenario = scenario
        self.truePath = truePath
        self.trueDistanceMeters = trueDistanceMeters ?? truePath.totalDistanceMeters
        self.noisyPath = noisyPath
        self.steps = steps
        self.headings = headings
        self.barometer = barometer
    }
}
