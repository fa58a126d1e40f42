import Foundation
import TrackBenchModel
import TrackBenchSupport

/// A named set of real recordings to replay, as loaded from a recording suite file.
///
/// The file is JSON like a scenario file, with `recordings` instead of a grid:
/// `{"name": ..., "description": ..., "recordings": [{"id": ..., "fixes": FILE, "truth": FILE,
/// "distanceMeters": ..., "timeOffsetSeconds": ..., "date": ..., "tags": {...}}]}`, paths relative to the suite file.
/// Docs/recordings.md describes every key.
package struct RecordingSuite: Sendable {
    /// The suite's name; it names the results folder.
    package var name: String
    /// What the suite is for.
    package var description: String
    /// The recordings, in file order (which is report order).
    package var entries: [Entry]
    /// The largest time offset between a recording and its truth, in seconds either way: a day.
    package static let timeOffsetLimitSeconds = 86_400.0
    /// The most recordings a suite may name.
    package static let recordingLimit = 1_000
    /// The most bytes of recording files a suite may name, counting a file once per time it is named (each is
    /// read each time): 2 GiB, checked from the files' sizes before any is read.
    package static let byteLimit = 2 << 30

    /// A fingerprint of the suite file and every file it names (FNV-1a 64, 16 hex digits), so a baseline is only
    /// compared with a run of the same recordings.
    package var fingerprint: String

    /// One recording of the suite, read and ready to align.
    package struct Entry: Sendable {
        /// The recording's id: it names the recording in results, like a scenario id.
        package var id: String
        /// The phone's fixes.
        package var fixes: Recording
        /// The reference track, if the suite names one.
        package var truth: Recording?
        /// The known length of the route, in metres, if the suite gives one.
        package var distanceMeters: Double?
        /// Seconds added to the fixes' times to put them on the truth's clock.
        package var timeOffsetSeconds: Double
        /// The UTC date the recording starts, in days since 1970-01-01, for files whose times carry no date (NMEA
        /// `GGA` alone, GPS seconds of week); nil when the suite gives none.
        package var day: Int?
        /// Labels such as `device`, `activity`, `environment`, `mount`; the report groups by them.
        package var tags: [String: String]
        /// The fixes file, as the suite names it.
        package var fixesFile: String
        /// The truth file, as the suite names it.
        package var truthFile: String?

        /// An entry from its parts; the suite file builds them, and a replay of one recording builds one by hand.
        package init(
            id: String, fixes: Recording, truth: Recording?, distanceMeters: Double?, timeOffsetSeconds: Double,
            tags: [String: String], fixesFile: String, truthFile: String?, day: Int? = nil
        ) {
            self.day = day
            self.id = id
            self.fixes = fixes
            self.truth = truth
            self.distanceMeters = distanceMeters
            self.timeOffsetSeconds = timeOffsetSeconds
            self.tags = tags
            self.fixesFile = fixesFile
            self.truthFile = truthFile
        }
    }
}

/// Why a recording suite could not be loaded.
package enum RecordingSuiteError: Error, LocalizedError, Equatable {
    /// The suite file itself is wrong: JSON, a key, a value.
    case suiteFile(ScenarioFileError)
    /// A file the suite names could not be read.
    case recording(id: String, RecordingFileError)
    /// A truth that covers no distance: one point, or every point at one place (a timed track that never moves).
    /// Every filter's distance error is relative to the truth's length, so it would divide by zero.
    /// - Parameters:
    ///   - suite: The suite file.
    ///   - id: The recording.
    ///   - truthFile: The truth file, as the suite names it.
    ///   - points: How many points the truth has.
    ///   - isTimed: Whether its points have times (a track) or not (a route).
    case truthCoversNoDistance(suite: String, id: String, truthFile: String, points: Int, isTimed: Bool)
    /// The files the suite names hold more than `RecordingSuite.byteLimit` bytes in all.
    case tooManyBytes(suite: String, bytes: Int, files: Int)

    package var errorDescription: String? {
        switch self {
        case let .suiteFile(error): return error.description(kind: "recording suite")
        case let .recording(id, error): return "recording '\(id)': \(error.errorDescription ?? "")"
        case let .truthCoversNoDistance(suite, id, truthFile, points, isTimed):
            let kind = isTimed ? "track with times" : "route"
            let found = points == 1 ? "a \(kind) of 1 point" : "a \(kind) of \(points) points all at one place" + (isTimed ? " (it never moves)" : "")
            return "recording suite '\(suite)', recording '\(id)': truth '\(truthFile)' is \(found), so it covers no distance "
                + "and every filter's distance error would divide by zero; expected a truth of at least 2 points at different places "
                + "(for a known length without a track, give distanceMeters and no truth)"
        case let .tooManyBytes(suite, bytes, files):
            return "recording suite '\(suite)' names \(files) recording files of \(bytes) bytes in all (a file counts each time it is named); "
                + "expected at most \(RecordingSuite.byteLimit) bytes (2 GiB) per suite: split it into several suites"
        }
    }
}

