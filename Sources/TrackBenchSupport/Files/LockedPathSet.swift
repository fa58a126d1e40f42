import Foundation

/// A set of paths that threads may add to at once.
final class LockedPathSet: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []

    /// Adds `path`; whether it was new.
    func insert(_ path: String) -> Bool {
        lock.withLock { paths.insert(path).inserted }
    }
}
