import Foundation
import Testing
import TrackBenchTestSupport

/// Pins the public surface of every TrackBench module (the layers `import TrackBench` re-exports, and TrackBenchCLI) to `Docs/public-api.txt`.
///
/// Every `public` declaration is listed with its file, so a change
/// to the API a team embeds shows up as a failing test and a diff to review.
/// After a deliberate change, regenerate the list:
/// `TRACKBENCH_UPDATE_PUBLIC_API=1 swift test --filter PublicAPITests`.
struct PublicAPITests {
    static let listFile = Fixtures.packageRoot.appendingPathComponent("Docs/public-api.txt")

    @Test func publicSurfaceMatchesTheCommittedList() throws {
        let current = try Self.publicDeclarations()
        if ProcessInfo.processInfo.environment["TRACKBENCH_UPDATE_PUBLIC_API"] == "1" {
            try current.write(to: Self.listFile, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.listFile, encoding: .utf8)
        let added = Set(current.split(separator: "\n")).subtracting(committed.split(separator: "\n"))
        let removed = Set(committed.split(separator: "\n")).subtracting(current.split(separator: "\n"))
        #expect(
            current == committed,
            """
            The public API changed. Added: \(added.sorted()). Removed: \(removed.sorted()).
            If deliberate, run TRACKBENCH_UPDATE_PUBLIC_API=1 swift test --filter PublicAPITests and document it.
            """
        )
    }

    @Test func internalsStayInternal() throws {
        let current = try Self.publicDeclarations()
        for type in ["DriftProcess", "GaussianSampler", "NoiseModel", "FaultInjector", "SplitMix64", "KalmanFilter", "FilterPipeline"] {
            #expect(!current.contains(" \(type)\n") && !current.contains(" \(type):"), "\(type) is public")
        }
    }

    /// One line per public declaration: `file: declaration`, signatures joined onto one line, bodies and values cut.
    static func publicDeclarations() throws -> String {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        var lines: [String] = []
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasPrefix("TrackBench") }.sorted()
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            let files =
                FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                var pending: String?
                for rawLine in text.split(separator: "\n") {
                    var line = rawLine.trimmingCharacters(in: .whitespaces)
                    // Attributes that only make a body visible to the optimiser are not part of the signature.
                    for attribute in ["@inlinable ", "@inline(__always) "] where line.hasPrefix(attribute) {
                        line.removeFirst(attribute.count)
                    }
                    if var signature = pending {
                        signature += line
                        if line.hasPrefix(")") {
                            lines.append("\(module)/\(file): \(declaration(signature))")
                            pending = nil
                        } else {
                            pending = signature + " "
                        }
                        continue
                    }
                    guard line.hasPrefix("public ") || line.hasPrefix("open ") else { continue }
                    if line.hasSuffix("(") {
                        pending = line
                    } else {
                        lines.append("\(module)/\(file): \(declaration(line))")
                    }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func declaration(_ line: String) -> String {
        var text = line
        for cut in [" {", " = "] {
            if let range = text.range(of: cut) { text = String(text[..<range.lowerBound]) }
        }
        return text
    }
}
