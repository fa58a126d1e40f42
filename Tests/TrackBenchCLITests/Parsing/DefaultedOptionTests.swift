import Foundation
import Testing
@testable import TrackBenchCLI

/// Options declared with their default: the value a command takes and the default help shows come from one place.
struct DefaultedOptionTests {
    private let count = Option<Int>(name: "--count", valueName: "n", help: "How many.", expected: "a whole number >= 1") { text in
        Int(text).flatMap { $0 >= 1 ? $0 : nil }
    }.defaulting(to: 3)

    private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments.parse(arguments, options: [count.spec], command: "demo")
    }

    @Test func theDefaultIsTheValueWhenNotGivenAndWhatHelpShows() throws {
        #expect(try parse([]).value(count) == 3)
        #expect(try parse(["--count", "7"]).value(count) == 7)
        #expect(count.spec.helpLine == "How many. (default: 3)")
        #expect(throws: UsageError.invalidValue(option: "--count", value: "0", expected: "a whole number >= 1")) {
            try parse(["--count", "0"]).value(count)
        }
    }

    @Test func anotherHelpLineKeepsTheDefault() throws {
        let explained = count.help("How many times.")
        #expect(explained.spec.helpLine == "How many times. (default: 3)")
        #expect(try parse([]).value(explained) == 3)
    }

    @Test func jobsDefaultsToTheCoresItsHelpNames() throws {
        let parsed = try ParsedArguments.parse([], options: JobsOptions.options, command: "demo")
        #expect(try JobsOptions(parsed).jobs == ProcessInfo.processInfo.activeProcessorCount)
        #expect(JobsOptions.jobs.spec.helpLine.hasSuffix("(default: all cores)"))
    }

    @Test func aDefaultShownInWordsIsTheDeclaredValue() throws {
        let parsed = try ParsedArguments.parse([], options: DEMCommand.options, command: "dem")
        #expect(try parsed.value(DEMCommand.arcSeconds) == 3601)
        #expect(DEMCommand.arcSeconds.spec.defaultValue == "1")
        #expect(try parsed.value(TuneCommand.pareto).map(\.column) == ["error_pct", "lag_s"])
        #expect(TuneCommand.pareto.spec.defaultValue == "error_pct,lag_s")
    }
}
