import Foundation
import Testing
@testable import TrackBenchCLI

/// Typed options: each reads its value with its own parser, and a refused value names the option, the value and
/// what was expected.
struct OptionTests {
    private let count = Option<Int>(name: "--count", valueName: "n", help: "How many.", default: "3", expected: "a whole number >= 1") { text in
        Int(text).flatMap { $0 >= 1 ? $0 : nil }
    }
    private let tag = Option<String>(name: "--tag", valueName: "name", isRepeatable: true, help: "A tag.")
    private let quiet = Flag(name: "--quiet", help: "Say less.")

    private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments.parse(arguments, options: [count.spec, tag.spec, quiet.spec], command: "demo")
    }

    @Test func aValueIsReadAsTheOptionsType() throws {
        #expect(try parse(["--count", "7"]).value(count) == 7)
        #expect(try parse(["--count=7"]).value(count, default: 3) == 7)
        #expect(try parse([]).value(count) == nil)
        #expect(try parse([]).value(count, default: 3) == 3)
    }

    @Test func aRefusedValueNamesTheOptionTheValueAndWhatWasExpected() throws {
        let parsed = try parse(["--count", "0"])
        let expected = UsageError.invalidValue(option: "--count", value: "0", expected: "a whole number >= 1")
        #expect(throws: expected) { try parsed.value(count) }
        #expect(expected.errorDescription == "option '--count' got '0', expected a whole number >= 1.")
    }

    @Test func everyValueOfARepeatableOptionIsReadInOrder() throws {
        let parsed = try parse(["--tag", "a", "--count", "2", "--tag=b"])
        #expect(try parsed.all(tag) == ["a", "b"])
        #expect(parsed.texts(tag) == ["a", "b"])
        #expect(try parse([]).all(tag).isEmpty)
    }

    @Test func theFirstRefusedValueOfARepeatableOptionIsNamed() throws {
        let numbers = Option<Int>(name: "--number", valueName: "n", isRepeatable: true, help: "A number.", expected: "a whole number") { Int($0) }
        let parsed = try ParsedArguments.parse(["--number", "1", "--number", "x", "--number", "y"], options: [numbers.spec], command: "demo")
        #expect(throws: UsageError.invalidValue(option: "--number", value: "x", expected: "a whole number")) { try parsed.all(numbers) }
    }

    @Test func aRequiredOptionThatIsMissingIsNamedWithItsValue() throws {
        #expect(throws: UsageError.missingArgument("--count <n>", command: "demo")) { try parse([]).required(count, command: "demo") }
        #expect(throws: UsageError.missingArgument("--count <n>, how many", command: "demo")) {
            try parse([]).required(count, command: "demo", purpose: ", how many")
        }
        #expect(try parse(["--count", "2"]).required(count, command: "demo") == 2)
    }

    @Test func aFlagIsSetOnlyWhenGiven() throws {
        #expect(try parse(["--quiet"]).isSet(quiet))
        #expect(try !parse([]).isSet(quiet))
        #expect(try parse(["--quiet"]).isGiven(quiet.spec))
    }

    @Test func theTextIsTheValueAsTyped() throws {
        #expect(try parse(["--count", "007"]).text(count) == "007")
        #expect(try parse(["--count", "007"]).value(count) == 7)
    }

    @Test func aCommandsOwnHelpKeepsTheNameAndTheParser() throws {
        let explained = count.help("How many times.", default: "1").required()
        #expect(explained.name == count.name && explained.spec.valueName == count.spec.valueName)
        #expect(explained.spec.helpLine == "How many times. (default: 1) (required)")
        #expect(explained.spec.usage == "--count <n>")
        #expect(count.spec.usage == "[--count <n>]")
        #expect(tag.spec.usage == "[--tag <name>] ...")
        #expect(try parse(["--count", "4"]).value(explained) == 4)
        #expect(throws: UsageError.invalidValue(option: "--count", value: "x", expected: "a whole number >= 1")) {
            try parse(["--count", "x"]).value(explained)
        }
    }

    @Test func aFolderOptionRefusesAnEmptyPath() throws {
        let output = OutputOptions.folder
        let parsed = try ParsedArguments.parse(["--output="], options: [output.spec], command: "demo")
        #expect(throws: UsageError.invalidValue(option: "--output", value: "", expected: "a folder path")) { try parsed.value(output) }
        let given = try ParsedArguments.parse(["--output", "out"], options: [output.spec], command: "demo")
        #expect(try given.value(output)?.lastPathComponent == "out")
    }

    // MARK: Shared groups

    @Test func seedsAreReadFromEitherOptionButNotBoth() throws {
        let options = SeedOptions.options
        #expect(try SeedOptions(ParsedArguments.parse(["--seed", "7"], options: options, command: "run")).seeds.description == "7")
        #expect(try SeedOptions(ParsedArguments.parse(["--seeds", "3...5"], options: options, command: "run")).seeds.count == 3)
        #expect(try !SeedOptions(ParsedArguments.parse([], options: options, command: "run")).isGiven)
        #expect(throws: UsageError.conflictingOptions("--seed", "--seeds")) {
            try SeedOptions(ParsedArguments.parse(["--seed", "x", "--seeds", "1...2"], options: options, command: "run"))
        }
        #expect(throws: UsageError.invalidValue(option: "--seed", value: "x", expected: "a whole number from 0 to \(UInt64.max)")) {
            try SeedOptions(ParsedArguments.parse(["--seed", "x"], options: options, command: "run"))
        }
    }

    @Test func aCommandsVariantOfASharedOptionIsReadByTheGroup() throws {
        // `check` explains --seeds in its own words; `SeedOptions` reads it all the same.
        let parsed = try ParsedArguments.parse(["--seeds", "1...4"], options: CheckCommand.options, command: "check")
        #expect(try SeedOptions(parsed).seeds.count == 4)
        #expect(CheckCommand.seeds.name == SeedOptions.seeds.name)
    }
}
