import Foundation
import Testing
@testable import TrackBenchSupport

struct DataLinesTests {
    private func lines(_ text: String) -> [Substring]? {
        DataLines(Data(text.utf8)).map(Array.init)
    }

    @Test(arguments: ["a\nb\nc\n", "a\r\nb\r\nc\r\n", "a\rb\rc\r", "a\nb\r\nc", "\u{FEFF}a\rb\nc", "café\n\nü\u{301}\r\n\r\n", "", "\n", "\u{FEFF}"])
    func linesAreTheLinesTextLinesSplitsTheDecodedTextInto(text: String) {
        #expect(lines(text) == TextLines.split(text))
    }

    @Test func iteratingAgainStartsFromTheFirstLine() throws {
        let lines = try #require(DataLines(Data("a\r\nb".utf8)))
        #expect(Array(lines) == ["a", "b"])
        #expect(Array(lines) == ["a", "b"])
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(DataLines(Data([0x61, 0x0A, 0xFF, 0x62])) == nil)
        #expect(DataLines(Data([0x61, 0xC3])) == nil)  // a character cut short at the end
    }

    @Test func aCharacterAcrossTheEdgeOfACheckedBlockIsWhole() throws {
        // "é" (C3 A9) starts on the last byte of the first block.
        let text = String(repeating: "x", count: DataLines.blockSize - 1) + "é\n"
        let lines = try #require(DataLines(Data(text.utf8)))
        #expect(Array(lines).map(\.count) == [DataLines.blockSize])
        // A run of continuation bytes at the edge is invalid wherever the block is cut.
        var bytes = [UInt8](repeating: 0x78, count: DataLines.blockSize - 1)
        bytes += [0xC3, 0xA9, 0xA9, 0xA9, 0xA9, 0x0A]
        #expect(DataLines(Data(bytes)) == nil)
    }
}
