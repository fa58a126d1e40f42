import Foundation

/// The temporary files this process is writing now (`AtomicFile`'s and `StagedFile`'s `.<name>.<pid>.tmp`), so a
/// signal that ends it removes them (`TerminationSignals`) rather than leaving them for the next run to clear.
///
/// A path is registered before its file is created and unregistered once the
/// file is renamed into place or removed; a set about to be renamed under its
/// journal is unregistered first, so a signal among the renames leaves the
/// journal's files for the next run to finish (`AtomicFile`).
package enum LiveTemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []

    /// Registers `path` before its file is created.
    package static func insert(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    /// Unregisters `path`: its file was renamed into place or removed, or a journal now answers for it.
    package static func remove(_ path: String) {
        lock.withLock { _ = paths.remove(path) }
    }

    /// Removes every registered file, for a process about to exit on a signal; the registry stays locked, so no
    /// thread creates another temporary file before the exit.
    package static func removeAllBeforeExit() {
        lock.lock()
        for path in paths { unlink(path) }
        paths.removeAll()
    }
}
