import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFilters

struct FilterProcessTests {
    /// A shell client that answers every fix with (1, 2) and `null` for invalid fixes, offline by its hello.
    static let command = #"""
        echo '{"trackbench": 1, "name": "ones", "online": false}'
        while read line; do
          case $line in
            *'"horizontal_accuracy_m":-'*) echo null ;;
            *'"type":"fix"'*) echo '{"latitude": 1, "longitude": 2, "speed_mps": 3}' ;;
          esac
        done
        """#

    private let fixes = [
        LocationFix(latitude: 10, longitude: 20, horizontalAccuracyMeters: 5, timestampSeconds: 1),
        LocationFix(latitude: 10, longitude: 20, horizontalAccuracyMeters: -1, timestampSeconds: 2),
        LocationFix(latitude: 11, longitude: 21, horizontalAccuracyMeters: 5, timestampSeconds: 3, deliveryTimeSeconds: 4),
    ]

    @Test func aProcessNamesItselfAndAnswersEachFixInOrderAtItsDeliveryTime() throws {
        let process = try FilterProcess(command: Self.command, timeout: 600)
        defer { process.shutdown() }
        let configuration = FilterConfiguration(process: process)
        #expect(configuration.label == "ones" && configuration.timing == .offline)
        #expect(configuration.specification == "exec:" + Self.command)
        for seed: UInt64 in [1, 2] {
            let estimates = configuration.makeFilter(scenario: "s", seed: seed).estimatedPath(for: Path(fixes)).fixes
            #expect(estimates.map(\.latitude) == [1, 1] && estimates.map(\.speedMetersPerSecond) == [3, 3])
            #expect(estimates.map(\.deliveryTimeSeconds) == [1, 4])
        }
        #expect(process.failure == nil)
    }

    @Test func aFailureIsRecordedOnceAndLaterRunsEstimateNothing() throws {
        let process = try FilterProcess(command: #"echo '{"trackbench": 1, "name": "x", "online": true}'; read line; exit 5"#, timeout: 600)
        defer { process.shutdown() }
        let filter = FilterConfiguration(process: process)
        #expect(filter.makeFilter(scenario: "first", seed: 7).estimatedPath(for: Path(fixes)).fixes.isEmpty)
        #expect(filter.makeFilter(scenario: "second", seed: 8).estimatedPath(for: Path(fixes)).fixes.isEmpty)
        guard case let .failed(name, _, scenario, seed, reason, _, _)? = process.failure else {
            Issue.record("no failure recorded: \(String(describing: process.failure))")
            return
        }
        #expect(name == "x" && scenario == "first" && seed == 7)
        #expect(reason == "the process exited with status 5 after answering 0 of 3 fixes")
    }

    @Test func aCommandThatDoesNotStartIsAnErrorNamingIt() {
        #expect {
            _ = try FilterProcess(command: "/nonexistent/filter-binary", timeout: 600)
        } throws: { error in
            guard case let .badHello(_, command, _, reason, standardError)? = error as? FilterProcessError else { return false }
            return command == "/nonexistent/filter-binary" && reason.contains("exited with status 127") && standardError.contains("not found")
        }
    }

    /// No answer is due before a `start`: a line right after the hello is named as such, not as an extra answer of a
    /// run with no name.
    @Test func aLineWrittenAfterTheHelloBeforeAnyRunIsNamedAsSuch() throws {
        let process = try FilterProcess(
            command: #"echo '{"trackbench": 1, "name": "x", "online": true}'; echo early; cat >/dev/null"#, label: "lbl", timeout: 600
        )
        defer { process.shutdown() }
        // Give the shell time to write its second line, which the next run finds waiting.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(FilterConfiguration(process: process).makeFilter(scenario: "s", seed: 1).estimatedPath(for: Path(fixes)).fixes.isEmpty)
        guard case let .lineAfterHello(filter, _, line, _)? = process.failure else {
            Issue.record("not a line after the hello: \(String(describing: process.failure))")
            return
        }
        #expect(filter == "lbl" && line == "early")
        let message = try #require(process.failure?.errorDescription)
        #expect(message.hasPrefix("filter 'lbl' (exec:"), "\(message)")
        #expect(message.contains("wrote a line after its hello before any run started") && message.contains("\n  line: early\n"))
        #expect(!message.contains("scenario"))
    }

    /// `speed` sends its timing runs without a scenario, so a failure there names the timing run, not scenario ''.
    @Test func aFailureOfATimingRunNamesSpeedNotAnEmptyScenario() {
        let error = FilterProcessError.failed(
            filter: "x", command: "c", scenario: "", seed: nil, reason: "answer 1 of 3 is not valid", line: "bad", standardError: ""
        )
        let message = error.errorDescription ?? ""
        #expect(message.hasPrefix("filter 'x' (exec:c) failed on a timing run of 'speed' (the suite's noisy paths, sent with an empty scenario): "))
        #expect(!message.contains("scenario ''"))
    }
}
