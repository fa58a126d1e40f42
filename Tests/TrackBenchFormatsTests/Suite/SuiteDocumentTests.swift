import Foundation
import Testing
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// The suite loader: a file read once and parsed once, told apart by its keys, decoded from the one tree.
struct SuiteDocumentTests {
    private static let defaultText = try! String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Scenarios/default.json"), encoding: .utf8)

    @Test func aReadFileDecodesWithoutBeingReadAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suite-document-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("suite.json")
        try Data(Self.defaultText.utf8).write(to: url)
        let document = SuiteDocument.read(url)
        // Gone from the disk: the kind and the suite come from the bytes read once.
        try FileManager.default.removeItem(at: url)
        #expect(!document.isRecordingSuite)
        let suite = try document.scenarioSuite()
        #expect(suite.scenarios.map(\.id) == Fixtures.defaultSuite.scenarios.map(\.id))
        #expect(suite.fingerprint == Fixtures.defaultSuite.fingerprint)
    }

    @Test func aFileThatCannotBeReadIsNoRecordingSuiteAndSaysWhyWhenDecoded() throws {
        let document = SuiteDocument.read(URL(fileURLWithPath: "/nonexistent/suite.json"))
        #expect(!document.isRecordingSuite)
        let error = try #require(throws: ScenarioFileError.self) { try document.scenarioSuite() }
        guard case let .unreadable(file, _) = error else {
            Issue.record("expected unreadable, got \(error)")
            return
        }
        #expect(file == "/nonexistent/suite.json")
    }

    @Test(arguments: [
        (#"{"name": "x", "recordings": []}"#, true),
        (#"{"name": "x", "recordings": [}"#, true),
        (#"{"name": "x", "pathTypes": ["loop"]}"#, false),
        (#"["recordings"]"#, false),
        (#"{"name": "x", "pathTypes": [}"#, false),
    ])
    func aRecordingSuiteIsToldApartByItsKeyOrByNamingItWhenBroken(text: String, isRecordingSuite: Bool) {
        #expect(SuiteDocument(data: Data(text.utf8), file: "suite.json").isRecordingSuite == isRecordingSuite)
    }

    @Test func aBrokenRecordingSuiteIsReportedAsOneWithItsLine() throws {
        let document = SuiteDocument(data: Data("{\"name\": \"x\",\n \"recordings\": [,]}".utf8), file: "suite.json")
        let error = try #require(throws: RecordingSuiteError.self) { try document.recordingSuite() }
        let message = try #require(error.errorDescription)
        #expect(message.hasPrefix("recording suite 'suite.json' is not valid JSON: line 2, column 17: "), "\(message)")
    }
}
