import Foundation
import Testing

/// Filter processes that abuse the protocol, end to end: each is stopped within its timeout with a line's memory, no
/// process of theirs outlives TrackBench, even one it ends on a signal, and no specification makes an unreadable file.
struct FilterProcessLimitTests {
    /// A shell snippet writing a valid hello for a filter named `bad`.
    static let hello = FilterProcessCommandTests.hello
    /// A shell pipeline answering every fix with `null` at once, as fast as a compiled client.
    static let answerNull = #"grep --line-buffered -o '"type":"fix"' | sed -u 's/.*/null/'"#

    /// Runs the gps-dropout suite with seed 100 and `--filter SPECIFICATION` into a fresh folder, then checks that
    /// no process whose command line holds `marker` is left.
    private static func run(
        _ specification: String, timeout: String = FilterProcessCommandTests.patientTimeout, marker: String
    ) async throws -> CommandResult {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run(runArguments(specification, output: folder, timeout: timeout))
            #expect(await Self.noneLeft(marker), "a process holding \(marker) outlived the run")
            return result
        }
    }

    /// `run` of the gps-dropout suite with seed 100 and `--filter SPECIFICATION` into `output`.
    private static func runArguments(_ specification: String, output: URL, timeout: String) -> [String] {
        [
            "run", "--scenarios", "Scenarios/gps-dropout.json", "--seed", "100", "--output", output.path, "--exec-timeout", timeout,
            "--filter", specification,
        ]
    }

    /// A text unique to one test's processes, usable as a `sleep` duration so a `sleep` it starts carries it.
    private static func uniqueMarker() -> String {
        String(1_000_000_000 + UInt64(UInt32(truncatingIfNeeded: UUID().hashValue)))
    }

    /// Whether no process's command line holds `marker`, waiting up to a minute for killed ones to go, as the whole
    /// suite shares the cores; the bound only stops a failing test from hanging.
    private static func noneLeft(_ marker: String) async -> Bool {
        for _ in 0..<600 {
            if FilterProcessCommandTests.processes(containing: marker).isEmpty { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test(arguments: [
        // A stream without newlines, fast and slow, while TrackBench waits for an answer.
        (#"read line; : MARK; yes | tr -d '\n'"#, FilterProcessCommandTests.patientTimeout, "answer 1 of"),
        ("read line; : MARK; while :; do printf x; sleep 0.2; done", "1.5", "wrote no whole line for 1.5 s after answering 0 of"),
        // One line of 20 MB.
        (#"read line; : MARK; head -c 20000000 /dev/zero | tr '\0' 1; echo"#, FilterProcessCommandTests.patientTimeout, "answer 1 of"),
    ])
    func outputWithoutANewlineOrAHugeLineStopsTheRunWithoutWaitingForMore(body: String, timeout: String, reason: String) async throws {
        let marker = Self.uniqueMarker()
        let command = "\(Self.hello); \(body.replacingOccurrences(of: "MARK", with: marker))"
        let result = try await Self.run("lbl=exec:\(command)", timeout: timeout, marker: marker)
        #expect(result.status == 1)
        #expect(result.standardError.contains("Error: filter 'lbl' (exec:"), "\(result.standardError)")
        #expect(result.standardError.contains(reason), "\(result.standardError)")
        if timeout == FilterProcessCommandTests.patientTimeout {
            #expect(result.standardError.contains("is longer than 65536 bytes, the longest line the protocol allows"))
        }
    }

    @Test(arguments: [
        (#": MARK; yes | tr -d '\n'"#, "0.5", "its first line is longer than 65536 bytes"),
        (": MARK; while :; do printf x; sleep 0.1; done", "1", "wrote no whole line for 1 s"),
    ])
    func aStreamWithoutANewlineInsteadOfAHelloStops(body: String, timeout: String, reason: String) async throws {
        let marker = Self.uniqueMarker()
        let result = try await Self.run("lbl=exec:\(body.replacingOccurrences(of: "MARK", with: marker))", timeout: timeout, marker: marker)
        #expect(result.status == 1)
        #expect(result.standardError.contains("filter 'lbl' (exec:"), "\(result.standardError)")
        #expect(result.standardError.contains("did not introduce itself: "), "\(result.standardError)")
        #expect(result.standardError.contains(reason), "\(result.standardError)")
    }

    @Test func outputWrittenWithoutEndAfterTheInputClosesIsOneExtraAnswer() async throws {
        let marker = Self.uniqueMarker()
        let result = try await Self.run("lbl=exec:\(Self.hello); : \(marker); \(Self.answerNull); yes \(marker)", marker: marker)
        #expect(result.status == 1)
        let reason = "the process wrote more answers than there were fixes\n  answer: \(marker)\n"
        #expect(result.standardError.contains(reason), "\(result.standardError)")
    }

    @Test func aChildThatLeavesTheProcessGroupIsKilledAndReported() async throws {
        let marker = Self.uniqueMarker()
        let result = try await Self.run("lbl=exec:\(Self.hello); setsid sleep \(marker) & \(Self.answerNull)", marker: marker)
        #expect(result.status == 1)
        #expect(result.standardError.contains("Error: filter process 'lbl' left "), "\(result.standardError)")
        #expect(result.standardError.contains("(sleep)") && result.standardError.contains("do not detach children with setsid"))
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalEndsEveryProcessOfTheFiltersAndRemovesTheTemporaryFiles(signal: Int32, status: Int32) async throws {
        let marker = Self.uniqueMarker()
        // The filter never answers: the run waits until the signal. Its shell starts a sleep in its group and one that
        // leaves it; each carries the marker.
        let command = "\(Self.hello); sleep \(marker) & setsid sleep \(marker) & cat > /dev/null"
        try await withTemporaryFolder { folder in
            let process = try Self.startRun(filter: "lbl=exec:\(command)", output: folder)
            // Waits (five minutes at most, on a loaded machine) for both sleeps and the results' temporary file, so the
            // run is under way.
            for _ in 0..<3000 where FilterProcessCommandTests.processes(containing: marker).count < 2 || Self.temporaryFiles(in: folder).isEmpty {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(FilterProcessCommandTests.processes(containing: marker).count >= 2)
            #expect(!Self.temporaryFiles(in: folder).isEmpty)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == status)
            #expect(await Self.noneLeft(marker), "a process holding \(marker) outlived the signal")
            #expect(Self.temporaryFiles(in: folder).isEmpty)
        }
    }

    /// A job a shell started in the background ignores SIGINT; TrackBench keeps it ignored, as the shells' convention
    /// asks, and still ends cleanly on SIGTERM. (A TrackBench that took the SIGINT would be gone before the check.)
    @Test func aSignalIgnoredAtTheStartStaysIgnored() async throws {
        let marker = Self.uniqueMarker()
        let command = "\(Self.hello); sleep \(marker) & cat > /dev/null"
        try await withTemporaryFolder { folder in
            let process = try Self.startRun(filter: "lbl=exec:\(command)", output: folder, ignoring: "INT")
            for _ in 0..<3000 where FilterProcessCommandTests.processes(containing: marker).isEmpty {
                try await Task.sleep(for: .milliseconds(100))
            }
            kill(process.processIdentifier, SIGINT)
            try await Task.sleep(for: .seconds(2))
            #expect(process.isRunning, "SIGINT ended a run that was started with it ignored")
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 143)
            #expect(await Self.noneLeft(marker), "a process holding \(marker) outlived the signal")
        }
    }

    /// Starts `trackbench run` of the gps-dropout suite with seed 100 and `--filter FILTER` into `output`, in the
    /// background with its output discarded; `ignoring` names a signal it starts with ignored (`INT`), as a shell's
    /// background job does.
    private static func startRun(filter: String, output: URL, ignoring signal: String? = nil) throws -> Process {
        let arguments = runArguments(filter, output: output, timeout: FilterProcessCommandTests.patientTimeout)
        let process = Process()
        if let signal {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", #"trap '' \#(signal); exec "$0" "$@""#, try TrackBenchExecutable.url().path] + arguments
        } else {
            process.executableURL = try TrackBenchExecutable.url()
            process.arguments = arguments
        }
        process.currentDirectoryURL = TrackBenchExecutable.packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The temporary files in `folder`: `.<name>.<pid>.tmp`.
    private static func temporaryFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    @Test func aSpecificationWithAControlCharacterIsAUsageErrorAndLeavesTheBaselineAsItWas() async throws {
        try await withTemporaryFolder { folder in
            let baseline = folder.appendingPathComponent("baseline.csv")
            let suite = ["--baseline", baseline.path, "--scenarios", "Scenarios/hard.json", "--seed", "100"]
            let recorded = try await TrackBenchExecutable.run(["check", "--update-baseline"] + suite + ["--filter", "raw"])
            #expect(recorded.status == 0, "\(recorded.standardError)")
            let good = try Data(contentsOf: baseline)
            for character in ["\n", "\r", "\u{1B}", "\u{85}", "\u{7F}"] {
                let result = try await TrackBenchExecutable.run(
                    ["check", "--update-baseline"] + suite + ["--filter", "raw", "--filter", "x=exec:echo a\(character)echo b"]
                )
                #expect(result.status == 64)
                let code = String(format: "U+%04X", character.unicodeScalars.first!.value)
                #expect(result.standardError.contains("malformed filter 'x=exec:echo a"), "\(result.standardError)")
                #expect(result.standardError.contains("it holds the control character \(code)"), "\(result.standardError)")
                #expect(try Data(contentsOf: baseline) == good)
            }
        }
    }

    @Test(arguments: [
        (#"{"trackbench": true, "name": "bad", "online": true}"#, #"the hello's "trackbench" is not the integer 1"#),
        (#"{"trackbench": 1, "name": "bad", "online": 1}"#, #"the hello's "online" is not true or false"#),
        (#"{"trackbench": 1, "name": "bad", "name": "worse", "online": true}"#, #""name" appears twice in the hello"#),
    ])
    func aHelloOutsideStrictJSONIsRefusedNamingTheLabel(hello: String, reason: String) async throws {
        let result = try await TrackBenchExecutable.run(["run", "--filter", "lbl=exec:echo '\(hello)'; cat"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("Error: filter 'lbl' (exec:echo '") && result.standardError.contains("did not introduce itself"))
        #expect(result.standardError.contains(reason), "\(result.standardError)")
    }

    @Test(arguments: [
        (#"{"latitude": 037.4, "longitude": -122.4}"#, "in JSON's grammar, not '037.4'"),
        (#"{"latitude": 37.4, "longitude": -122.4, "longitude": 1}"#, #""longitude" appears twice in the answer"#),
    ])
    func anAnswerOutsideStrictJSONStopsTheRunNamingTheLabel(answer: String, reason: String) async throws {
        let marker = Self.uniqueMarker()
        let result = try await Self.run("lbl=exec:\(Self.hello); : \(marker); while read line; do echo '\(answer)'; done", marker: marker)
        #expect(result.status == 1)
        #expect(result.standardError.contains("Error: filter 'lbl' (exec:"), "\(result.standardError)")
        #expect(result.standardError.contains("answer 1 of") && result.standardError.contains(reason), "\(result.standardError)")
    }
}
