import Foundation

/// Reads a whole input file into memory, with a reason a user can act on when it cannot be read.
///
/// Every reader of a user's file goes through here: scenario files, recording suites and recordings, results
/// files and elevation tiles.
package enum FileContents {
    /// The file's bytes, read with `read(2)` into memory (never memory-mapped, so a file truncated or replaced
    /// while a run uses it cannot end the run with `SIGBUS`).
    ///
    /// Only regular files (or links to them) are read. The type is checked with `stat` before the file is
    /// opened, and again on the open descriptor, which is opened without blocking: a device such as
    /// `/dev/zero` would never end, and opening a FIFO would wait for a writer.
    /// - Parameters:
    ///   - url: The file.
    ///   - limit: The most bytes to read; a larger file is refused before any is read.
    ///   - prefix: Read only the first this many bytes (about; whole reads of up to 1 MiB), for a reader that
    ///     checks a file's first line before reading the rest of it.
    /// - Throws: The reason, such as `no such file`, `it is a FIFO (named pipe), not a regular file`,
    ///   `it is not a readable file` or `it has more than N bytes`, for the caller's error type.
    package static func read(_ url: URL, limit: Int = Int.max, prefix: Int = Int.max) throws(Unreadable) -> Data {
        let (descriptor, size) = try openRegular(url)
        defer { close(descriptor) }
        guard size <= limit else { throw Unreadable(reason: tooLarge(limit)) }
        var bytes = Data()
        bytes.reserveCapacity(min(size, prefix))
        var chunk = [UInt8](repeating: 0, count: min(1 << 20, max(prefix, 1)))
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Unreadable(reason: notReadable) }
            if count == 0 { return bytes }
            // The file may have grown since fstat.
            guard count <= limit - bytes.count else { throw Unreadable(reason: tooLarge(limit)) }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count >= prefix { return bytes }
        }
    }

    /// Opens a regular file (or a link to one) for reading, as `read` does, and gives its size; the caller closes it.
    /// - Throws: The reason, as `read` gives it.
    package static func openRegular(_ url: URL) throws(Unreadable) -> (descriptor: Int32, size: Int) {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw Unreadable(reason: errno == ENOENT || errno == ENOTDIR ? noSuchFile : notReadable)
        }
        if let kind = FileKind.describe(status.st_mode) {
            throw Unreadable(reason: "it is \(kind), not a regular file")
        }
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Unreadable(reason: errno == ENOENT ? noSuchFile : notReadable) }
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw Unreadable(reason: notReadable)
        }
        if let kind = FileKind.describe(status.st_mode) {
            close(descriptor)
            throw Unreadable(reason: "it is \(kind), not a regular file")
        }
        return (descriptor, Int(status.st_size))
    }

    /// The reason given for a path where no file exists.
    package static let noSuchFile = "no such file"

    /// The reason given for a file that exists but cannot be read.
    static let notReadable = "it is not a readable file"

    /// The reason given for a file larger than `limit` bytes.
    package static func tooLarge(_ limit: Int) -> String {
        "it has more than \(limit) bytes"
    }

    /// Why a file could not be read.
    package struct Unreadable: Error {
        package let reason: String
    }
}
