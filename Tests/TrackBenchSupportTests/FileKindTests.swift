import Foundation
import Testing
@testable import TrackBenchSupport

struct FileKindTests {
    @Test(arguments: [
        (S_IFREG, nil), (S_IFLNK, "a symbolic link"), (S_IFIFO, "a FIFO (named pipe)"), (S_IFCHR, "a device"),
        (S_IFBLK, "a device"), (S_IFSOCK, "a socket"), (S_IFDIR, "a folder"),
    ] as [(mode_t, String?)])
    func namesEveryKindButARegularFile(mode: mode_t, kind: String?) {
        #expect(FileKind.describe(mode | 0o644) == kind)
    }
}