extension RecordingSuite {
    /// Whether the file at `url` is a recording suite (a JSON object with `recordings`); false for anything else.
    /// A file that is not valid JSON counts as one when it names `"recordings"`, so its syntax error is reported
    /// as a recording suite's, not a scenario file's. A caller that goes on to load the suite reads the file once
    /// with `SuiteDocument.read(_:)` instead.
    package static func isRecordingSuite(_ url: URL) -> Bool {
        SuiteDocument.read(url).isRecordingSuite
    }

    /// Loads a recording suite and reads every recording it names.
    ///
    /// A truth must cover a distance (at least two points at different places), since every distance error is
    /// relative to its length; a `distanceMeters` is held to 10 m or more by the file's limits.
    /// - Throws: `RecordingSuiteError` naming the file, the key or the recording and line, or the truth that
    ///   covers no distance.
    package static func load(from url: URL) throws(RecordingSuiteError) -> RecordingSuite {
        try SuiteDocument.read(url).recordingSuite()
    }
}

extension SuiteDocument {
    /// Decodes the file as a recording suite and reads every recording it names (`RecordingSuite.load(from:)`).
    /// - Throws: `RecordingSuiteError` naming the file, the key or the recording and line, or the truth that
    ///   covers no distance.
    package func recordingSuite() throws(RecordingSuiteError) -> RecordingSuite {
        let decoded: (value: RecordingSuiteFile, fingerprint: String)
        do {
            decoded = try decode(RecordingSuiteFile.self)
        } catch {
            throw .suiteFile(error)
        }
        func fileURL(_ name: String) -> URL {
            URL(fileURLWithPath: name, relativeTo: folder).standardizedFileURL
        }
        // Bound the work before reading anything: a small suite may name one large file hundreds of times.
        let named = decoded.value.recordings.flatMap { [$0.fixes] + ($0.truth.map { [$0] } ?? []) }
        var totalBytes = 0
        for name in named {
            var status = stat()
            if stat(fileURL(name).path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { totalBytes += Int(status.st_size) }
        }
        guard totalBytes <= RecordingSuite.byteLimit else { throw .tooManyBytes(suite: file, bytes: totalBytes, files: named.count) }
        var hash = FNV1a.hash64(decoded.fingerprint.utf8)
        var entries: [RecordingSuite.Entry] = []
        for item in decoded.value.recordings {
            func read(_ name: String, options: RecordingReadOptions) throws(RecordingSuiteError) -> Recording {
                do {
                    let loaded = try Recording.loadKeepingBytes(from: fileURL(name), options: options)
                    hash = FNV1a.hash64(loaded.bytes, startingFrom: hash)
                    return loaded.recording
                } catch {
                    throw .recording(id: item.id, error)
                }
            }
            let fixes = try read(item.fixes, options: item.options)
            guard fixes.hasTimes else {
                throw .recording(
                    id: item.id,
                    .noFixes(
                        file: item.fixes,
                        detail: "its points have no times; fixes must have times to replay (a route without times can only be a truth)"
                    )
                )
            }
            // A GetSensorData log as the truth is its own POSI checkpoints (the fixes' file may name itself).
            let truth = try item.truth.map { name throws(RecordingSuiteError) in try read(name, options: RecordingReadOptions()).truthRecording }
            if let truth, let truthFile = item.truth, Path(truth.fixes).totalDistanceMeters == 0 {
                throw .truthCoversNoDistance(suite: file, id: item.id, truthFile: truthFile, points: truth.fixes.count, isTimed: truth.hasTimes)
            }
            entries.append(RecordingSuite.Entry(
                id: item.id, fixes: fixes, truth: truth, distanceMeters: item.distanceMeters,
                timeOffsetSeconds: item.timeOffsetSeconds, tags: item.tags, fixesFile: item.fixes, truthFile: item.truth, day: item.day
            ))
        }
        return RecordingSuite(
            name: decoded.value.name, description: decoded.value.description, entries: entries,
            fingerprint: FNV1a.hex(hash)
        )
    }
}

/// The JSON shape of a recording suite file.
private struct RecordingSuiteFile: Decodable {
    let name: String
    let description: String
    let recordings: [Item]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, recordings
    }

    struct Item: Decodable {
        let id: String
        let fixes: String
        let truth: String?
        let distanceMeters: Double?
        let timeOffsetSeconds: Double
        let day: Int?
        let tags: [String: String]
        let options: RecordingReadOptions

