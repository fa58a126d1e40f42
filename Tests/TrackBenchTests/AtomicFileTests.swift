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
}
