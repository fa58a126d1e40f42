import TrackBenchModel
extension EstimateMetrics {
    /// Measures a filter's estimates against a recording's reference.
    ///
    /// With a timed truth every metric but the stop metrics applies (speeds
    /// against the truth's speed over the segment holding the time). Against a
    /// route, position errors are distances to the route; lag and speed need
    /// times and stay empty. With only a distance, only kept fixes and gaps are measured.
    /// The stop metrics stay empty for recordings: a recording has no scripted stop.
    init(measuring estimates: Path, against replay: RecordingReplay) {
        let fixes = estimates.fixes
        keptPercent = replay.fixes.count == 0 ? 0 : Double(fixes.count) / Double(replay.fixes.count) * 100
        longestGapSeconds = Self.longestGap(in: fixes.map(\.deliveryTimeSeconds), runSeconds: replay.durationSeconds)
        let points = fixes.map { replay.frame.point(for: $0.coordinate) }
        var errors: [Double]
        switch replay.truth {
        case .distanceOnly:
            return
        case let .route(route):
            errors = points.map(route.distance(from:))
        case let .timed(track):
            errors = zip(points, track.positions(atTimes: fixes.map(\.deliveryTimeSeconds))).map { $0.distance(to: $1) }
            var samples = LagSamples(runSeconds: replay.durationSeconds)
            for (fix, point) in zip(fixes, points) { samples.offer(timeSeconds: fix.deliveryTimeSeconds, point: point) }
            let sampled = samples.samples
            lagSeconds = Self.lag(ofSamplesAt: sampled.times, points: sampled.points, truth: track)
            var speedErrors = RootMeanSquare()
            var truth = track
            Self.addSpeedErrors(of: fixes, against: &truth, to: &speedErrors)
            speedRMSEMetersPerSecond = speedErrors.value
        }
        setPositionMetrics(errors: &errors)
    }
}
