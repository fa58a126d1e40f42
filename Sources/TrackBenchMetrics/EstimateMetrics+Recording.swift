import TrackBenchGeodesy
import TrackBenchModel
extension EstimateMetrics {
    /// Measures a filter's estimates against a recording's reference.
    ///
    /// With a timed truth every metric but the stop metrics applies (speeds
    /// against the truth's speed over the segment holding the time). Against a
    /// route, position errors are distances to the route; lag and speed need
    /// times and stay empty. Against checkpoints, the position errors are the estimates' errors at the checkpoints'
    /// times (each estimate interpolated between the two either side; checkpoints outside the estimates' span are
    /// left out); lag and speed stay empty, since the truth between checkpoints is only a straight line.
    /// With only a distance, only kept fixes and gaps are measured.
    /// The stop metrics stay empty for recordings: a recording has no scripted stop.
    /// - Parameters:
    ///   - estimates: The filter's output, in output order.
    ///   - deliveredFixes: How many fixes the filter was fed.
    ///   - runSeconds: The replay's duration, in seconds.
    ///   - frame: The replay's local frame, which the truth's points are in.
    ///   - truth: The recording's reference.
    package init(measuring estimates: Path, deliveredFixes: Int, runSeconds: Double, frame: LocalFrame, truth: RecordedTruth) {
        let fixes = estimates.fixes
        keptPercent = deliveredFixes == 0 ? 0 : Double(fixes.count) / Double(deliveredFixes) * 100
        longestGapSeconds = Self.longestGap(in: fixes.map(\.deliveryTimeSeconds), runSeconds: runSeconds)
        let points = fixes.map { frame.point(for: $0.coordinate) }
        var errors: [Double]
        switch truth {
        case .distanceOnly:
            return
        case let .route(route):
            errors = points.map(route.distance(from:))
        case let .checkpoints(track):
            errors = Self.checkpointErrors(times: fixes.map(\.deliveryTimeSeconds), points: points, checkpoints: track)
        case let .timed(track):
            errors = zip(points, track.positions(atTimes: fixes.map(\.deliveryTimeSeconds))).map { $0.distance(to: $1) }
            var samples = LagSamples(runSeconds: runSeconds)
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

    /// The distance from each checkpoint to the estimate at its time, linearly interpolated between the estimates
    /// either side (in delivery order; an estimate at the very time is used as it is); checkpoints before the first
    /// estimate or after the last are left out.
    package static func checkpointErrors(times: [Double], points: [LocalPoint], checkpoints: TimedTrack) -> [Double] {
        var errors: [Double] = []
        var index = 0
        for (time, checkpoint) in zip(checkpoints.times, checkpoints.points) {
            while index < times.count && times[index] < time { index += 1 }
            guard index < times.count, index > 0 || times[index] == time else { continue }
            let estimate: LocalPoint
            if times[index] == time || index == 0 {
                estimate = points[index]
            } else {
                let (a, b) = (points[index - 1], points[index])
                let span = times[index] - times[index - 1]
                let fraction = span > 0 ? (time - times[index - 1]) / span : 1
                estimate = LocalPoint(east: a.east + (b.east - a.east) * fraction, north: a.north + (b.north - a.north) * fraction)
            }
            errors.append(estimate.distance(to: checkpoint))
        }
        return errors
    }
}
