import Foundation
import Testing

/// What one run of the executable printed and returned.
struct CommandResult: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// A `run` and the files it wrote, read into memory before its output folder was removed.
struct RunOutput: Sendable {
    var result: CommandResult
    var resultsCSV: String?
    var reportMarkdown: String?
}

/// The shared process runner of the end-to-end tests: each runs the real `trackbench` executable built next to the
/// test bundle, from the package root, writing only into temporary folders.
enum TrackBenchExecutable {
    /// The package root: this file is `<root>/Tests/TrackBenchCLITests/Helpers/TrackBenchExecutable.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Folders where SwiftPM may have put the products: next to the test bundle.
    static var productFolders: [URL] {
        var folders = [Bundle.main.bundleURL]
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        if let executable = Bundle.main.executableURL {
            folders.append(executable.deletingLastPathComponent())
        }
        return folders
    }

    /// A built executable of this package, `trackbench` by default.
    static func url(named name: String = "trackbench") throws -> URL {
        let candidates = productFolders.map { $0.appendingPathComponent(name) }
        let found = candidates.first { candidate in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: candidate.path)
        }
        return try #require(found, "no \(name) executable in \(productFolders.map(\.path))")
    }

    /// Runs `trackbench` (or another executable of the package) with `arguments` from `workingDirectory`, the
    /// package root by default, and captures everything it prints; `environment` adds variables to the test's own.
    ///
    /// Output goes to temporary files rather than pipes, so a chatty process never blocks on a full pipe.
    static func run(
        _ arguments: [String],
        executable name: String = "trackbench",
        environment: [String: String] = [:],
        in workingDirectory: URL = packageRoot
    ) async throws -> CommandResult {
        try await launch(try url(named: name), arguments, environment: environment, in: workingDirectory)
    }

    /// Runs a command line as TrackBench printed it, verbatim, through `/bin/sh -c` from the package root, with
    /// the package's executables first on the PATH: what a user pasting it into a shell gets.
    static func runPrinted(_ commandLine: String, executable name: String = "trackbench") async throws -> CommandResult {
        let folder = try url(named: name).deletingLastPathComponent().path
        let path = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try await launch(URL(fileURLWithPath: "/bin/sh"), ["-c", commandLine], environment: ["PATH": path], in: packageRoot)
    }

    /// Starts `process` and waits for it to end, without blocking a thread; its termination status.
    static func runToEnd(_ process: Process) async throws -> Int32 {
        try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }

    /// How many of the tests' processes run at once: one per core.
    ///
    /// Swift Testing runs every test in parallel, and a test waiting for a process frees its thread for the next, so
    /// without a bound dozens of debug-built runs (each on every core) share two cores and the filter processes they
    /// start miss their deadlines. Queued here, each process gets a core's worth of time.
    static let slots = ProcessSlots(count: ProcessInfo.processInfo.activeProcessorCount)

    private static func launch(
        _ executable: URL, _ arguments: [String], environment: [String: String], in workingDirectory: URL
    ) async throws -> CommandResult {
        await slots.acquire()
        do {
            let result = try await capture(executable, arguments, environment: environment, in: workingDirectory)
            await slots.release()
            return result
        } catch {
            await slots.release()
            throw error
        }
    }

    /// Runs `executable` to its end and reads what it printed from temporary files.
    private static func capture(
        _ executable: URL, _ arguments: [String], environment: [String: String], in workingDirectory: URL
    ) async throws -> CommandResult {
        try await withTemporaryFolder { capture in
            let outputURL = capture.appendingPathComponent("stdout")
            let errorURL = capture.appendingPathComponent("stderr")
            try Data().write(to: outputURL)
            try Data().write(to: errorURL)
            let outputHandle = try FileHandle(forWritingTo: outputURL)
            let errorHandle = try FileHandle(forWritingTo: errorURL)

            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = workingDirectory
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = outputHandle
            process.standardError = errorHandle
            let status = try await runToEnd(process)
            try outputHandle.close()
            try errorHandle.close()
            return CommandResult(
                status: status,
                standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
                standardError: try String(contentsOf: errorURL, encoding: .utf8)
            )
        }
    }

    /// Runs `trackbench <arguments> --output <tmp>` and reads back results.csv and report.md.
    static func runCollectingResults(_ arguments: [String]) async throws -> RunOutput {
        try await withTemporaryFolder { folder in
            let result = try await run(arguments + ["--output", folder.path])
            func read(_ name: String) -> String? {
                try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
            return RunOutput(result: result, resultsCSV: read("results.csv"), reportMarkdown: read("report.md"))
        }
    }
}

/// Runs `body` with a fresh, empty temporary folder that is removed afterwards.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("TrackBenchCLITests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}
