extension SimulatedScenario {
    /// Runs a copy of `filter` on what this scenario delivers, replacing the contents of `buffer` with its estimates:
    /// the noisy path, or in a scenario with sensors every event in time order.
    func estimate(with filter: any LocationFilter, events: [SensorEvent]?, into buffer: inout [LocationFix]) {
        guard let events else {
            filter.estimate(noisyPath, into: &buffer)
            return
        }
        var filter = filter
        buffer.removeAll(keepingCapacity: true)
        filter.run(over: events, into: &buffer)
    }

    /// The estimates of `filter` on what this scenario delivers (`estimate(with:events:into:)`), as a path.
    public func estimatedPath(of filter: any LocationFilter) -> Path {
        var buffer: [LocationFix] = []
        estimate(with: filter, events: events, into: &buffer)
        return Path(buffer)
    }
}
