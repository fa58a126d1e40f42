import Foundation
import TrackBenchFormats
import TrackBenchGeodesy
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchSupport

/// A recording aligned with its truth and ready to feed to filters: the fixes on the replay's clock and the reference.
///
/// With a timed truth, the fixes' times plus the suite's offset are put on
/// the truth's clock; fixes outside the truth's span are left out and
/// counted, and the true distance is the truth's length over the span the
/// fixes cover; undated times (times of day, GPS seconds of week) are first
/// dated (`RecordingDating`). A checkpoint truth is timed the same way, its
/// true distance the straight lines between consecutive checkpoints, and
/// estimates are scored at the checkpoints' times only. With a route (a truth without times), every fix is kept and
/// the true distance is the route's length. With only `distanceMeters`, that
/// is the true distance. The replay's clock starts at the first fix kept.
package struct RecordingReplay: Sendable {
    /// The recording's id.
    package var id: String
    /// The fixes fed to the filters, times in seconds since the first.
    package var fixes: Path
    /// The true distance the errors are measured against, in metres.
    package var trueDistanceMeters: Double
    /// How the truth is aligned: by `time`, to a `route`, or by `distance` only.
    package var alignment: ScenarioScore.Truth { truth.alignment }
    /// Fixes left out because they fall outside the truth's time span.
    package var fixesOutsideTruth: Int
    /// The time offset used, in seconds (added to the fixes' times).
    package var timeOffsetSeconds: Double
    /// The offset that minimises the raw fixes' RMS position error, in seconds; nil without a timed truth.
    package var bestTimeOffsetSeconds: Double?
    /// The replay's duration, first fix to last, in seconds.
    package var durationSeconds: Double
    /// The tags the suite gives.
    package var tags: [String: String]
    /// What the alignment assumed, one sentence each: a truth with times of day only placed on the fixes' date.
    package var alignmentNotes: [String] = []
    /// The reference.
    package let truth: RecordedTruth
    /// The frame positions are measured in: centred on the truth's first point (or the first fix).
    package let frame: LocalFrame

    /// The seed a replay's rows carry: the default first seed, since a replay draws no random numbers.
    package static let seed = Benchmark.defaultSeed
    /// The `path_type` a replay's rows carry.
    package static let pathType = "recording"
    /// The `signal` a replay's rows carry when the suite gives no `device` tag.
    package static let defaultSignal = "recorded"

    /// How far the best offset may be from the one used before the replay warns, in seconds.
    package static let offsetWarningSeconds = 1.0
    /// The offsets searched around the one used, in seconds.
    static let offsetSearchSeconds = 60.0

    /// Why a recording cannot be replayed against its truth.
    package struct AlignmentError: Error, LocalizedError, Equatable {
        /// The recording's id.
        package var id: String
        /// What is wrong and what to do.
        package var problem: String
        package var errorDescription: String? { "recording '\(id)': \(problem)" }
    }

    /// What a replay is aligned for, which its errors name: a suite's run (its key `timeOffsetSeconds`, and filters'
    /// distance errors to score) or `calibrate` (its option `--time-offset`, and a drift measured while moving).
    package enum Purpose: Sendable {
        case benchmark, calibration

        var offsetName: String { self == .benchmark ? "timeOffsetSeconds" : "--time-offset" }
        var needsDistance: String {
            self == .benchmark
                ? "every filter's distance error would divide by zero; expected a truth that covers a distance while the fixes were recorded"
                : "calibrate measures the error's drift and steps on the fixes made while moving; expected a recording made on the move"
        }
    }

    /// Aligns a suite entry with its truth.
    /// - Throws: `AlignmentError` when the truth does not overlap the fixes, fewer than two fixes remain, or the
    ///   truth covers no distance over the fixes' span (every distance error would divide by zero).
    package init(_ entry: RecordingSuite.Entry, for purpose: Purpose = .benchmark) throws(AlignmentError) {
        id = entry.id
        tags = entry.tags
        timeOffsetSeconds = entry.timeOffsetSeconds
        let dating: RecordingDating
        do {
            dating = try RecordingDating(fixes: entry.fixes, truth: entry.truth, offsetSeconds: entry.timeOffsetSeconds, day: entry.day)
        } catch {
            throw AlignmentError(id: entry.id, problem: error.problem)
        }
        alignmentNotes = dating.notes
        let recorded = dating.fixes.fixes
        let truthFixes = dating.truth?.fixes ?? []
        let isCheckpoints = entry.truth?.isCheckpoints ?? false
        let frame = LocalFrame(origin: (truthFixes.first ?? recorded[0]).coordinate)
        self.frame = frame
        let truthPoints = truthFixes.map { frame.point(for: $0.coordinate) }
        // Only a truth with times has a clock to put the fixes on: it decides which fixes are kept and the offset.
        let isTimed = entry.truth?.hasTimes ?? false
        let offset = isTimed ? entry.timeOffsetSeconds : 0
        var kept = recorded
        func clock(_ seconds: Double) -> String {
            dating.fixes.timeBase == .unixUTC ? UTCTime.text(seconds) : NumberFormat.fixed(seconds, decimals: 1) + " s"
        }
        if isTimed {
            let span = truthFixes[0].timestampSeconds...truthFixes[truthFixes.count - 1].timestampSeconds
            kept = recorded.filter { span.contains($0.timestampSeconds + offset) }
            guard kept.count >= 2 else {
                throw AlignmentError(
                    id: entry.id,
                    problem: "the truth covers \(clock(span.lowerBound)) to \(clock(span.upperBound)) "
                        + "but the fixes (plus \(purpose.offsetName) \(NumberFormat.compact(offset))) "
                        + "cover \(clock(recorded[0].timestampSeconds + offset)) "
                        + "to \(clock(recorded[recorded.count - 1].timestampSeconds + offset)): "
                        + "\(kept.count) fixes overlap, at least 2 are needed; check the files and \(purpose.offsetName)"
                )
            }
        }
        fixesOutsideTruth = recorded.count - kept.count
        let start = kept[0].timestampSeconds + offset
        // The last row may be a re-delivered cached fix, older than the newest.
        let end = kept.reduce(-Double.infinity) { max($0, $1.timestampSeconds) } + offset
        self.fixes = Path(kept.map { Self.shifted($0, by: offset - start) })
        durationSeconds = end - start
        if isTimed {
            let track = TimedTrack(times: truthFixes.map { $0.timestampSeconds - start }, points: truthPoints)
            truth = isCheckpoints ? .checkpoints(track) : .timed(track)
            trueDistanceMeters = Self.length(of: truthFixes, from: start, to: end)
            bestTimeOffsetSeconds = Self.bestOffset(of: recorded, frame: frame, truth: track, start: start, used: offset)
        } else if entry.truth != nil {
            truth = .route(RouteTrack(points: truthPoints))
            trueDistanceMeters = Path(truthFixes).totalDistanceMeters
        } else {
            truth = .distanceOnly
            trueDistanceMeters = entry.distanceMeters!
        }
        guard trueDistanceMeters > 0 else {
            let named = entry.truthFile.map { "truth '\($0)'" } ?? "the truth"
            let problem: String
            switch truth {
            case .timed, .checkpoints:
                problem = "\(named) does not move from \(clock(start)) to \(clock(end)), "
                    + "the span the fixes cover (plus \(purpose.offsetName) \(NumberFormat.compact(offset)))"
            case .route:
                problem = "\(named) is a route of \(truthFixes.count) point\(truthFixes.count == 1 ? "" : "s") at one place"
            case .distanceOnly:
                problem = "distanceMeters is \(NumberFormat.compact(trueDistanceMeters))"
            }
            throw AlignmentError(
                id: entry.id,
                problem: problem + ", so the true distance is 0 m: " + purpose.needsDistance
            )
        }
    }

    /// Aligns one recording with its truth for `calibrate`, as a suite entry naming the two files would.
    /// - Throws: `AlignmentError` when the truth does not overlap the fixes, or fewer than two fixes remain.
    /// - Parameter day: The UTC date the recording starts (days since 1970-01-01), for undated times; nil for none.
    package init(id: String, fixes: Recording, truth: Recording, timeOffsetSeconds: Double = 0, day: Int? = nil) throws(AlignmentError) {
        try self.init(RecordingSuite.Entry(
            id: id, fixes: fixes, truth: truth.truthRecording, distanceMeters: nil, timeOffsetSeconds: timeOffsetSeconds,
            tags: [:], fixesFile: id, truthFile: nil, day: day
        ), for: .calibration)
    }

    private static func shifted(_ fix: LocationFix, by seconds: Double) -> LocationFix {
        var fix = fix
        fix.timestampSeconds += seconds
        fix.deliveryTimeSeconds += seconds
        return fix
    }

    /// The great-circle length of the truth between two times, its ends interpolated.
    private static func length(of truth: [LocationFix], from start: Double, to end: Double) -> Double {
        func coordinate(at time: Double) -> LocationFix {
            guard let after = truth.firstIndex(where: { $0.timestampSeconds >= time }) else { return truth[truth.count - 1] }
            guard after > 0, truth[after].timestampSeconds > time else { return truth[after] }
            let (a, b) = (truth[after - 1], truth[after])
            let fraction = (time - a.timestampSeconds) / (b.timestampSeconds - a.timestampSeconds)
            return LocationFix(latitude: a.latitude + (b.latitude - a.latitude) * fraction,
                               longitude: Longitude.wrapped(a.longitude + Longitude.degreesEast(from: a.longitude, to: b.longitude) * fraction),
                               timestampSeconds: time)
        }
        let inside = truth.filter { $0.timestampSeconds > start && $0.timestampSeconds < end }
        return Path([coordinate(at: start)] + inside + [coordinate(at: end)]).totalDistanceMeters
    }

    /// The offset within `used` +- 60 s (whole seconds, then tenths) that minimises the raw fixes' mean squared
    /// distance from the truth, counting only fixes inside the truth's span.
    private static func bestOffset(of fixes: [LocationFix], frame: LocalFrame, truth: TimedTrack, start: Double, used: Double) -> Double? {
        let step = max(1, fixes.count / 2000)
        let samples = Swift.stride(from: 0, to: fixes.count, by: step).map { fixes[$0] }
        let points = samples.map { frame.point(for: $0.coordinate) }
        let span = truth.times[0]...truth.times[truth.times.count - 1]
        func cost(_ offset: Double) -> Double {
            var sum = 0.0
            var count = 0
            for (fix, point) in zip(samples, points) {
                let time = fix.timestampSeconds + offset - start
                guard span.contains(time) else { continue }
                let truePoint = truth.position(at: time)
                let (east, north) = (point.east - truePoint.east, point.north - truePoint.north)
                sum += east * east + north * north
                count += 1
            }
            // An offset that leaves under half the samples overlapping cannot be judged.
            return count * 2 >= samples.count ? sum / Double(count) : .infinity
        }
        func best(_ offsets: [Double]) -> Double? {
            let costs = offsets.map(cost)
            guard let index = costs.indices.min(by: { costs[$0] < costs[$1] }), costs[index].isFinite else { return nil }
            return offsets[index]
        }
        guard let coarse = best((-Int(offsetSearchSeconds)...Int(offsetSearchSeconds)).map { used + Double($0) }),
              let fine = best((-10...10).map { coarse + Double($0) / 10 }) else { return nil }
        return (fine * 10).rounded() / 10
    }

}
