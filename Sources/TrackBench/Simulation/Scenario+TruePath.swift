extension Scenario {
    /// The path the runner really took: one perfect fix per (jittered) fix interval.
    ///
    /// Fix intervals are drawn from the signal profile's mean and deviation
    /// (floored at a tenth of the mean, so time always moves forward); each
    /// step covers speed x interval along the path. The last fix lands exactly
    /// on the end of the path. True fixes have altitude 0 and accuracies 0.
    /// - Parameters:
    ///   - gaussian: The normal source for the intervals.
    ///   - generator: The scenario's random stream.
    /// - Returns: The true path, starting at time 0 at the scenario's origin.
    public func truePath<Generator: RandomNumberGenerator>(
        gaussian: inout GaussianSampler,
        using generator: inout Generator
    ) -> Path {
        let frame = LocalFrame(origin: origin)
        let shortestInterval = signal.fixIntervalMeanSeconds / 10
        var fixes: [LocationFix] = []
        fixes.reserveCapacity(Int(durationSeconds / signal.fixIntervalMeanSeconds) + 2)
        var timeSeconds = 0.0
        var coveredMeters = 0.0
        while true {
            let (point, course) = pathType.position(atDistanceMeters: coveredMeters, totalMeters: distanceMeters)
            let coordinate = frame.coordinate(for: point)
            fixes.append(LocationFix(
                latitude: coordinate.latitude,
                longitude: coordinate.longitude,
                courseDegrees: course,
                speedMetersPerSecond: speedMetersPerSecond,
                timestampSeconds: timeSeconds
            ))
            if coveredMeters >= distanceMeters { break }
            let interval = max(
                shortestInterval,
                gaussian.next(mean: signal.fixIntervalMeanSeconds, deviation: signal.fixIntervalDeviationSeconds, using: &generator)
            )
            let remainingMeters = distanceMeters - coveredMeters
            if speedMetersPerSecond * interval >= remainingMeters {
                timeSeconds += remainingMeters / speedMetersPerSecond
                coveredMeters = distanceMeters
            } else {
                timeSeconds += interval
                coveredMeters += speedMetersPerSecond * interval
            }
        }
        return Path(fixes)
    }
}
