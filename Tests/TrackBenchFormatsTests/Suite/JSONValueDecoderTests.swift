import Foundation
import Testing
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// Decoding from the parsed tree: the places `StrictJSON` records and the errors Foundation's decoder would give.
struct JSONValueDecoderTests {
    private static let defaultText = try! String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Scenarios/default.json"), encoding: .utf8)

    private struct Counts: Decodable, Equatable {
        var count: Int
        var sizes: [Double]
        var label: String?
    }

    private func decode(_ text: String) throws(ScenarioFileError) -> Counts {
        try StrictJSONDecoder.decode(Counts.self, from: Data(text.utf8), file: "counts.json").value
    }

    @Test func everyValueKeepsTheLineAndColumnItStartsAt() throws {
        let tree = try StrictJSON.parse(Array("{\n  \"a\": [1,\n\t 2.5],\r\n \"b\": null}".utf8))
        guard case let .object(members) = tree.content, case let .array(elements) = members[0].value.content else {
            Issue.record("expected an object holding an array, got \(tree)")
            return
        }
        #expect((tree.line, tree.column) == (1, 1))
        #expect(members.map(\.key) == ["a", "b"])
        #expect((members[0].value.line, members[0].value.column) == (2, 8))
        #expect(elements.map { [$0.line, $0.column] } == [[2, 9], [3, 3]])
        #expect(elements.map(\.content) == [.number("1"), .number("2.5")])
        #expect((members[1].value.line, members[1].value.column, members[1].value.content) == (4, 7, .null))
    }

    @Test(arguments: ["20", "20.0", "2e1", "2.0E+1"])
    func aWholeNumberMayBeWrittenWithAFractionOrExponentThatLeavesItWhole(number: String) throws {
        #expect(try decode(#"{"count": \#(number), "sizes": []}"#).count == 20)
    }

    @Test(arguments: ["20.5", "9223372036854775808", "-9223372036854775809", "1e19"])
    func aWholeNumberKeyHoldingAnotherNumberIsNamedAtItsPlace(number: String) throws {
        let error = try #require(throws: ScenarioFileError.self) { try decode("{\"sizes\": [1.5],\n \"count\": \(number)}") }
        #expect(
            error == .malformedJSON(
                file: "counts.json",
                detail: "line 2, column 11: key 'count' holds \(number), which is not a whole number from \(Int.min) to \(Int.max); "
                    + "this key takes a whole number"
            )
        )
    }

    @Test func aWholeNumberKeyIsNamedEvenAfterNumbersWithFractions() throws {
        // Foundation says only "not valid JSON" here; finding the culprit by re-decoding used to fail when other
        // numbers of the file had fractions too.
        let edited = Self.defaultText.replacingOccurrences(of: "\"fixIntervalMeanSeconds\": 1,", with: "\"fixIntervalMeanSeconds\": 1.5,")
            .replacingOccurrences(of: "\"warmUpFixes\": 15", with: "\"warmUpFixes\": 2.5")
        let error = try #require(throws: ScenarioFileError.self) { try ScenarioSuite.decode(Data(edited.utf8), file: "edited.json") }
        let message = try #require(error.errorDescription)
        #expect(message.contains("key 'warmUpFixes' holds 2.5, which is not a whole number"), "\(message)")
    }

    @Test(arguments: [
        (#"{"count": "3", "sizes": []}"#, "count", "expected a number"),
        (#"{"count": null, "sizes": []}"#, "count", "expected a number, got null"),
        (#"{"count": 3, "sizes": {}}"#, "sizes", "expected an array"),
        (#"{"count": 3, "sizes": [1, "2"]}"#, "sizes[1]", "expected a number"),
        (#"{"count": 3, "sizes": [], "label": 4}"#, "label", "expected a string"),
        (#"{"count": 3}"#, "sizes", "missing; every key is required"),
    ])
    func aValueOfTheWrongKindIsNamedByItsKeyPath(text: String, key: String, problem: String) throws {
        #expect(throws: ScenarioFileError.invalidKey(file: "counts.json", key: key, problem: problem)) { try decode(text) }
    }

    @Test func anOptionalKeyMayBeLeftOutOrNull() throws {
        #expect(try decode(#"{"count": 3, "sizes": [0.5], "label": null}"#) == Counts(count: 3, sizes: [0.5], label: nil))
        #expect(try decode(#"{"count": 3, "sizes": [], "label": "x"}"#).label == "x")
    }
}
