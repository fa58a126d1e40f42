import TrackBenchModel
import TrackBenchSupport
/// Fixes read from a phone log or a reference file, with what the reader skipped and why.
///
/// Timestamps are seconds in the recording's `timeBase`: Unix UTC seconds for
/// files with dates, seconds as written for TrackBench's own path CSV.
/// A recording is never silently thinned: every line that held a fix and was
/// not used is counted in `skipped` under its reason.
package struct Recording: Sendable {
    /// The format the reader detected.
    package var format: RecordingFormat
    /// The fixes, in time order, no two at the same time (unless `hasTimes` is false: then in file order).
    package var fixes: [LocationFix]
    /// Whether the fixes carry times; false only for a route drawn on a map (a GPX without `time`).
    package var hasTimes: Bool
    /// What the timestamps count from.
    package var timeBase: TimeBase
    /// Fixes that were dropped, by reason, in the order the reasons were first met.
    package var skipped: [Skip]
    /// What the reader assumed about times, providers or the file; one sentence each.
    package var notes: [String]
    /// How accuracies were derived where the file has none (HDOP x the user-equivalent range error); one sentence each.
    /// They matter for the fixes a filter sees, not for a truth.
    package var accuracyNotes: [String] = []
    /// Whether `fixes` are checkpoints: timed surveyed points (landmarks, timing mats, a coach's marks) a walker or
    /// runner passed, not a track; as a truth they are scored at their own times only (Docs/recordings.md).
    package var isCheckpoints = false
    /// Checkpoints the file holds beside its fixes (GetSensorData `POSI` records), on the fixes' clock, in time order;
    /// empty for other formats. `truthRecording` makes them the truth.
    package var checkpoints: [LocationFix] = []

    /// The most points one recording file may hold: fixes and rows, NMEA epochs (one time's sentences), GPX or TCX
    /// points, GetSensorData records, each counted as it is read, before any is skipped.
    ///
    /// 2,000,000 points is 55 hours of a reference at 10 Hz, or 23 days of a phone at 1 Hz. It bounds the memory a
    /// file's points take while it is read (a few hundred bytes each at most), whatever the file holds: reading stops
    /// at the first point past it with `RecordingFileError.tooManyPoints`, seconds into a file of any size.
    package static let pointLimit = 2_000_000
    /// The most bytes one recording file may hold (2 GiB): a larger file is refused before any of it is read. The
    /// bytes are held while the file is read (once: lines are decoded one at a time).
    package static let byteLimit = 2 << 30

    /// What a recording's timestamps count from.
    package enum TimeBase: String, Sendable {
        /// Seconds since 1970-01-01 00:00 UTC (GPS time already converted with its leap seconds).
        case unixUTC = "Unix UTC seconds"
        /// Seconds as the file wrote them, from an origin the file does not name (TrackBench's path CSV).
        case asWritten = "seconds as written"
        /// Seconds since midnight of an unknown day: NMEA without any RMC date.
        case timeOfDay = "seconds of an undated day"
        /// GPS seconds of an unknown GPS week (GPS time, no leap seconds): a post-processed GNSS/INS table.
        case gpsWeekSeconds = "GPS seconds of an undated week"
    }

    /// The recording as a truth: its own checkpoints when the file holds them (a GetSensorData log's `POSI`
    /// records), else itself.
    package var truthRecording: Recording {
        guard !checkpoints.isEmpty else { return self }
        var truth = self
        truth.fixes = checkpoints
        truth.checkpoints = []
        truth.isCheckpoints = true
        truth.skipped = []
        truth.accuracyNotes = []
        truth.notes = notes.filter { $0.hasPrefix("checkpoints") }
        return truth
    }

    /// One reason fixes were dropped, how many, and the first line it happened on.
    package struct Skip: Sendable, Hashable {
        /// Why, such as `RMC sentences with a bad checksum` or `fix quality 0 (no fix)`.
        package var reason: String
        /// How many lines or fixes.
        package var count: Int
        /// The 1-based line of the first one.
        package var firstLine: Int
    }

    /// The number of fixes dropped for any reason.
    package var skippedCount: Int { skipped.reduce(0) { $0 + $1.count } }

    /// One line per reason: `RMC sentences with a bad checksum: 2 (first at line 14)`.
    package var skippedSummary: String {
        skipped.map { "\($0.reason): \($0.count) (first at line \($0.firstLine))" }.joined(separator: "; ")
    }
}

/// Counts skipped fixes by reason while a reader works.
struct SkipCounter {
    private(set) var skips: [Recording.Skip] = []

    /// Counts one skip for `reason` at `line` (a reader may count a line after later ones: the first stays the lowest).
    mutating func count(_ reason: String, line: Int) {
        if let index = skips.firstIndex(where: { $0.reason == reason }) {
            skips[index].count += 1
            skips[index].firstLine = min(skips[index].firstLine, line)
        } else {
            skips.append(Recording.Skip(reason: reason, count: 1, firstLine: line))
        }
    }
}

