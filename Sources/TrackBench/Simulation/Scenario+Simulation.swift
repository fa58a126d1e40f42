extension Scenario {
    /// Simulates the scenario: its true path and the noisy path a phone reports.
    ///
    /// Both are drawn from the scenario's own random stream, derived from
    /// `seed` and the scenario id, so the result does not depend on the order
    /// scenarios run in or on the thread that runs them.
    /// - Parameter seed: The run's seed (100 by default, as in the seed notes).
    public func simulate(seed: UInt64) -> SimulatedScenario {
        var generator = SplitMix64(seed: seed, stream: id)
        var gaussian = GaussianSampler()
        let truePath = truePath(gaussian: &gaussian, using: &generator)
        let noisyPath = NoiseModel(profile: signal).noisyPath(
            for: truePath,
            in: LocalFrame(origin: origin),
            gaussian: &gaussian,
            using: &generator
        )
        return SimulatedScenario(scenario: self, truePath: truePath, noisyPath: noisyPath)
    }
}
