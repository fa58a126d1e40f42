import Foundation
import Testing

/// `--filter exec:COMMAND` end to end: the real binary, real processes (Docs/filter-protocol.md).
struct FilterProcessCommandTests {
    /// The `--exec-timeout` of every case that does not test the timeout, in seconds: long enough for a JVM to
    /// compile a source file on a 2-core machine loaded by the rest of the test suite (30 s, the default, was not).
    static let patientTimeout = "600"

    /// A shell snippet writing a valid hello for a filter named `bad`.
    static let hello = #"echo '{"trackbench": 1, "name": "bad", "online": true}'"#

    /// Whether `program` is on the PATH; the tests of an example skip without its language.
    static func isInstalled(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }

    @Test(arguments: [
        ("python3", "python3 Examples/FilterProcess/median.py"),
        ("java", "java Examples/FilterProcess/Median.java"),
    ])
    func aReferenceMedianOfOneFixGivesExactlyTheRawFiltersResults(program: String, command: String) async throws {
        guard Self.isInstalled(program) else { return }
        try await Self.expectSameResultsAsRaw(command: "\(command) 1")
    }

    /// The protocol exercised with a client the test builds itself: the C echo client must reproduce the raw
    /// filter's results to the bit.
    @Test func aCompiledEchoClientGivesExactlyTheRawFiltersResults() async throws {
        try await withTemporaryFolder { folder in
            let binary = try await Self.compiledEchoClient(in: folder)
            try await Self.expectSameResultsAsRaw(command: binary)
        }
    }

