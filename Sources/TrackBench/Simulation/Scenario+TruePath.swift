extension Scenario {
    /// The path the runner really took: one perfect fix per (jittered) fix interval.
    ///
    /// Fix intervals are drawn from the signal profile's mean and deviation
    /// (floored at a tenth of the mean, so time always moves forward); while
    /// moving, each step covers speed x interval along the path. The last fix
    /// lands exactly on the end of the path. True fixes have the terrain's
    /// altitude (0 without a terrain) and accuracies 0; during a stop their speed is 0 and their course unknown. A recorded scenario's true path
    /// follows its route instead (`TimedTrack.truePath`).
    /// - Parameters:
    ///   - gaussian: The normal source for the intervals.
    ///   - generator: The scenario's random stream.
    /// - Returns: The true path, starting at time 0 at the scenario's origin.
    func truePath<Generator: RandomNumberGenerator>(
        gaussian: inout GaussianSampler,
        using generator: inout Generator
    ) -> Path {
        let frame = LocalFrame(origin: origin)
        if let route {
            return route.track.truePath(signal: signal, in: frame, gaussian: &gaussian, using: &generator)
        }
        let shortestInterval = signal.fixIntervalMeanSeconds / 10
        let endSeconds = durationSeconds
        var fixes: [LocationFix] = []
        fixes.reserveCapacity(Int(endSeconds / signal.fixIntervalMeanSeconds) + 2)
        var timeSeconds = 0.0
        while true {
            let (point, course) = pathType.position(
                atDistanceMeters: distanceCoveredMeters(atTime: timeSeconds),
                totalMeters: distanceMeters
            )
            let coordinate = frame.coordinate(for: point)
            let speed = trueSpeedMetersPerSecond(atTime: timeSeconds)
            fixes.append(LocationFix(
                latitude: coordinate.latitude,
                longitude: coordinate.longitude,
                altitudeMeters: terrain?.altitudeMeters(at: point) ?? 0,
                courseDegrees: speed > 0 ? course : -1,
                speedMetersPerSecond: speed,
                timestampSeconds: timeSeconds
            ))
            if timeSeconds >= endSeconds { break }
            let interval = max(
                shortestInterval,
                gaussian.next(mean: signal.fixIntervalMeanSeconds, deviation: signal.fixIntervalDeviationSeconds, using: &generator)
            )
            timeSeconds = min(timeSeconds + interval, endSeconds)
        }
        return Path(fixes)
    }
}
