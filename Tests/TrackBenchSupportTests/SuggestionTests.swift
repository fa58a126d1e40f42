import Testing
@testable import TrackBenchSupport

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
        // A swap of neighbours is one edit, so a mistyped key still finds its match.
        #expect(Suggestion.editDistance("truht", "truth") == 1)
        #expect(Suggestion.closest(to: "truht", among: ["truth", "tags", "fixes"]) == "truth")
        #expect(Suggestion.editDistance("ca", "abc") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
    }
}
