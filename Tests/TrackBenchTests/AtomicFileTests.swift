import Foundation
import Testing
@_spi(CLI) @testable import TrackBench

struct AtomicFileTests {
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-tests-\(UUID().uuidString)")
    }

    @Test func createsFoldersAndReplacesTheWholeFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/report.md")
        try AtomicFile.write(String(repeating: "long old text\n", count: 100), to: file)
        try AtomicFile.write("new\n", to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["report.md"])
    }

    @Test func failsWithThePathWhenTheFolderIsAFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try AtomicFile.write("x", to: folder.appendingPathComponent("blocker"))
        let target = folder.appendingPathComponent("blocker/results.csv")
        let error = try #require(throws: OutputError.self) { try AtomicFile.write("data", to: target) }
        #expect(error.localizedDescription.contains(folder.appendingPathComponent("blocker").path))
    }

    @Test func aFailedWriteOfSeveralFilesLeavesEveryTargetAsItWas() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.csv")
        try AtomicFile.write("old results\n", to: results)
        try AtomicFile.write("x", to: folder.appendingPathComponent("blocker"))
        let report = folder.appendingPathComponent("blocker/report.md")
        #expect(throws: OutputError.self) {
            try AtomicFile.write([("new results\n", results), ("new report\n", report)])
        }
        #expect(try String(contentsOf: results, encoding: .utf8) == "old results\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["blocker", "results.csv"])
    }

    @Test func writesSeveralFilesTogetherWithoutLeftovers() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [("a\n", folder.appendingPathComponent("a.csv")), ("b\n", folder.appendingPathComponent("b.md"))]
        try AtomicFile.write(files)
        try AtomicFile.write(files.map { ($0.0 + "2", $0.1) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.csv", "b.md"])
        #expect(try String(contentsOf: files[1].1, encoding: .utf8) == "b\n2")
    }

    @Test func reasonsComeFromTheSystemInWords() throws {
        let error = try #require(throws: OutputError.self) {
            try AtomicFile.write("x", to: URL(fileURLWithPath: "/proc/trackbench-test/results.csv"))
        }
        #expect(!error.localizedDescription.contains("NSCocoaErrorDomain"))
        #expect(!error.localizedDescription.contains("error 512"))
    }
}
