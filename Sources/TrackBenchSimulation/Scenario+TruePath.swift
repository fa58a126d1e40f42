import TrackBenchGeodesy
import TrackBenchModel
extension Scenario {
    /// The path the runner really took: one perfect fix per (jittered) fix interval (`TrueFixes`).
    ///
    /// The last fix lands exactly on the end of the path. True fixes have the
    /// terrain's altitude (0 without a terrain) and accuracies 0; during a stop
    /// their speed is 0 and their course unknown. A recorded scenario's true
    /// path follows its route instead.
    /// - Parameter seed: The run's seed; the intervals draw from the scenario's clock stream.
    /// - Returns: The true path, starting at time 0 at the scenario's origin.
    func truePath(seed: UInt64) -> Path {
        let frame = LocalFrame(origin: origin)
        if let route {
            return Path(Array(TrueFixes(motion: route.track, signal: signal, frame: frame, seed: seed, streamName: noiseStreamName)))
        }
        return Path(Array(TrueFixes(motion: ShapeMotion(scenario: self), signal: signal, frame: frame, seed: seed, streamName: noiseStreamName)))
    }
}
