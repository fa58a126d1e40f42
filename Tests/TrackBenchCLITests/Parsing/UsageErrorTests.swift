import Foundation
import Testing

/// A command line that is wrong, and what its error message must say.
struct UsageErrorCase: Sendable, CustomTestStringConvertible {
    /// The arguments; `{out}` stands for a fresh output folder that must stay unwritten.
    var arguments: [String]
    /// Fragments the `Error:` line must contain.
    var messageFragments: [String]
    /// A fragment of the usage text that follows the error.
    var usageFragment: String

    var testDescription: String { arguments.joined(separator: " ") }
}

/// Wrong command lines exit 64 with an error naming the problem and pointing to the usage, and write nothing.
struct UsageErrorTests {
    static let cases: [UsageErrorCase] = [
        UsageErrorCase(
            arguments: ["run", "--sed", "5", "--output", "{out}"],
            messageFragments: ["unknown option '--sed' for 'run'", "Did you mean '--seed'?"],
            usageFragment: "See 'trackbench help run'."
        ),
        UsageErrorCase(
            arguments: ["--jobz", "2", "--output", "{out}"],
            messageFragments: ["unknown option '--jobz' for 'run'", "Did you mean '--jobs'?"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["exprot", "--output", "{out}"],
            messageFragments: ["unknown command 'exprot'", "Did you mean 'export'?"],
            usageFragment: "USAGE: trackbench [<command>]"
        ),
        UsageErrorCase(
            arguments: ["help", "lst"],
            messageFragments: ["unknown command 'lst'", "Did you mean 'list'?"],
            usageFragment: "SUBCOMMANDS:"
        ),
        UsageErrorCase(
            arguments: ["run", "--seed", "abc", "--output", "{out}"],
            messageFragments: ["option '--seed' got 'abc'", "a whole number from 0 to 18446744073709551615"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--jobs", "0", "--output", "{out}"],
            messageFragments: ["option '--jobs' got '0'", "a whole number >= 1"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--filter", "kalmn", "--output", "{out}"],
            messageFragments: ["unknown filter 'kalmn'", "Did you mean 'kalman'?"],
            usageFragment: "See 'trackbench help run'."
        ),
        UsageErrorCase(
            arguments: ["run", "--filter", "kalman:z=1", "--output", "{out}"],
            messageFragments: ["filter 'kalman' has no parameter 'z'", "it takes: q"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--filter", "kalman:q=1,q=2", "--output", "{out}"],
            messageFragments: ["malformed filter 'kalman:q=1,q=2': parameter 'q' given twice"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["calibrate", "Examples/Recordings/track-phone.nmea", "--truth", "Examples/Recordings/track-truth.gpx", "--provider", "XYZ"],
            messageFragments: ["option '--provider' got 'XYZ', expected GPS, FLP or NLP"],
            usageFragment: "USAGE: trackbench calibrate"
        ),
        UsageErrorCase(
            arguments: ["run", "--seed", "1", "--seed", "2", "--output", "{out}"],
            messageFragments: ["option '--seed' may be given only once"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--output"],
            messageFragments: ["option '--output' needs a value: dir"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["run", "--output="],
            messageFragments: ["option '--output' got '', expected a folder path"],
            usageFragment: "USAGE: trackbench run"
        ),
        UsageErrorCase(
            arguments: ["export", "outAndBack-1000m-2.8mps-strong"],
            messageFragments: ["'export' needs --output <dir>"],
            usageFragment: "See 'trackbench help export'."
        ),
        UsageErrorCase(
            arguments: ["export", "outAndBack-1000m-2.8mps-strnog", "--output", "{out}"],
            messageFragments: [
                "no scenario 'outAndBack-1000m-2.8mps-strnog' in 'Scenarios/default.json'",
                "Did you mean 'outAndBack-1000m-2.8mps-strong'?",
            ],
            usageFragment: "USAGE: trackbench export"
        ),
    ]

    @Test(arguments: cases)
    func badUsageExitsWithUsageCodeAndNamesTheProblem(_ usage: UsageErrorCase) async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("out")
            let arguments = usage.arguments.map { $0 == "{out}" ? output.path : $0 }
            let result = try await TrackBenchExecutable.run(arguments)
            #expect(result.status == 64)
            #expect(result.standardOutput.isEmpty)
            let errorLine = try #require(result.standardError.split(separator: "\n").first.map(String.init))
            #expect(errorLine.hasPrefix("Error: "))
            for fragment in usage.messageFragments {
                #expect(errorLine.contains(fragment), "\(errorLine) lacks \(fragment)")
            }
            #expect(result.standardError.contains(usage.usageFragment))
            #expect(!FileManager.default.fileExists(atPath: output.path), "a failed command wrote output")
        }
    }
}
