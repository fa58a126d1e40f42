import Testing
@testable import TrackBenchSupport

struct TextLinesTests {
    @Test(arguments: ["a\nb\nc\n", "a\r\nb\r\nc\r\n", "a\rb\rc\r", "a\nb\r\nc", "\u{FEFF}a\rb\nc"])
    func everyLineEndingAndAByteOrderMarkReadTheSame(text: String) {
        #expect(TextLines.split(text) == ["a", "b", "c"])
    }

    @Test func emptyLinesAreKeptButAFinalTerminatorStartsNone() {
        #expect(TextLines.split("a\n\nb\r\n\r\n") == ["a", "", "b", ""])
        #expect(TextLines.split("") == [])
        #expect(TextLines.split("\n") == [""])
    }

    @Test func nonASCIITextStaysWhole() {
        #expect(TextLines.split("café,naïve\r\nü\u{301}\rend") == ["café,naïve", "ü\u{301}", "end"])
    }
}
