import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchMetrics
@testable import TrackBenchEngine

/// A truth of timed checkpoints: errors at the checkpoints' times, the true distance between them.
struct CheckpointTruthTests {
    /// Degrees of latitude per metre, near enough for a test's tolerance.
    static let degreesPerMeter = 1 / 111_195.0

    /// A walk east at 1 m/s for 60 s with fixes 3 m north of it, and checkpoints every 20 s (one outside the fixes).
    static func replay() throws -> RecordingReplay {
        let east = { (seconds: Double) in 11 + seconds * degreesPerMeter / cos(49 * .pi / 180) }
        let fixes = (0...60).map { LocationFix(latitude: 49 + 3 * degreesPerMeter, longitude: east(Double($0)), horizontalAccuracyMeters: 5,
                                              timestampSeconds: 1_700_000_000 + Double($0)) }
        let checkpoints = [0.0, 20, 40, 60, 80].map { LocationFix(latitude: 49, longitude: east($0), timestampSeconds: 1_700_000_000 + $0) }
        var truth = Recording(format: .checkpoints, fixes: checkpoints, hasTimes: true, timeBase: .unixUTC, skipped: [], notes: [])
        truth.isCheckpoints = true
        let recording = Recording(format: .getSensorData, fixes: fixes, hasTimes: true, timeBase: .unixUTC, skipped: [], notes: [])
        return try RecordingReplay(id: "walk", fixes: recording, truth: truth)
    }

    @Test func aWalkIsScoredAtItsCheckpointsAndOverTheDistanceBetweenThem() throws {
        let replay = try Self.replay()
        #expect(replay.alignment == .checkpoints)
        // The fixes cover 0...60 s: the straight lines between the checkpoints over that span are 60 m.
        #expect(abs(replay.trueDistanceMeters - 60) < 0.1)
        guard case let .checkpoints(track) = replay.truth else {
            Issue.record("expected a checkpoint truth")
            return
        }
        let points = replay.fixes.fixes.map { replay.frame.point(for: $0.coordinate) }
        let errors = EstimateMetrics.checkpointErrors(times: replay.fixes.fixes.map(\.deliveryTimeSeconds), points: points, checkpoints: track)
        // Four checkpoints fall in the fixes' span, each 3 m south of the fix at its time.
        #expect(errors.count == 4)
        #expect(errors.allSatisfy { abs($0 - 3) < 0.02 })
    }

    @Test func estimatesBetweenFixesAreInterpolatedAtACheckpointsTime() {
        let track = TimedTrack(times: [5], points: [LocalPoint(east: 5, north: 0)])
        let errors = EstimateMetrics.checkpointErrors(
            times: [0, 10], points: [LocalPoint(east: 0, north: 4), LocalPoint(east: 10, north: 4)], checkpoints: track
        )
        #expect(errors == [4])
    }
}
