import Testing
@_spi(CLI) @testable import TrackBench

struct SuggestionTests {
    @Test func suggestsNamesWithinATypoOrTwo() {
        #expect(Suggestion.closest(to: "kalmn", among: ["raw", "kalman"]) == "kalman")
        #expect(Suggestion.closest(to: "--sed", among: ["--seed", "--output"]) == "--seed")
    }

    @Test func suggestsNothingForUnrelatedWords() {
        #expect(Suggestion.closest(to: "banana", among: ["raw", "kalman"]) == nil)
    }

    @Test func countsInsertionsDeletionsAndSubstitutions() {
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
    }
}
