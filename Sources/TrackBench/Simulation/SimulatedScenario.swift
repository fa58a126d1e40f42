/// A scenario with its simulated paths, ready to feed to filters.
public struct SimulatedScenario: Sendable {
    /// The scenario the paths were drawn for.
    public var scenario: Scenario
    /// What the runner really did.
    public var truePath: Path
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
    public init(
        scenario: Scenario, truePath: Path, noisyPath: Path, steps: [StepEvent] = [], headings: [HeadingEvent] = [], barometer: [BarometerEvent] = []
    ) {
        self.scenario = scenario
        self.truePath = truePath
        self.noisyPath = noisyPath
        self.steps = steps
        self.headings = headings
        self.barometer = barometer
    }
}
