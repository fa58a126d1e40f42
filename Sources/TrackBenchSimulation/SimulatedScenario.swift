import TrackBenchModel
/// A scenario with its simulated paths, ready to feed to filters.
package struct SimulatedScenario: Sendable {
    /// The scenario the paths were drawn for.
    package var scenario: Scenario
    /// What the runner really did; empty when simulated without keeping it (`Scenario.simulate(seed:keepingTruePath:)`).
    package var truePath: Path
    /// The true path's length, great circles between its fixes, in metres: kept even when the path is not.
    package var trueDistanceMeters: Double
    /// What the phone delivered, in delivery order: one fix per true fix
    /// unless the signal profile has faults or the scenario a tunnel.
    package var noisyPath: Path
    /// The pedometer's updates, in time order; empty without sensors.
    package var steps: [StepEvent]
    /// The compass's samples, in time order; empty without sensors.
    package var headings: [HeadingEvent]
    /// The barometer's readings, in time order; empty on a phone without one.
    package var barometer: [BarometerEvent]

    /// Creates a simulated scenario from its paths and sensor readings.
    /// - Parameter trueDistanceMeters: The true path's length; by default measured on `truePath`.
    package init(
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
