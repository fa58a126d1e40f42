import Foundation
import TrackBenchSupport

extension ResultsCSV {
    /// Why the file at `url` must not be overwritten with a results file; nil when it may be.
    ///
    /// A missing path, an empty file and a regular file whose first line is the results context marker
    /// (`# trackbench-results`) may be replaced, even one of an older schema that no longer reads. Anything
    /// else, a link, a pipe, a device, a folder or a regular file of other contents, is someone else's: it is
    /// refused without being opened (only a regular file's first bytes are read), so a mistyped path destroys
    /// nothing.
    /// - Returns: What is there, such as "a symbolic link", for a message.
    package static func replacementRefusal(at url: URL) -> String? {
        if let kind = AtomicFile.kindOfExistingNonFile(at: url.path) { return kind }
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: ResultsContext.marker.utf8.count + 3)) ?? Data()
        let marker = Data(ResultsContext.marker.utf8)
        let withoutMark = start.starts(with: [0xEF, 0xBB, 0xBF]) ? start.dropFirst(3) : start[...]
        if start.isEmpty || withoutMark.starts(with: marker) { return nil }
        return "a file that does not start with '\(ResultsContext.marker)', so not a TrackBench results file"
    }
}
