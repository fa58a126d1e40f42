import Foundation
import Testing
@testable import TrackBenchFormats
import TrackBenchTestSupport

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

    /// The default file with the first value of `key` written as `value`, and the line it is on.
    private static func replacingFirstValue(of key: String, with value: String) throws -> (text: String, line: Int) {
        let original = try #require(text.range(of: "\"\(key)\": "))
        let line = text[..<original.lowerBound].filter { $0 == "\n" }.count + 1
        let valueEnd = try #require(text[original.upperBound...].firstIndex { $0 == "," || $0 == "\n" })
        return (text.replacingCharacters(in: original.upperBound..<valueEnd, with: value), line)
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

    @Test(arguments: [#""distances\u004deters""#, #""\u0064istancesMeters""#, #""distancesMeter\u0073""#, #""distancesMeters\u0000""#])
    func aKeyRepeatedWithEscapesIsTheSameKeyAndRefused(spelling: String) throws {
        // Foundation decodes the escapes and keeps the last: the strict reader compares decoded keys too.
        let original = try #require(Self.text.range(of: "\"distancesMeters\": "))
        let repeated = Self.text.replacingCharacters(in: original.lowerBound..<original.lowerBound, with: "\(spelling): [5000],\n  ")
        let found = problem(repeated)
        let isSame = !spelling.contains("u0000")
        #expect((found?.contains("key \"distancesMeters\" appears twice") == true) == isSame, "\(found ?? "no error")")
    }

    @Test(arguments: ["15.5", "123456789012345678901", "-0.5"])
    func aWholeNumberKeyGivenAnotherNumberIsNamedWithItsLine(number: String) throws {
        let (edited, line) = try Self.replacingFirstValue(of: "warmUpFixes", with: number)
        let message = try #require(problem(edited))
        #expect(
            message.contains("line \(line), column ") && message.contains("key 'warmUpFixes' holds \(number), which is not a whole number"),
            "\(message)")
    }

    @Test func invalidUTF8AndLoneSurrogatesAreNamedWithTheirLine() throws {
        let named = "\"name\": \"default\""
        var bytes = Array(Self.text.replacingOccurrences(of: named, with: "\"name\": \"deXfault\"").utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "X"))!] = 0xFF
        let utf8Message: String
        do {
            _ = try ScenarioSuite.decode(Data(bytes), file: "edited.json")
            utf8Message = ""
        } catch {
            utf8Message = error.localizedDescription
        }
        #expect(utf8Message.contains("line 2") && utf8Message.contains("byte 0xFF is not UTF-8"), "\(utf8Message)")
        for (escape, problem) in [("\\ud800x", "high surrogate"), ("\\udc00", "low surrogate")] {
            let message = try #require(self.problem(Self.text.replacingOccurrences(of: named, with: "\"name\": \"de\(escape)fault\"")))
            #expect(message.contains("line 2") && message.contains(problem), "\(message)")
        }
        // A proper pair is one character, and reads.
        #expect(self.problem(Self.text.replacingOccurrences(of: "\"description\": \"", with: "\"description\": \"\\ud83d\\ude00")) == nil)
    }

    @Test func aHugeNumberIsQuotedShort() throws {
        let edited = Self.text.replacingOccurrences(of: "37.3861", with: "3" + String(repeating: "1", count: 100_000))
        let message = try #require(problem(edited))
        #expect(message.contains("... (100001 characters)") && message.count < 400, "\(message.prefix(400))")
    }

    @Test(arguments: ["1e309", "-2e400", "1e-400"])
    func rejectsANumberBeyondADoublesRangeWithTheLineAndKey(number: String) throws {
        let (edited, line) = try Self.replacingFirstValue(of: "jumpMeters", with: number)
        let message = try #require(problem(edited))
        #expect(
            message.contains("edited.json") && message.contains("line \(line)") && message.contains("the number \(number) of key 'jumpMeters'"),
            "\(message)")
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
        #expect(
            message.contains(
                "the grid of 2 path types x 1000 distances x 3 speeds x 1 stops x 1 tunnels x 4 signals x 1 terrains makes 24000 scenarios"),
            "\(message)")
        #expect(message.contains("expected at most \(ScenarioLimits.scenariosPerSuite) per suite"))
    }

    @Test func aSuiteExpectingMoreFixesThanTheLimitIsRefused() throws {
        let edited = Self.text
            .replacingOccurrences(of: "\"distancesMeters\": [1000, 5000, 10000]", with: "\"distancesMeters\": [999000, 1000000]")
            .replacingOccurrences(of: "\"speedsMetersPerSecond\": [1.4, 2.8, 4.2]", with: "\"speedsMetersPerSecond\": [0.6, 0.61, 0.62, 0.63, 0.64]")
        let message = try #require(problem(edited))
        #expect(message.contains("the 80 scenarios expect about "), "\(message)")
        #expect(message.contains("expected at most 50000000 per suite and seed"))
    }
}

