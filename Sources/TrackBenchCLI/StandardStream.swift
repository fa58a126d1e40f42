import Foundation

/// Standard output or standard error, written with `write(2)` so that a stream that cannot be written is an
/// error to handle rather than a trap (Foundation's non-throwing `FileHandle.write` traps).
///
/// After the first failure the stream is written no more, so a closed pipe costs one failed call, not one per line.
final class StandardStream: @unchecked Sendable {
    /// The process's standard output.
    static let output = StandardStream(descriptor: STDOUT_FILENO)
    /// The process's standard error.
    static let error = StandardStream(descriptor: STDERR_FILENO)

    private let descriptor: Int32
    private let lock = NSLock()
    private var failed = false

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether a write has failed.
    var hasFailed: Bool {
        lock.withLock { failed }
    }

    /// Writes `text` in UTF-8, unless an earlier write failed.
    func write(_ text: String) {
        lock.withLock {
            guard !failed else { return }
            failed = Self.writeAll(Array(text.utf8), to: descriptor) != nil
        }
    }

    /// Writes every byte to `descriptor`, retrying after signals and short writes.
    /// - Returns: nil when everything was written; otherwise the `errno` of the failure (`EPIPE`, `ENOSPC`, `EAGAIN`...).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : EIO }
            offset += count
        }
        return nil
    }
}
