import Foundation
import Testing
@testable import TrackBenchSupport

struct FileContentsTests {
    @Test func aDeviceIsRefusedInsteadOfReadForever() {
        #expect(throws: FileContents.Unreadable.self) { try FileContents.read(URL(fileURLWithPath: "/dev/zero")) }
    }

    @Test func aMissingFileSaysSo() {
        do {
            _ = try FileContents.read(URL(fileURLWithPath: "/nonexistent/trackbench-\(UUID().uuidString).json"))
            Issue.record("read a missing file")
        } catch {
            #expect(error.reason == FileContents.noSuchFile)
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-fifo-\(UUID().uuidString)")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        defer { unlink(fifo.path) }
        do {
            _ = try FileContents.read(fifo)
            Issue.record("read a FIFO")
        } catch {
            #expect(error.reason == "it is a FIFO (named pipe), not a regular file")
        }
    }

    @Test func aFileOverTheLimitIsRefusedAndOneAtTheLimitIsReadWhole() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-limit-\(UUID().uuidString)")
        defer { unlink(file.path) }
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try bytes.write(to: file)
        #expect(try FileContents.read(file, limit: bytes.count) == bytes)
        do {
            _ = try FileContents.read(file, limit: bytes.count - 1)
            Issue.record("read a file over its limit")
        } catch {
            #expect(error.reason == FileContents.tooLarge(bytes.count - 1))
        }
    }
}

