import Foundation
import Testing
@testable import TrackBench

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
}
