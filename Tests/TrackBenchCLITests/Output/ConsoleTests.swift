import Foundation
import Testing

/// The console of the real executable when its standard streams cannot be written: exit codes, never a signal.
struct ConsoleTests {
    /// How a run of `trackbench` ended, and what it printed on standard error (when that was captured).
    private struct Ending {
        var reason: Process.TerminationReason
        var status: Int32
        var standardError: String
    }

    /// Runs `trackbench arguments` with `standardOutput` and `standardError` as given (a file handle or a pipe);
    /// standard error is captured into a file when `standardError` is nil.
    private func run(_ arguments: [String], standardOutput: Any, standardError: Any? = nil) async throws -> Ending {
        try await withTemporaryFolder { folder in
            let errorURL = folder.appendingPathComponent("stderr")
            try Data().write(to: errorURL)
            let errorHandle = try FileHandle(forWritingTo: errorURL)
            let process = Process()
            process.executableURL = try TrackBenchExecutable.url()
            process.arguments = arguments
            process.currentDirectoryURL = TrackBenchExecutable.packageRoot
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = standardOutput
            process.standardError = standardError ?? errorHandle
            let status = try await TrackBenchExecutable.runToEnd(process)
            try errorHandle.close()
            return Ending(reason: process.terminationReason, status: status, standardError: try String(contentsOf: errorURL, encoding: .utf8))
        }
    }

    @Test func aFullStandardOutputExitsOneQuietlyInsteadOfTrapping() async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let ending = try await run(["list"], standardOutput: full)
        #expect(ending.reason == .exit)
        #expect(ending.status == 1)
        #expect(ending.standardError.isEmpty)
    }

    /// A closed descriptor, not a file that refuses writes: the shell starts the tool with standard output (and
    /// then standard error too) closed.
    @Test(arguments: [">&-", ">&- 2>&-"])
    func aClosedStandardOutputExitsOneInsteadOfTrapping(redirection: String) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" list \(redirection)", try TrackBenchExecutable.url().path]
        process.currentDirectoryURL = TrackBenchExecutable.packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let status = try await TrackBenchExecutable.runToEnd(process)
        #expect(process.terminationReason == .exit)
        #expect(status == 1)
    }

    @Test func aPipeWithNoReaderExitsOneInsteadOfDyingBySIGPIPE() async throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let ending = try await run(["list"], standardOutput: pipe)
        #expect(ending.reason == .exit)
        #expect(ending.status == 1)
    }

    @Test func aFullStandardErrorIsIgnoredAndTheExitCodeStands() async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let usage = try await run(["run", "--no-such-option"], standardOutput: FileHandle.nullDevice, standardError: full)
        #expect(usage.reason == .exit)
        #expect(usage.status == 64)
        let help = try await run(["help"], standardOutput: FileHandle.nullDevice, standardError: full)
        #expect(help.reason == .exit && help.status == 0)
    }
}