        enum CodingKeys: String, CodingKey, CaseIterable {
            case id, fixes, truth, distanceMeters, timeOffsetSeconds, date, tags, provider, userEquivalentRangeErrorMeters
        }

        init(from decoder: any Decoder) throws {
            try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            try require(
                RecordingSuiteFile.isSafeName(id), .id, in: container,
                "expected letters, digits, '-', '_' and '.' starting with a letter or digit (it names the recording in results), "
                    + "got \(id.debugDescription)"
            )
            fixes = try container.decode(String.self, forKey: .fixes)
            try require(!fixes.isEmpty, .fixes, in: container, "expected a file name")
            truth = try container.decodeIfPresent(String.self, forKey: .truth)
            try require(truth.map { !$0.isEmpty } ?? true, .truth, in: container, "expected a file name")
            distanceMeters = try container.decodeIfPresent(Double.self, forKey: .distanceMeters)
            if let distanceMeters {
                try require(ScenarioLimits.distanceMeters.contains(distanceMeters), .distanceMeters, in: container,
                            "expected a length \(ScenarioLimits.describe(ScenarioLimits.distanceMeters)) m, got \(distanceMeters)")
            }
            try require(truth != nil || distanceMeters != nil, .truth, in: container, "a recording needs a truth file, a distanceMeters, or both")
            timeOffsetSeconds = try container.decodeIfPresent(Double.self, forKey: .timeOffsetSeconds) ?? 0
            let limit = NumberFormat.compact(RecordingSuite.timeOffsetLimitSeconds)
            try require(
                abs(timeOffsetSeconds) <= RecordingSuite.timeOffsetLimitSeconds, .timeOffsetSeconds, in: container,
                "expected seconds within -\(limit)...\(limit), got \(timeOffsetSeconds)"
            )
            let date = try container.decodeIfPresent(String.self, forKey: .date)
            day = date.flatMap { UTCTime.day(fromDate: $0) }
            try require(
                date == nil || day != nil, .date, in: container,
                "expected the UTC date the recording starts as YYYY-MM-DD (1980 or later), "
                    + "got \(StrictJSONDecoder.sanitized(date ?? "").debugDescription)"
            )
            tags = try container.decodeIfPresent([String: String].self, forKey: .tags) ?? [:]
            for (key, value) in tags {
                try require(RecordingSuiteFile.isSafeName(key) && RecordingSuiteFile.isTagValue(value), .tags, in: container,
                            "tag \(key.debugDescription): \(value.debugDescription): expected a key of letters, digits, '-', '_', '.' "
                                + "and a value of 1 to 100 characters without ';', '=', ',', '|', quotes, backquotes or control characters")
            }
            let uere = try container.decodeIfPresent(Double.self, forKey: .userEquivalentRangeErrorMeters)
                ?? RecordingReadOptions.defaultUserEquivalentRangeErrorMeters
            try require(
                uere > 0 && uere <= 1000, .userEquivalentRangeErrorMeters, in: container, "expected metres above 0 and at most 1000, got \(uere)"
            )
            let provider = try container.decodeIfPresent(String.self, forKey: .provider) ?? RecordingReadOptions.defaultProvider
            try require(
                RecordingReadOptions.knownProviders.contains(RecordingReadOptions.canonicalProvider(provider)), .provider, in: container,
                "expected GPS, FLP or NLP (or gps, fused, network), got '\(StrictJSONDecoder.sanitized(provider))'"
            )
            options = RecordingReadOptions(userEquivalentRangeErrorMeters: uere, provider: provider)
        }
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let nameProblem = ScenarioLimits.suiteNameProblem(name) ?? (name.count > 100 ? "expected at most 100 characters" : nil)
        try require(nameProblem == nil, .name, in: container, nameProblem ?? "")
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        recordings = try container.decode([Item].self, forKey: .recordings)
        try require(!recordings.isEmpty, .recordings, in: container, "expected at least one recording")
        try require(
            recordings.count <= RecordingSuite.recordingLimit, .recordings, in: container,
            "expected at most \(RecordingSuite.recordingLimit) recordings per suite, got \(recordings.count): split it into several suites"
        )
        var seen: Set<String> = []
        for item in recordings {
            try require(seen.insert(item.id).inserted, .recordings, in: container, "two recordings have the id '\(item.id)'; ids must be unique")
        }
    }

    static func isSafeName(_ name: String) -> Bool {
        ScenarioLimits.isSafeName(name) && name.count <= 100
    }

    static func isTagValue(_ value: String) -> Bool {
        !value.isEmpty && value.count <= 100 && !value.unicodeScalars.contains { $0.isControl || ";=,\"|`".unicodeScalars.contains($0) }
    }
}
