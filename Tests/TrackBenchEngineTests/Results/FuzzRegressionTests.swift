import Foundation
import Testing
@testable import TrackBenchFormats
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
import TrackBenchTestSupport

/// Inputs that once trapped a parser (found by fuzzing with `.ci/fuzz` or by hand) must now be rejected with a typed error.
///
/// Each file under `Tests/Fuzz/Crashes/<harness>/` is fed to the same entry point as that harness.
struct FuzzRegressionTests {
    private static let crashes = Fixtures.packageRoot.appendingPathComponent("Tests/Fuzz/Crashes")

    /// The crashing inputs kept for one harness, sorted by name.
    private static func inputs(_ harness: String) -> [String] {
        let folder = crashes.appendingPathComponent(harness)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map { "\(harness)/\($0)" }
    }

    private static func data(_ input: String) throws -> Data {
        try Data(contentsOf: crashes.appendingPathComponent(input))
    }

    @Test func everyHarnessHasItsCrashesKept() {
        #expect(Self.inputs("ScenarioFile").count >= 4)
        #expect(Self.inputs("Recording").count >= 1)
    }

    /// The Recording harness reads the input, then aligns it with itself as truth and scores it.
    @Test(arguments: inputs("Recording"))
    func recordingIsReadOrRejectedWithoutATrap(input: String) throws {
        guard let recording = try? Recording.read(Self.data(input), file: input) else { return }
        let entry = RecordingSuite.Entry(
            id: "fuzz", fixes: recording, truth: recording, distanceMeters: nil, timeOffsetSeconds: 0, tags: [:], fixesFile: input, truthFile: input
        )
        if let replay = try? RecordingReplay(entry) {
            #expect(WorkUnit.replayed(replay).scores(filters: FilterRegistry.builtIn.defaultConfigurations).count == 13)
        }
    }

    /// The XMLScanner harness scans the input to its end, decoding every text, or meets an `XMLSyntaxError`; its
    /// seed corpus is replayed too, as the documents it starts from must keep scanning.
    @Test(arguments: inputs("XMLScanner").map { "Crashes/\($0)" } + corpus("XMLScanner"))
    func xmlIsScannedOrRejectedWithoutATrap(input: String) throws {
        let data = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Tests/Fuzz").appendingPathComponent(input))
        do {
            let depth = try XMLScanner.scan(data) { (scanner: inout XMLScanner) throws(XMLSyntaxError) -> Int in
                var depth = 0
                while let event = try scanner.next() {
                    switch event {
                    case .start: depth += 1
                    case let .text(text): _ = scanner.string(text)
                    case .end: depth -= 1
                    }
                }
                return depth
            }
            #expect(depth == 0)
        } catch {
            #expect(error.line >= 1 && error.column >= 1)
        }
    }

    /// The seed inputs kept for one harness, sorted by name, as paths under `Tests/Fuzz`.
    private static func corpus(_ harness: String) -> [String] {
        let folder = Fixtures.packageRoot.appendingPathComponent("Tests/Fuzz/Corpus/\(harness)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map { "Corpus/\(harness)/\($0)" }
    }

    @Test(arguments: inputs("ScenarioFile"))
    func scenarioFileIsRejectedNamingAKey(input: String) throws {
        let error = try #require(throws: ScenarioFileError.self) { try ScenarioSuite.decode(Self.data(input), file: input) }
        #expect(error.localizedDescription.contains("key '"), "\(error.localizedDescription)")
    }

    @Test(arguments: inputs("ResultsCSV"))
    func resultsFileIsRejected(input: String) throws {
        let text = String(decoding: try Self.data(input), as: UTF8.self)
        #expect(throws: ResultsFileError.self) { try ResultsCSV.parse(text, file: input) }
    }

    @Test(arguments: inputs("FilterSpecification"))
    func filterSpecificationIsRejected(input: String) throws {
        let text = String(decoding: try Self.data(input), as: UTF8.self)
        #expect(throws: FilterSpecificationError.self) { try FilterRegistry.builtIn.configuration(parsing: text) }
    }
}
