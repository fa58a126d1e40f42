import Foundation

/// Writes files so that readers see either the old files or the complete new ones.
///
/// A report that is half-written when the disk fills or the job is killed
/// would be worse than none: CI would compare against garbage. Each text goes
/// to a temporary file in its target's folder; only when every temporary file
/// is complete are they renamed over their targets, an atomic step on POSIX
/// file systems. A failure leaves every target as it was.
@_spi(CLI) public enum AtomicFile {
    /// Replaces the file at `url` with `text` in UTF-8, creating parent folders as needed.
    /// - Throws: `OutputError` naming the path and the system's reason.
    public static func write(_ text: String, to url: URL) throws(OutputError) {
        try write([(text, url)])
    }

    /// Replaces several files together, so that they always come from the same run.
    ///
    /// All are written to temporary files first. Then, holding an advisory
    /// lock (`flock`) on each target folder so that two runs writing the same
    /// folder take turns, they are renamed over their targets; if a rename
    /// fails, the targets already replaced get their previous contents back.
    /// - Throws: `OutputError` naming the first path that failed and the system's reason; no target has changed.
    public static func write(_ files: [(text: String, url: URL)]) throws(OutputError) {
        try write(bytes: files.map { (Array($0.text.utf8), $0.url) })
    }

    /// Replaces several files together with raw bytes, as `write(_:)` does with text.
    /// - Throws: `OutputError` naming the first path that failed and the system's reason; no target has changed.
    public static func write(bytes files: [(bytes: [UInt8], url: URL)]) throws(OutputError) {
        var written: [(temporary: String, target: String)] = []
        defer {
            for file in written { unlink(file.temporary) }
        }
        for (bytes, url) in files {
            let folder = url.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateFolder(path: folder.path, reason: existingFileReason(folder) ?? "permission denied or read-only file system")
            }
            let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
            try writeWhole(bytes, to: temporary, target: url.path)
            written.append((temporary, url.path))
        }
        let locks = Set(files.map { $0.url.deletingLastPathComponent().path }).sorted().map { open($0, O_RDONLY) }
        defer {
            for descriptor in locks where descriptor >= 0 { close(descriptor) }
        }
        for descriptor in locks where descriptor >= 0 { flock(descriptor, LOCK_EX) }
        try replace(written)
        written = []
    }

    /// Renames each temporary file over its target; on a failure, puts back the targets already replaced.
    private static func replace(_ files: [(temporary: String, target: String)]) throws(OutputError) {
        // A hard link keeps each replaced target's previous contents until every rename is done.
        var backups: [(backup: String, target: String, existed: Bool, saved: Bool)] = []
        defer {
            for entry in backups where entry.saved { unlink(entry.backup) }
        }
        for file in files {
            let backup = file.temporary + ".previous"
            unlink(backup)
            let existed = access(file.target, F_OK) == 0
            let saved = existed && link(file.target, backup) == 0
            guard rename(file.temporary, file.target) == 0 else {
                let reason = systemReason()
                for entry in backups.reversed() {
                    if entry.saved {
                        rename(entry.backup, entry.target)
                    } else if !entry.existed {
                        unlink(entry.target)
                    }
                }
                backups = []
                if saved { unlink(backup) }
                throw .cannotWrite(path: file.target, reason: reason)
            }
            backups.append((backup, file.target, existed, saved))
        }
    }

    /// Writes every byte to a new file at `path`; errors name `target`, the file the user asked for.
    private static func writeWhole(_ bytes: [UInt8], to path: String, target: String) throws(OutputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: target, reason: systemReason()) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = systemReason()
                close(descriptor)
                unlink(path)
                throw .cannotWrite(path: target, reason: reason)
            }
            offset += count
        }
        guard close(descriptor) == 0 else {
            let reason = systemReason()
            unlink(path)
            throw .cannotWrite(path: target, reason: reason)
        }
    }

    /// The current `errno` in words, such as "No space left on device".
    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }

    /// Why a folder cannot be created when a path component is a file.
    private static func existingFileReason(_ folder: URL) -> String? {
        var path = folder
        while path.path != "/" && !path.path.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : "'\(path.path)' is a file, not a folder"
            }
            path = path.deletingLastPathComponent()
        }
        return nil
    }
}
