import Foundation
import Testing
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// Loading a recording suite: a truth that covers no distance is refused at load, since every filter's distance
/// error is relative to the truth's length and would divide by zero.
struct RecordingSuiteTests {
    /// The example phone log, replayed against each truth below.
    private static let phoneLog = Fixtures.packageRoot.appendingPathComponent("Examples/Recordings/track-phone.nmea").path

    /// A GPX track of `count` points at one place, a second apart from the phone log's first fix when `timed`.
    private static func stationaryGPX(points count: Int, timed: Bool) -> String {
        let points = (0..<count).map { index in
            let time = timed ? "<time>2023-11-14T22:\(13 + (23 + index) / 60):\(String(format: "%02d", (23 + index) % 60))Z</time>" : ""
            return #"<trkpt lat="37.4275" lon="-122.1697">\#(time)</trkpt>"#
        }
        return #"<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>"# + points.joined() + "</trkseg></trk></gpx>\n"
    }

    /// Writes `truth` as `still.gpx` and a suite replaying the example phone log against it into `folder`.
    private static func suite(truthGPX truth: String, in folder: URL) throws -> URL {
        try Data(truth.utf8).write(to: folder.appendingPathComponent("still.gpx"))
        let url = folder.appendingPathComponent("suite.json")
        try Data(#"{"name": "still", "recordings": [{"id": "walk", "fixes": "\#(phoneLog)", "truth": "still.gpx"}]}"#.utf8).write(to: url)
        return url
    }

    private static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    @Test(arguments: [(1, false), (3, false), (1, true), (300, true)])
    func aTruthThatCoversNoDistanceIsRefusedNamingTheSuiteRecordingAndTruth(points: Int, timed: Bool) throws {
        try Self.withFolder { folder in
            let url = try Self.suite(truthGPX: Self.stationaryGPX(points: points, timed: timed), in: folder)
            let expected = RecordingSuiteError.truthCoversNoDistance(
                suite: url.path, id: "walk", truthFile: "still.gpx", points: points, isTimed: timed)
            #expect(throws: expected) { try RecordingSuite.load(from: url) }
            let message = try #require(expected.errorDescription)
            let truth = timed ? "track with times" : "route"
            #expect(message.hasPrefix("recording suite '\(url.path)', recording 'walk': truth 'still.gpx' is a \(truth) of \(points) point"))
            #expect(message.contains("covers no distance") && message.contains("expected a truth of at least 2 points at different places"))
            #expect(message.contains("never moves") == (timed && points > 1))
        }
    }

    @Test func aTruthThatMovesLoads() throws {
        try Self.withFolder { folder in
            let moving = Self.stationaryGPX(points: 2, timed: false).replacingOccurrences(
                of: #"lon="-122.1697"></trkpt></trkseg>"#, with: #"lon="-122.1687"></trkpt></trkseg>"#)
            let suite = try RecordingSuite.load(from: Self.suite(truthGPX: moving, in: folder))
            #expect(suite.entries.map(\.id) == ["walk"])
            #expect(suite.entries[0].truth?.fixes.count == 2)
        }
    }

    @Test func aKnownDistanceOfZeroIsRefusedNamingTheKey() throws {
        try Self.withFolder { folder in
            let url = folder.appendingPathComponent("suite.json")
            try Data(#"{"name": "zero", "recordings": [{"id": "walk", "fixes": "\#(Self.phoneLog)", "distanceMeters": 0}]}"#.utf8).write(to: url)
            #expect {
                try RecordingSuite.load(from: url)
            } throws: { error in
                let message = (error as? RecordingSuiteError)?.errorDescription ?? ""
                return message.hasPrefix("recording suite '\(url.path)'") && message.contains("distanceMeters")
                    && message.contains("expected a length")
            }
        }
    }

    @Test(arguments: [("XYZ", false), ("", false), ("fused", true), ("NLP", true)])
    func aProviderMustBeOneALoggerWrites(provider: String, accepted: Bool) throws {
        try Self.withFolder { folder in
            let url = folder.appendingPathComponent("suite.json")
            let recording = #"{"id": "walk", "fixes": "\#(Self.phoneLog)", "distanceMeters": 100, "provider": "\#(provider)"}"#
            try Data(#"{"name": "p", "recordings": [\#(recording)]}"#.utf8).write(to: url)
            do {
                _ = try RecordingSuite.load(from: url)
                #expect(accepted, "provider '\(provider)' was accepted")
            } catch {
                #expect(!accepted, "\(error)")
                #expect(error.localizedDescription.contains("recordings[0].provider': expected GPS, FLP or NLP"), "\(error)")
            }
        }
    }

    @Test func aSuiteNamingMoreRecordingsThanTheLimitIsRefusedBeforeReadingAny() throws {
        try Self.withFolder { folder in
            let url = folder.appendingPathComponent("suite.json")
            let items = (0...RecordingSuite.recordingLimit).map { #"{"id": "r\#($0)", "fixes": "missing.nmea", "distanceMeters": 1000}"# }
            try Data(#"{"name": "many", "recordings": [\#(items.joined(separator: ","))]}"#.utf8).write(to: url)
            let error = try #require(throws: RecordingSuiteError.self) { try RecordingSuite.load(from: url) }
            let message = try #require(error.errorDescription)
            #expect(message.contains("expected at most 1000 recordings per suite, got 1001"), "\(message)")
        }
    }

    @Test func aSuiteNamingMoreBytesThanTheLimitIsRefusedBeforeReadingAny() throws {
        try Self.withFolder { folder in
            // A sparse file: its size counts, and it is never read.
            let big = folder.appendingPathComponent("big.csv")
            #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
            #expect(truncate(big.path, off_t(RecordingSuite.byteLimit / 2 + 1)) == 0)
            let url = folder.appendingPathComponent("suite.json")
            let items = (0..<2).map { #"{"id": "r\#($0)", "fixes": "big.csv", "distanceMeters": 1000}"# }
            try Data(#"{"name": "big", "recordings": [\#(items.joined(separator: ","))]}"#.utf8).write(to: url)
            #expect(throws: RecordingSuiteError.tooManyBytes(suite: url.path, bytes: RecordingSuite.byteLimit + 2, files: 2)) {
                try RecordingSuite.load(from: url)
            }
        }
    }
}

