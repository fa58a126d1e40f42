import Foundation
import Testing

/// `--filter exec:COMMAND` end to end: the real binary, real processes (Docs/filter-protocol.md).
struct FilterProcessCommandTests {
    /// Whether python3 runs here; the tests of the Python example skip without it.
    static let hasPython = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        }

    /// A shell snippet writing a valid hello for a filter named `bad`.
    static let hello = #"echo '{"trackbench": 1, "name": "bad", "online": true}'"#

    @Test(.enabled(if: hasPython))
    func thePythonMedianOfOneFixGivesExactlyTheRawFiltersResults() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run([
                "run", "--scenarios", "Scenarios/hard.json", "--seed", "100", "--output", folder.path,
                "--filter", "raw", "--filter", "py=exec:python3 Examples/FilterProcess/median.py 1",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let rows = try String(contentsOf: folder.appendingPathComponent("results.csv"), encoding: .utf8).split(separator: "\n")
            let raw = rows.filter { $0.contains(",raw,") }.map { $0.replacingOccurrences(of: ",raw,", with: ",X,").replacingOccurrences(of: ",raw,", with: ",X,") }
            let python = rows.filter { $0.contains(",py,") }.map {
                $0.replacingOccurrences(of: ",py,", with: ",X,").replacingOccurrences(of: ",exec:python3 Examples/FilterProcess/median.py 1,", with: ",X,")
            }
            #expect(!raw.isEmpty)
            #expect(raw == python)
        }
    }

    @Test(arguments: [
        ("read line; echo boom >&2; exit 3", "exited with status 3"),
        (#"while read line; do echo '{"latitude": oops}'; done"#, "answer 1 of"),
        ("sleep 37.5", "wrote nothing for 1 s"),
        (#"while read line; do case $line in *'"fix"'*) echo null; echo null;; esac; done"#, "more answers than there were fixes"),
    ])
    func aBrokenProcessStopsTheRunWithExitOneWithinTheTimeoutAndLeavesNoProcess(body: String, reason: String) async throws {
        // The marker names this case's processes, so the test can look for any left behind.
        let marker = "trackbench-test-\(UUID().uuidString)"
        let command = "\(Self.hello); : \(marker); \(body)"
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await TrackBenchExecutable.run([
            "run", "--scenarios", "Scenarios/hard.json", "--seed", "100", "--output", NSTemporaryDirectory() + marker,
            "--exec-timeout", "1", "--filter", "exec:\(command)",
        ])
        #expect(clock.now - start < .seconds(20))
        #expect(result.status == 1)
        #expect(result.standardError.contains("Error: filter 'bad' (exec:"), "\(result.standardError)")
        #expect(result.standardError.contains("failed on scenario '") && result.standardError.contains("seed 100"))
        #expect(result.standardError.contains(reason), "\(result.standardError)")
        // A shell may exec its last command, whose command line then lacks the marker: `sleep 37.5` is looked for as is.
        #expect(Self.processes(containing: marker).isEmpty && (!body.hasPrefix("sleep") || Self.processes(containing: body).isEmpty))
    }

    @Test func theLastLinesOfTheProcesssStandardErrorAreShown() async throws {
        let result = try await TrackBenchExecutable.run([
            "run", "--scenarios", "Scenarios/hard.json", "--seed", "100", "--filter", "exec:\(Self.hello); echo 'Traceback: it broke' >&2; exit 1",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("its standard error ended with:\n    Traceback: it broke"), "\(result.standardError)")
    }

    @Test func aProcessWithoutAHelloIsNamedWithWhatItWrote() async throws {
        let result = try await TrackBenchExecutable.run(["run", "--filter", "exec:echo hi there"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("filter process 'echo hi there' did not introduce itself"), "\(result.standardError)")
        #expect(result.standardError.contains("it wrote: hi there"))
    }

    @Test func sweepRefusesAFilterProcessAsAUsageError() async throws {
        let result = try await TrackBenchExecutable.run(["sweep", "exec:\(Self.hello)", "q=1,2"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("no parameters to sweep"), "\(result.standardError)")
    }

    /// The ids of running processes whose command line contains `text`, read from /proc.
    static func processes(containing text: String) -> [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { id in
            guard id.allSatisfy(\.isNumber), let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        }
    }
}
