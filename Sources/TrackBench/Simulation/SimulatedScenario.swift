/// A scenario with its simulated paths, ready to feed to filters.
public struct SimulatedScenario: Sendable {
    /// The scenario the paths were drawn for.
    public var scenario: Scenario
    /// What the runner really did.
    public var truePath: Path
    /// What the phone delivered, in delivery order: one fix per true fix
    /// unless the signal profile has faults.
    public var noisyPath: Path

    /// Creates a simulated scenario from its paths.
    public init(scenario: Scenario, truePath: Path, noisyPath: Path) {
        self.scenario = scenario
        self.truePath = truePath
        self.noisyPath = noisyPath
    }
}
