import Foundation

/// Runs `swift-symbolgraph-extract`, the compiler's list of a built module's public declarations, over the modules of a build.
///
/// The tool has to be the one of the compiler that built the modules (a module file is read only by its own compiler
/// version), so it is looked up beside the `swift` on `PATH`, as `swift build` found it, or through `xcrun` on macOS.
struct SymbolGraphExtractor {
    /// The build's `Modules` folder (`.build/<triple>/debug/Modules` or `.../release/Modules`).
    var modulesFolder: URL

    /// How many modules are extracted at once: each run loads the standard library, about 100 MB.
    static let batchSize = 4

    /// Writes `<Module>.symbols.json` (and `<Module>@<Other>.symbols.json` for extensions of other modules' types) into
    /// `output` for each module; throws, naming the module and the tool's message, if one fails.
    func extract(modules: [String], into output: URL) throws {
        let tool = try Self.tool()
        let platformArguments = try Self.platformArguments()
        for start in stride(from: 0, to: modules.count, by: Self.batchSize) {
            let batch = modules[start..<min(start + Self.batchSize, modules.count)]
            let runs = try batch.map { module in
                let log = output.appendingPathComponent("\(module).log")
                FileManager.default.createFile(atPath: log.path, contents: nil)
                let handle = try FileHandle(forWritingTo: log)
                let process = Process()
                process.executableURL = tool
                process.arguments = platformArguments + [
                    "-module-name", module, "-I", modulesFolder.path, "-output-dir", output.path,
                    "-skip-synthesized-members", "-skip-inherited-docs",
                ]
                process.standardOutput = handle
                process.standardError = handle
                try process.run()
                return (module, process, handle, log)
            }
            for (module, process, handle, log) in runs {
                process.waitUntilExit()
                try handle.close()
                guard process.terminationStatus == 0 else {
                    let message = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                    throw PublicAPIListingError(
                        reason: """
                            \(tool.path) failed on module \(module) in \(modulesFolder.path) (exit \(process.terminationStatus)): \
                            \(message.trimmingCharacters(in: .whitespacesAndNewlines)); rebuild with `swift build --build-tests` \
                            using the same toolchain as the `swift` on PATH
                            """)
                }
            }
        }
    }

    /// `swift-symbolgraph-extract` beside the `swift` on `PATH` (symbolic links followed), else `xcrun --find` on macOS.
    static func tool() throws -> URL {
        let name = "swift-symbolgraph-extract"
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let swift = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        if let swift {
            let beside = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        }
        #if canImport(Darwin)
        if let found = try? output(of: "/usr/bin/xcrun", ["--find", name]), !found.isEmpty {
            return URL(fileURLWithPath: found)
        }
        #endif
        throw PublicAPIListingError(
            reason: """
                cannot find \(name): it is not beside the swift on PATH (\(swift?.path ?? "no swift on PATH")) \
                nor found by xcrun; put the Swift toolchain's usr/bin first on PATH (on macOS: install Xcode or its \
                command line tools and run `xcode-select --switch`), then run the tests again
                """)
    }

    /// On macOS the SDK and a target at least as new as the modules' deployment target; nothing elsewhere (the host's defaults).
    static func platformArguments() throws -> [String] {
        #if canImport(Darwin)
        let sdk = try output(of: "/usr/bin/xcrun", ["--show-sdk-path"])
        let info = try output(of: "/usr/bin/xcrun", ["swift", "-print-target-info"])
        let target = try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any]
        guard let triple = (target?["target"] as? [String: Any])?["triple"] as? String else {
            throw PublicAPIListingError(reason: "`swift -print-target-info` printed no target triple: \(info)")
        }
        return ["-sdk", sdk, "-target", triple]
        #else
        return []
        #endif
    }

    /// The standard output of a short command, trimmed; throws if it fails.
    static func output(of executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PublicAPIListingError(reason: "\(executable) \(arguments.joined(separator: " ")) failed (exit \(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
