import Foundation
import Testing
@_spi(CLI) @testable import TrackBench

/// The scenario file reader: any line ending, strict JSON, bounds that keep every run finite.
struct ScenarioFileStrictnessTests {
    private static let text = try! String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Scenarios/default.json"), encoding: .utf8)

    private func decode(_ text: String) throws(ScenarioFileError) -> ScenarioSuite {
        try ScenarioSuite.decode(Data(text.utf8), file: "edited.json")
    }

    /// The problem of the error `text` gives, or nil if it decodes.
    private func problem(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    @Test(arguments: ["\r\n", "\r"])
    func readsCRLFAndCRLineEndingsAndABOMTheSame(ending: String) throws {
        let converted = "\u{FEFF}" + Self.text.replacingOccurrences(of: "\n", with: ending)
        let suite = try decode(converted)
        #expect(suite.scenarios.map(\.id) == Fixtures.defaultSuite.scenarios.map(\.id))
        // The fingerprint ignores line endings and the BOM, so a Windows checkout still matches its baseline.
        #expect(suite.fingerprint == Fixtures.defaultSuite.fingerprint)
        #expect(try decode(Self.text.replacingOccurrences(of: "\"default\"", with: "\"other\"")).fingerprint != suite.fingerprint)
    }

    @Test func rejectsDuplicateKeysAndTrailingCommasWithTheLine() throws {
        let duplicate = Self.text.replacingOccurrences(of: "{\n", with: "{\n  \"name\": \"twice\",\n", options: [], range: Self.text.range(of: "{\n"))
        #expect(problem(duplicate)?.contains("line 3") == true)
        #expect(problem(duplicate)?.contains("key \"name\" appears twice") == true)
        let trailing = Self.text.replacingOccurrences(of: "]\n}", with: "],\n}")
        #expect(problem(trailing)?.contains("trailing comma") == true)
    }

    @Test(arguments: ["1e309", "-2e400", "1e-400"])
    func rejectsANumberBeyondADoublesRangeWithTheLineAndKey(number: String) throws {
        let original = try #require(Self.text.range(of: "\"jumpMeters\": "))
        let line = Self.text[..<original.lowerBound].filter { $0 == "\n" }.count + 1
        let valueEnd = try #require(Self.text[original.upperBound...].firstIndex { $0 == "," || $0 == "\n" })
        let edited = Self.text.replacingCharacters(in: original.upperBound..<valueEnd, with: number)
        let message = try #require(problem(edited))
        #expect(message.contains("edited.json") && message.contains("line \(line)") && message.contains("the number \(number) of key 'jumpMeters'"), "\(message)")
    }

    @Test(arguments: [
        ("\"distancesMeters\": [1e300]", "distancesMeters"),
        ("\"speedsMetersPerSecond\": [1e-300]", "speedsMetersPerSecond"),
        ("\"stopsSeconds\": [1e300]", "stopsSeconds"),
    ])
    func rejectsValuesBeyondTheDocumentedBoundsNamingTheKey(replacement: String, key: String) throws {
        let pattern = "\"\(key)\": \\[[^\\]]*\\]"
        let edited = Self.text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        #expect(edited != Self.text)
        let message = try #require(problem(edited))
        #expect(message.contains("key '\(key)'"), "\(message)")
    }

    @Test func rejectsAFixIntervalThatWouldMakeBillionsOfFixes() throws {
        let edited = Self.text.replacingOccurrences(of: "\"fixIntervalMeanSeconds\": 1.0", with: "\"fixIntervalMeanSeconds\": 1e-300")
        #expect(edited != Self.text)
        #expect(problem(edited)?.contains("fixIntervalMeanSeconds") == true)
    }

    @Test func rejectsScenarioIdsThatCollide() throws {
        let edited = Self.text.replacingOccurrences(of: "\"stopsSeconds\": [0]", with: "\"stopsSeconds\": [0, -0.0]")
        #expect(edited != Self.text)
        #expect(problem(edited)?.contains("appears twice") == true || problem(edited)?.contains("more than once") == true)
    }

    @Test(arguments: [".", "..", "a/b", ""])
    func rejectsSuiteNamesThatAreNotFileNames(name: String) {
        let edited = Self.text.replacingOccurrences(of: "\"name\": \"default\"", with: "\"name\": \"\(name)\"")
        #expect(problem(edited)?.contains("name") == true)
    }

    @Test func aGridOfMoreScenariosThanTheLimitIsRefusedBeforeAnyIsMade() throws {
        let distances = (0..<1_000).map { "\(1_000 + $0)" }.joined(separator: ", ")
        let edited = Self.text.replacingOccurrences(of: "\"distancesMeters\": [1000, 5000, 10000]", with: "\"distancesMeters\": [\(distances)]")
        #expect(edited != Self.text)
        let message = try #require(problem(edited))
        #expect(message.contains("the grid of 2 path types x 1000 distances x 3 speeds x 1 stops x 1 tunnels x 3 signals x 1 terrains makes 18000 scenarios"), "\(message)")
        #expect(message.contains("expected at most \(ScenarioLimits.scenariosPerSuite) per suite"))
    }

    @Test func aSuiteExpectingMoreFixesThanTheLimitIsRefused() throws {
        let edited = Self.text
            .replacingOccurrences(of: "\"distancesMeters\": [1000, 5000, 10000]", with: "\"distancesMeters\": [999000, 1000000]")
            .replacingOccurrences(of: "\"speedsMetersPerSecond\": [1.4, 2.8, 4.2]", with: "\"speedsMetersPerSecond\": [0.6, 0.61, 0.62, 0.63, 0.64]")
        let message = try #require(problem(edited))
        #expect(message.contains("the 60 scenarios expect about "), "\(message)")
        #expect(message.contains("expected at most 50000000 per suite and seed"))
    }
}

