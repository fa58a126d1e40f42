import Foundation
import TrackBenchSupport

/// A suite file read once and parsed once: a scenario file or a recording suite, told apart by its top-level keys.
///
/// Loading a suite goes in four steps, each once: read the bytes (at most
/// `ScenarioLimits.suiteFileBytes`), parse them into a `JSONValue` tree
/// (`StrictJSON`), decode the suite's kind from the tree, then check the
/// decoded values against `ScenarioLimits`. A file that cannot be read or
/// parsed keeps its error until it is decoded (`scenarioSuite()`,
/// `recordingSuite()`), so the message names the kind of suite asked for.
package struct SuiteDocument: Sendable {
    /// The file's name as messages quote it.
    package let file: String
    /// The file's bytes, without a byte order mark; empty when it could not be read.
    let bytes: [UInt8]
    /// The parsed tree, or why the file could not be read or parsed.
    let tree: Result<JSONValue, ScenarioFileError>

    /// Reads and parses the file at `url`; never throws: decoding reports what went wrong.
    package static func read(_ url: URL) -> SuiteDocument {
        do {
            return SuiteDocument(data: try FileContents.read(url, limit: ScenarioLimits.suiteFileBytes), file: url.path)
        } catch {
            return SuiteDocument(file: url.path, bytes: [], tree: .failure(.unreadable(file: url.path, reason: error.reason)))
        }
    }

    /// Parses a suite file's bytes.
    /// - Parameters:
    ///   - data: The file's bytes, UTF-8 with or without a byte order mark.
    ///   - file: The name to quote in errors; files the suite names are relative to its folder.
    package init(data: Data, file: String) {
        let bytes = StrictJSONDecoder.withoutByteOrderMark(data)
        let tree = Result { () throws(ScenarioFileError) -> JSONValue in try StrictJSONDecoder.parse(bytes, file: file) }
        self.init(file: file, bytes: bytes, tree: tree)
    }

    private init(file: String, bytes: [UInt8], tree: Result<JSONValue, ScenarioFileError>) {
        self.file = file
        self.bytes = bytes
        self.tree = tree
    }

    /// The key that makes a JSON file a recording suite rather than a scenario file.
    static let recordingSuiteMarker = "recordings"

    /// Whether the file is a recording suite: a JSON object with `recordings`. A file that is not valid JSON counts
    /// as one when its text names `"recordings"`, so its syntax error is reported as a recording suite's; a file
    /// that could not be read does not.
    package var isRecordingSuite: Bool {
        switch tree {
        case let .success(value): return value.keys?.contains(Self.recordingSuiteMarker) ?? false
        case .failure(.malformedJSON): return String(decoding: bytes, as: UTF8.self).contains("\"\(Self.recordingSuiteMarker)\"")
        case .failure: return false
        }
    }

    /// The folder the file's relative paths start from.
    var folder: URL {
        URL(fileURLWithPath: file).deletingLastPathComponent()
    }

    /// Decodes `type` from the tree.
    /// - Returns: The value and the file's fingerprint: FNV-1a 64 of its text with line endings made LF, 16 hex digits.
    /// - Throws: `ScenarioFileError`: the file could not be read or parsed, or a key is wrong.
    func decode<T: Decodable>(_ type: T.Type) throws(ScenarioFileError) -> (value: T, fingerprint: String) {
        (try StrictJSONDecoder.decode(type, from: try tree.get(), file: file), StrictJSONDecoder.fingerprint(of: bytes))
    }
}
