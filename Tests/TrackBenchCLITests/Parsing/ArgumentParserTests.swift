import Foundation
import Testing
@testable import TrackBenchCLI

/// `ParsedArguments.parse(_:options:command:)` against a small, fixed option table.
struct ArgumentParserTests {
    private let options = [
        OptionSpec(name: "--seed", valueName: "n", help: "Seed."),
        OptionSpec(name: "--output", valueName: "dir", help: "Folder."),
        OptionSpec(name: "--filter", valueName: "spec", isRepeatable: true, help: "Filter, repeatable."),
        OptionSpec(name: "--strict", help: "A flag."),
        OptionSpec(name: "--help", help: "Help."),
    ]

    private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments.parse(arguments, options: options, command: "run")
    }

    // MARK: Values

    @Test func optionFollowedByItsValueIsRecorded() throws {
        let parsed = try parse(["--seed", "42"])
        #expect(parsed == ParsedArguments(values: ["--seed": ["42"]]))
        #expect(parsed.values["--seed"]?.last == "42")
    }

    @Test func optionWithEqualsSignTakesTheInlineValue() throws {
        let parsed = try parse(["--seed=42"])
        #expect(parsed == ParsedArguments(values: ["--seed": ["42"]]))
    }

    @Test func inlineValueKeepsEverythingAfterTheFirstEqualsSign() throws {
        let parsed = try parse(["--filter=slow=kalman:q=1"])
        #expect(parsed.values["--filter"] == ["slow=kalman:q=1"])
    }

    @Test func valueMayBeTheSameWordAsAFlagWhenSpelledWithoutDashes() throws {
        let parsed = try parse(["--output", "strict"])
        #expect(parsed.values["--output"]?.last == "strict")
        #expect(parsed.flags.isEmpty)
    }

    @Test func repeatableOptionKeepsEveryValueInOrderOfAppearance() throws {
        let parsed = try parse(["--filter", "raw", "--seed", "1", "--filter=kalman:q=2.5", "--filter", "kalman"])
        #expect(parsed.values["--filter"] == ["raw", "kalman:q=2.5", "kalman"])
        #expect(parsed.values["--filter"]?.last == "kalman")
        #expect(parsed.values["--seed"] == ["1"])
    }

    @Test func optionsThatAreNotGivenHaveNoValue() throws {
        let parsed = try parse([])
        #expect(parsed == ParsedArguments())
        #expect(parsed.values["--seed"]?.last == nil)
    }

    // MARK: Positionals, flags, `--` and `-h`

    @Test func argumentsWithoutDashesArePositionalsInOrder() throws {
        let parsed = try parse(["first", "--seed", "7", "second", "-"])
        #expect(parsed.positionals == ["first", "second", "-"])
        #expect(parsed.values["--seed"]?.last == "7")
    }

    @Test func flagIsRecordedWithoutConsumingTheNextArgument() throws {
        let parsed = try parse(["--strict", "positional"])
        #expect(parsed.flags == ["--strict"])
        #expect(parsed.positionals == ["positional"])
        #expect(parsed.values.isEmpty)
    }

    @Test func doubleDashEndsOptionsAndTheRestArePositionals() throws {
        let parsed = try parse(["--seed", "3", "--", "--seed", "--strict", "-h", "--nonsense"])
        #expect(parsed.values == ["--seed": ["3"]])
        #expect(parsed.flags.isEmpty)
        #expect(parsed.positionals == ["--seed", "--strict", "-h", "--nonsense"])
    }

    @Test func shortDashHMeansHelp() throws {
        let parsed = try parse(["-h"])
        #expect(parsed == ParsedArguments(flags: ["--help"]))
    }

    // MARK: Errors

    @Test func repeatingANonRepeatableOptionThrowsRepeatedOption() {
        #expect(throws: UsageError.repeatedOption("--seed")) {
            try parse(["--seed", "1", "--seed", "2"])
        }
        #expect(throws: UsageError.repeatedOption("--output")) {
            try parse(["--output=a", "--output", "a"])
        }
    }

    @Test func unknownOptionThrowsWithDidYouMeanSuggestion() {
        let expected = UsageError.unknownOption("--sed", command: "run", suggestion: "--seed")
        #expect(throws: expected) {
            try parse(["--sed", "5"])
        }
        let message = expected.errorDescription ?? ""
        #expect(message.contains("'--sed'"))
        #expect(message.contains("'run'"))
        #expect(message.contains("Did you mean '--seed'?"))
    }

    @Test func unknownOptionWithInlineValueIsNamedWithoutTheValue() {
        #expect(throws: UsageError.unknownOption("--outptu", command: "run", suggestion: "--output")) {
            try parse(["--outptu=dir"])
        }
    }

    @Test func unknownOptionFarFromEveryKnownOneHasNoSuggestion() {
        #expect(throws: UsageError.unknownOption("--zzzzzzzz", command: "run", suggestion: nil)) {
            try parse(["--zzzzzzzz"])
        }
    }

    @Test func singleDashOptionOtherThanHIsUnknown() {
        #expect(throws: UsageError.unknownOption("-x", command: "run", suggestion: nil)) {
            try parse(["-x"])
        }
    }

    @Test func optionAtTheEndWithoutValueThrowsMissingValue() {
        #expect(throws: UsageError.missingValue(option: "--seed", expected: "n")) {
            try parse(["--seed"])
        }
    }

    @Test func optionFollowedByAnotherOptionThrowsMissingValue() {
        #expect(throws: UsageError.missingValue(option: "--output", expected: "dir")) {
            try parse(["--output", "--seed", "1"])
        }
    }

    @Test func flagGivenAValueWithEqualsThrowsUnexpectedValue() {
        #expect(throws: UsageError.unexpectedValue(option: "--strict")) {
            try parse(["--strict=yes"])
        }
        #expect(throws: UsageError.unexpectedValue(option: "--help")) {
            try parse(["--help=1"])
        }
        #expect(throws: UsageError.unexpectedValue(option: "--help")) {
            try parse(["-h=1"])
        }
    }
}