    /// `sweep` runs a labelled process once per value, the value in its command where `{PARAMETER}` stands.
    @Test func sweepRunsALabelledProcessOncePerValueOfItsArgument() async throws {
        try await withTemporaryFolder { folder in
            let binary = try await Self.compiledEchoClient(in: folder)
            let result = try await TrackBenchExecutable.run([
                "sweep", "echo=exec:\(binary) --ignored {w}", "w=1,2", "--scenarios", "Scenarios/hard.json", "--seed", "100",
                "--exec-timeout", Self.patientTimeout, "--output", folder.path,
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let table = try String(contentsOf: folder.appendingPathComponent("sweep.csv"), encoding: .utf8)
            #expect(table.split(separator: "\n").count == 3, "\(table)")
            #expect(result.standardOutput.contains("## Sweep of `w` for `echo=exec:\(binary) --ignored {w}`"))
        }
    }

    @Test(arguments: [
        ("exec:python3 median.py {w}", "a swept filter process needs a label"),
        ("m=exec:python3 median.py", "has no {w} for the values of 'w'"),
    ])
    func sweepNamesWhatASweptProcessLacks(filter: String, message: String) async throws {
        let result = try await TrackBenchExecutable.run(["sweep", filter, "w=1,2"])
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    /// `Examples/FilterProcess/echo.c` compiled into `folder` with the toolchain's `clang` (or the system's `cc`);
    /// the binary's path.
    static func compiledEchoClient(in folder: URL) async throws -> String {
        let compiler = try #require(["clang", "cc"].first(where: isInstalled), "no C compiler on the PATH")
        let binary = folder.appendingPathComponent("echo-filter").path
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = [compiler, "-O2", "-o", binary, "Examples/FilterProcess/echo.c"]
        build.currentDirectoryURL = TrackBenchExecutable.packageRoot
        #expect(try await TrackBenchExecutable.runToEnd(build) == 0)
        return binary
    }

    /// Runs the hard suite under seed 100 with `raw` and `median=exec:COMMAND`, and expects every measured
    /// column of the two filters' rows to match (all but the label and the specification).
    private static func expectSameResultsAsRaw(command: String) async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run([
                "run", "--scenarios", "Scenarios/hard.json", "--seed", "100", "--output", folder.path,
                "--exec-timeout", patientTimeout, "--filter", "raw", "--filter", "median=exec:\(command)",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let rows = try String(contentsOf: folder.appendingPathComponent("results.csv"), encoding: .utf8).split(separator: "\n")
            // Every column but the label (the second) and the specification (the second last) must match.
            func measured(_ label: String) -> [[Substring]] {
                rows.filter { $0.contains(",\(label),") }.map { row in
                    let fields = row.split(separator: ",", omittingEmptySubsequences: false)
                    return fields.enumerated().filter { $0.offset != 1 && $0.offset != fields.count - 2 }.map(\.element)
                }
            }
            #expect(!measured("raw").isEmpty)
            #expect(measured("raw") == measured("median"))
        }
    }

    /// Each way a process can break, with the timeout it runs under: only the silent one waits for its timeout, and
    /// its message proves the timeout ended it (a `sleep 300` that ran out would exit with status 0), so no
    /// wall-clock bound is needed, which a loaded machine could break.
    @Test(arguments: [
        ("read line; echo boom >&2; exit 3", patientTimeout, "exited with status 3"),
        (#"while read line; do echo '{"latitude": oops}'; done"#, patientTimeout, "answer 1 of"),
        ("sleep 300", "1", "wrote no whole line for 1 s"),
        (#"while read line; do case $line in *'"fix"'*) echo null; echo null;; esac; done"#, patientTimeout, "more answers than there were fixes"),
    ])
    func aBrokenProcessStopsTheRunWithExitOneWithinTheTimeoutAndLeavesNoProcess(body: String, timeout: String, reason: String) async throws {
        // The marker names this case's processes, so the test can look for any left behind.
        let marker = "trackbench-test-\(UUID().uuidString)"
        let body = body.replacingOccurrences(of: "sleep 300", with: Self.uniqueSleep(300))
        let command = "\(Self.hello); : \(marker); \(body)"
        let result = try await TrackBenchExecutable.run([
            "run", "--scenarios", "Scenarios/gps-dropout.json", "--seed", "100", "--output", NSTemporaryDirectory() + marker,
            "--exec-timeout", timeout, "--filter", "exec:\(command)",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("Error: filter 'bad' (exec:"), "\(result.standardError)")
        #expect(result.standardError.contains("failed on scenario '") && result.standardError.contains("seed 100"))
        #expect(result.standardError.contains(reason), "\(result.standardError)")
        // A shell may exec its last command, whose command line then lacks the marker: `sleep 300` is looked for as is.
        #expect(Self.processes(containing: marker).isEmpty && (!body.hasPrefix("sleep") || Self.processes(containing: body).isEmpty))
        // The results streamed into a temporary file in the output folder: the failed run removes both again.
        #expect(!FileManager.default.fileExists(atPath: NSTemporaryDirectory() + marker))
    }

    @Test func theLastLinesOfTheProcesssStandardErrorAreShown() async throws {
        let result = try await TrackBenchExecutable.run([
            "run", "--scenarios", "Scenarios/hard.json", "--seed", "100", "--exec-timeout", Self.patientTimeout,
            "--filter", "exec:\(Self.hello); echo 'Traceback: it broke' >&2; exit 1",
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

    @Test(arguments: [
        ("steps", "Scenarios/dead-reckoning.json", #"{"type":"steps","time_s":"#),
        ("heading", "Scenarios/dead-reckoning.json", #"{"type":"heading","time_s":"#),
        ("barometer", "Scenarios/hills.json", #"{"type":"barometer","time_s":"#),
    ])
    func aSuiteWithSensorsSendsTheirEventsAmongTheFixes(kind: String, suite: String, line: String) async throws {
        // The client shows the first such line on its standard error and exits, which TrackBench reports.
        let body = #"while read line; do case $line in *'"type":"\#(kind)"'*) echo "$line" >&2; exit 9;; *'"type":"fix"'*) echo null;; esac; done"#
        let result = try await TrackBenchExecutable.run([
            "run", "--scenarios", suite, "--seed", "100", "--jobs", "1", "--exec-timeout", Self.patientTimeout,
            "--filter", "exec:\(Self.hello); \(body)",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("exited with status 9"), "\(result.standardError)")
        #expect(result.standardError.contains("    " + line), "\(result.standardError)")
    }

    @Test func aProcessSilentBeforeItsHelloStopsAtTheTimeout() async throws {
        let sleep = Self.uniqueSleep(301)
        let result = try await TrackBenchExecutable.run(["run", "--exec-timeout", "0.5", "--filter", "exec:\(sleep)"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("did not introduce itself: the process wrote no whole line for 0.5 s"), "\(result.standardError)")
        #expect(Self.processes(containing: sleep).isEmpty)
    }

    @Test(arguments: ["0", "-1", "x", "nan"])
    func aBadTimeoutIsAUsageError(value: String) async throws {
        let result = try await TrackBenchExecutable.run(["run", "--exec-timeout", value, "--filter", "raw"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--exec-timeout"))
    }

    @Test func exportRefusesAFilterProcessAsAUsageError() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run([
                "export", "loop-1000m-1.4mps-weak", "--output", folder.path, "--filter", "exec:\(Self.hello)",
            ])
            #expect(result.status == 64)
            // The list comes from the commands that take --exec-timeout: tune runs processes too.
            let refusal = "is a filter process, which runs only in run, check, sweep, tune, plot and speed"
            #expect(result.standardError.contains(refusal), "\(result.standardError)")
        }
    }

    /// `sleep` for `seconds` and a fraction no other test run uses, so that looking for it in /proc finds only this
    /// test's process, not one of a test suite running beside it.
    static func uniqueSleep(_ seconds: Int) -> String {
        "sleep \(seconds).\(UInt32.random(in: 100_000...999_999))"
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