/// Collects a reader's fixes in time order: a fix at the time of the previous one, or earlier, is skipped and counted,
/// unless the previous one is a lone fix over `loneJumpSeconds` ahead of the fixes around it, which is dropped instead.
struct RecordingBuilder {
    /// The file read, for messages.
    let file: String
    /// The most points the file may hold (`Recording.pointLimit`).
    let pointLimit: Int
    /// The points counted so far by `countPoint(line:)`.
    private var points = 0
    var skips = SkipCounter()
    var notes: [String] = []
    private(set) var fixes: [LocationFix] = []
    /// The line the last fix kept was read at.
    private var lastLine = 0
    /// How far ahead of the fixes before and after it a lone fix's time must lie to be dropped as garbled, in seconds:
    /// longer than any gap between fixes a logger's clock makes, shorter than a wrong year or day.
    static let loneJumpSeconds = 600.0
    /// Whether fixes carry times; a route without times keeps file order.
    var hasTimes = true
    /// The largest time a fix may have, in seconds either side of the time base's origin: about the year 5000
    /// in Unix time, so a garbled time is skipped instead of becoming a date no calendar can print.
    static let latestSeconds = 1e11

    /// How many fixes got their accuracy from HDOP x the range error, and from the range error alone.
    private var accuracyFromHDOP = 0
    private var accuracyAssumed = 0
    private var rangeErrorMeters = RecordingReadOptions.defaultUserEquivalentRangeErrorMeters

    /// A builder for `file`, bounded by `options.pointLimit`.
    init(file: String, options: RecordingReadOptions) {
        self.file = file
        pointLimit = options.pointLimit
    }

    /// Counts one point read at `line` (a row, an epoch, a record), kept or not, against `pointLimit`.
    /// - Throws: `RecordingFileError.tooManyPoints` for the first point past the bound, so the reader stops there.
    mutating func countPoint(line: Int) throws(RecordingFileError) {
        points += 1
        guard points <= pointLimit else { throw .tooManyPoints(file: file, line: line, limit: pointLimit) }
    }

    /// The accuracy of a fix whose file gives none, in metres: HDOP x the user-equivalent range error, or the range
    /// error alone without an HDOP; counted, so the recording says how many fixes it was assumed for.
    mutating func fallbackAccuracy(hdop: Double?, options: RecordingReadOptions) -> Double {
        rangeErrorMeters = options.userEquivalentRangeErrorMeters
        guard let hdop, hdop >= 0 else {
            accuracyAssumed += 1
            return rangeErrorMeters
        }
        accuracyFromHDOP += 1
        return hdop * rangeErrorMeters
    }

    /// Appends `fix`, read at `line`, unless its time is not after the previous fix's.
    mutating func append(_ fix: LocationFix, line: Int) {
        guard !hasTimes || abs(fix.timestampSeconds) <= Self.latestSeconds else {
            skips.count("time out of range (beyond the year 5000)", line: line)
            return
        }
        if let problem = RecordingPlausibility.problem(with: fix) {
            skips.count(problem, line: line)
            return
        }
        // Order is delivery order: a re-delivered cached fix (TrackBench's path CSV) keeps its old timestamp.
        if hasTimes, let previous = fixes.last {
            if fix.deliveryTimeSeconds == previous.deliveryTimeSeconds, fix.timestampSeconds == previous.timestampSeconds {
                // Loggers that write a row per sensor sample (SensorLog) repeat the latest fix on every row until the next.
                let isRepeat = fix.latitude == previous.latitude && fix.longitude == previous.longitude
                skips.count(isRepeat ? "repeats of the fix before (same time and position)" : "duplicate timestamp", line: line)
                return
            }
            if fix.deliveryTimeSeconds < previous.deliveryTimeSeconds {
                // One garbled time far ahead (a year off) would otherwise cost every fix after it: when the fix after
                // it lies back between it and the fix before, the lone fix is the one out of order.
                let before = fixes.count >= 2 ? fixes[fixes.count - 2].deliveryTimeSeconds : -Double.infinity
                if previous.deliveryTimeSeconds - max(before, fix.deliveryTimeSeconds) > Self.loneJumpSeconds, fix.deliveryTimeSeconds > before {
                    fixes.removeLast()
                    skips.count("a lone fix over \(NumberFormat.compact(Self.loneJumpSeconds)) s ahead of the fixes around it", line: lastLine)
                    append(fix, line: line)
                    return
                }
                skips.count("time went backwards", line: line)
                return
            }
        }
        fixes.append(fix)
        lastLine = line
    }

    /// The recording, or `RecordingFileError.noFixes` naming what was skipped.
    func recording(format: RecordingFormat, timeBase: Recording.TimeBase) throws(RecordingFileError) -> Recording {
        guard !fixes.isEmpty else {
            let detail = skips.skips.isEmpty
                ? "the file holds no fixes"
                : "every fix was skipped: " + skips.skips.map { "\($0.reason): \($0.count) (first at line \($0.firstLine))" }.joined(separator: "; ")
            throw .noFixes(file: file, detail: detail)
        }
        var accuracyNotes: [String] = []
        let rangeError = "\(NumberFormat.compact(rangeErrorMeters)) m (userEquivalentRangeErrorMeters)"
        if accuracyFromHDOP > 0 { accuracyNotes.append("\(accuracyFromHDOP) fixes without an accuracy of their own: HDOP x \(rangeError)") }
        if accuracyAssumed > 0 { accuracyNotes.append("\(accuracyAssumed) fixes with neither an accuracy nor an HDOP: \(rangeError)") }
        return Recording(
            format: format, fixes: fixes, hasTimes: hasTimes, timeBase: timeBase, skipped: skips.skips, notes: notes, accuracyNotes: accuracyNotes
        )
    }
}
