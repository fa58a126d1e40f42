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

    /// Creates a simulated scenario from its paths and sensor readings.
    public init(scenario: Scenario, truePath: Path, noisyPath: Path, steps: [StepEvent] = [], headings: [HeadingEvent] = []) {
        self.scenario = scenario
        self.truePath = truePath
        self.noisyPath = noisyPath
        self.steps = steps
        self.headings = headings
    }
}
