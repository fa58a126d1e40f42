import Foundation

/// Writes files so that readers see either the old files or the complete new ones.
///
/// A report that is half-written when the disk fills or the job is killed
/// would be worse than none: CI would compare against garbage. Each text goes
/// to a temporary file in its target's folder; only when every temporary file
/// is complete are they renamed over their targets, an atomic step on POSIX
/// file systems. A failure leaves every target as it was.
///
/// Only a missing path or a regular file is replaced: a link, a pipe, a device
/// or a folder at a target is an error, so a mistyped path never destroys what
/// is not TrackBench's. Temporary files are created exclusively and never
/// through a link, so a link planted at a temporary name cannot redirect a write.
/// They are registered while they are written (`LiveTemporaryFiles`), so a
/// signal ending TrackBench removes them.
package enum AtomicFile {
    /// Replaces the file at `url` with `text` in UTF-8, creating parent folders as needed.
    /// - Throws: `OutputError` naming the path and the system's reason.
    package static func write(_ text: String, to url: URL) throws(OutputError) {
        try write([(text, url)])
    }

    /// Replaces several files together, so that they always come from the same run.
    ///
    /// All are written to temporary files first. Then, holding an advisory
    /// lock (`flock`) on each target folder so that two runs writing the same
    /// folder take turns, they are renamed over their targets in reverse order,
    /// the first file last: the first file is the run's commit point, so when it
    /// is new every other file is too. If a rename fails, the targets already
    /// replaced get their previous contents back.
    /// - Throws: `OutputError` naming the first path that failed and the system's reason; no target has changed.
    package static func write(_ files: [(text: String, url: URL)]) throws(OutputError) {
        try write(bytes: files.map { (Array($0.text.utf8), $0.url) })
    }

    /// Replaces several files together with raw bytes, as `write(_:)` does with text.
    /// - Throws: `OutputError` naming the first path that failed and the system's reason; no target has changed.
    package static func write(bytes files: [(bytes: [UInt8], url: URL)]) throws(OutputError) {
        try write(bytes: files, after: [])
    }

    /// Replaces files written a piece at a time (`StagedFile`), then `files`, together: the staged files come first
    /// in the set, so the first of them is the commit point (`write(_:)`).
    /// - Throws: `OutputError` naming the first path that failed and the system's reason; no target has changed,
    ///   and the staged files' temporary files are removed when they go.
    package static func write(_ files: [(text: String, url: URL)], after staged: [StagedFile]) throws(OutputError) {
        try write(bytes: files.map { (Array($0.text.utf8), $0.url) }, after: staged)
    }

    private static func write(bytes files: [(bytes: [UInt8], url: URL)], after staged: [StagedFile]) throws(OutputError) {
        let urls = staged.map(\.url) + files.map(\.url)
        for url in urls {
            if let kind = kindOfExistingNonFile(at: url.path) {
                throw .notARegularFile(path: url.path, kind: kind)
            }
        }
        let folders = Set(urls.map { $0.deletingLastPathComponent().standardizedFileURL.path })
        guard folders.count <= 1 else {
            // The journal names only files in its own folder (`ReplacementJournal`), so a set stays in one.
            throw .cannotWrite(path: urls[0].path, reason: "the files of one set must share a folder, not \(folders.sorted())")
        }
        var written: [(temporary: String, target: String)] = []
        defer {
            for file in written {
                unlink(file.temporary)
                LiveTemporaryFiles.remove(file.temporary)
            }
        }
        for (bytes, url) in files {
            try createFolder(of: url)
            let temporary = temporaryPath(for: url)
            LiveTemporaryFiles.insert(temporary)
            do {
                try writeWhole(bytes, to: temporary, target: url.path)
            } catch {
                LiveTemporaryFiles.remove(temporary)
                throw error
            }
            written.append((temporary, url.path))
        }
        for file in staged { try file.finish() }
        let all = staged.map { (temporary: $0.temporaryPath, target: $0.url.path) } + written
        guard let folder = urls.first?.deletingLastPathComponent().path else { return }
        // From here the journal answers for the temporary files: a signal among the renames leaves them to it.
        for file in all { LiveTemporaryFiles.remove(file.temporary) }
        try withLockedFolder(folder) { () throws(OutputError) in
            removeStaleTemporaryFiles(of: all.map { URL(fileURLWithPath: $0.target) })
            try replace(Array(all.reversed()), in: folder)
        }
        written = []
        for file in staged { file.isPlaced = true }
    }

    /// Reads the file at `url` with `read` once its folder holds one generation of a run's files.
    ///
    /// A run killed among its renames can leave new files beside old ones until the next write into the folder
    /// mends them; a reader mends them first (`finishInterruptedReplacements(in:)`), under the same folder lock a
    /// writer holds while it renames, so it never reads two generations, not even beside a live run.
    package static func readSettled<Value, Failure: Error>(_ url: URL, _ read: () throws(Failure) -> Value) throws(Failure) -> Value {
        try withLockedFolder(url.deletingLastPathComponent().path, read)
    }

    /// Runs `body` holding the advisory lock (`flock`) on `folder`, after finishing what killed runs left in it.
    private static func withLockedFolder<Value, Failure: Error>(_ folder: String, _ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let lock = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer {
            if lock >= 0 { close(lock) }
        }
        if lock >= 0 { flock(lock, LOCK_EX) }
        finishInterruptedReplacements(in: folder)
        return try body()
    }

    /// Creates the folder `url` goes in, with its parents, as needed.
    /// - Returns: The folders created, the deepest first; empty when the folder was there.
    @discardableResult
    static func createFolder(of url: URL) throws(OutputError) -> [String] {
        let folder = url.deletingLastPathComponent()
        var missing: [String] = []
        var ancestor = folder.standardizedFileURL
        while ancestor.path != "/" && !ancestor.path.isEmpty && access(ancestor.path, F_OK) != 0 {
            missing.append(ancestor.path)
            ancestor = ancestor.deletingLastPathComponent()
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: folder.path, reason: existingFileReason(folder) ?? "permission denied or read-only file system")
        }
        return missing
    }

    /// The temporary file this process writes before renaming it over `url`.
    static func temporaryPath(for url: URL) -> String {
        url.deletingLastPathComponent().appendingPathComponent(temporaryName(for: url.lastPathComponent, pid: getpid())).path
    }

    /// The temporary file a process writes before renaming it over `name`: `.<name>.<pid>.tmp`.
    static func temporaryName(for name: String, pid: pid_t) -> String {
        ".\(name).\(pid).tmp"
    }

    /// The suffix of the hard link that keeps a replaced target's previous contents until every rename is done.
    static let backupSuffix = ".previous"

    /// The journal a process writes in the set's folder before its renames and removes after the last
    /// (`ReplacementJournal`).
    static func journalName(pid: pid_t) -> String {
        ReplacementJournal.fileName(pid: pid)
    }

    /// What is at `path` when it is neither missing nor a regular file ("a symbolic link", "a FIFO"...); nil otherwise.
    ///
    /// Uses `lstat`, so a link is reported as a link, not as what it points to.
    package static func kindOfExistingNonFile(at path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileKind.describe(status.st_mode)
    }

    /// Removes the temporary files and backups that killed runs left beside `targets`.
    ///
    /// Only files named as this type names them (`.<name>.<pid>.tmp` and its `.previous`) for one of the targets,
    /// that are regular files, and whose process is no longer alive are removed; a live run's files are left alone.
    private static func removeStaleTemporaryFiles(of targets: [URL]) {
        for target in targets {
            let folder = target.deletingLastPathComponent()
            let prefix = ".\(target.lastPathComponent)."
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names where name.hasPrefix(prefix) {
                var rest = name.dropFirst(prefix.count)
                if rest.hasSuffix(backupSuffix) { rest = rest.dropLast(backupSuffix.count) }
                guard rest.hasSuffix(".tmp"), let pid = pid_t(rest.dropLast(".tmp".count)), isGone(pid) else { continue }
                let path = folder.appendingPathComponent(name).path
                guard regularFileSize(at: path) != nil else { continue }
                unlink(path)
            }
        }
    }

    /// Renames each temporary file over its target in `folder`; on a failure, puts back the targets already replaced.
    ///
    /// A journal in the folder lists the renames while they happen, so a process killed among them leaves what
    /// `finishInterruptedReplacements(in:)` needs to put the previous files back. A replaced target's permission
    /// bits go to its new file, so a baseline kept private stays private.
    private static func replace(_ files: [(temporary: String, target: String)], in folder: String) throws(OutputError) {
        guard let commitPoint = files.last else { return }
        let journal = (folder as NSString).appendingPathComponent(journalName(pid: getpid()))
        var entries: [ReplacementJournal.Entry] = []
        for file in files {
            var status = stat()
            guard lstat(file.temporary, &status) == 0 else { throw .cannotWrite(path: file.target, reason: systemReason()) }
            var old = stat()
            let existed = lstat(file.target, &old) == 0
            if existed { chmod(file.temporary, old.st_mode & 0o7777) }
            entries.append(.init(existed: existed, inode: UInt64(status.st_ino), name: URL(fileURLWithPath: file.target).lastPathComponent))
        }
        let text = ReplacementJournal(entries: entries).text
        try writeWhole(Array(text.utf8), to: journal, target: commitPoint.target)
        // A hard link keeps each replaced target's previous contents until every rename is done.
        var backups: [(backup: String, target: String, existed: Bool, saved: Bool)] = []
        defer {
            // Committed (or rolled back): the journal goes first, then the previous contents it could restore.
            unlink(journal)
            for entry in backups where entry.saved { unlink(entry.backup) }
        }
        // Whether each target existed is what the journal recorded, so a rollback here and one by the next process agree.
        for (file, entry) in zip(files, entries) {
            let backup = file.temporary + backupSuffix
            unlink(backup)
            let existed = entry.existed
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

    /// Completes what a killed process left half done in `folder`: the journals of dead processes.
    ///
    /// A set whose commit point (its last rename) was not made is rolled back: each replaced target gets its
    /// previous contents back from the hard link kept for it, a target that did not exist before is removed, and the
    /// temporary files go. A set whose commit point was made is complete; only its leftovers go. Nothing outside
    /// `folder` is touched, and a target only while it is still the file the journal's process put there
    /// (`ReplacementJournal`); a journal that breaks the format is reported on standard error and left alone.
    private static func finishInterruptedReplacements(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where name.hasPrefix(ReplacementJournal.prefix) {
            guard let pid = pid_t(name.dropFirst(ReplacementJournal.prefix.count)), isGone(pid) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            switch readJournal(at: path) {
            case .success(let journal):
                finish(journal, of: pid, in: folder)
                unlink(path)
            case .failure(let rejection):
                guard reportedJournals.insert(path) else { continue }
                let place = rejection.line.map { " (line \($0))" } ?? ""
                let message = "warning: left '\(path.replacingControlCharacters())' alone: it is named as TrackBench's record of "
                    + "an interrupted write, but \(rejection.reason)\(place). TrackBench acts on no such file; remove it if it "
                    + "is not yours.\n"
                FileHandle.standardError.write(Data(message.utf8))
            }
        }
    }

    /// The journals left alone so far, each reported once however often its folder is read.
    private static let reportedJournals = LockedPathSet()

    /// The journal at `path`, if it is a regular file of at most `ReplacementJournal.maximumSize` bytes in the format.
    private static func readJournal(at path: String) -> Result<ReplacementJournal, ReplacementJournal.Rejection> {
        guard let size = regularFileSize(at: path) else {
            return .failure(.init(line: nil, reason: "it is not a regular file"))
        }
        guard size <= ReplacementJournal.maximumSize, let data = FileManager.default.contents(atPath: path) else {
            return .failure(.init(line: nil, reason: "it is over \(ReplacementJournal.maximumSize) bytes or unreadable"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .failure(.init(line: nil, reason: "it is not UTF-8"))
        }
        do {
            return .success(try ReplacementJournal(parsing: text))
        } catch {
            return .failure(error)
        }
    }

    /// Rolls back or completes the set `journal` lists, written by the dead process `pid`, in `folder`.
    private static func finish(_ journal: ReplacementJournal, of pid: pid_t, in folder: String) {
        let paths = journal.entries.map { entry in
            let target = (folder as NSString).appendingPathComponent(entry.name)
            let temporary = (folder as NSString).appendingPathComponent(temporaryName(for: entry.name, pid: pid))
            return (entry, target, temporary, temporary + backupSuffix)
        }
        let committed = paths.last.map { regularFileSize(at: $0.2) == nil } ?? true
        for (entry, target, temporary, backup) in paths {
            if !committed {
                let current = inode(at: target)
                if let saved = inode(at: backup), regularFileSize(at: backup) != nil, current == entry.inode || current == saved {
                    rename(backup, target)
                } else if !entry.existed && current == entry.inode && regularFileSize(at: target) != nil {
                    unlink(target)
                }
            }
            if regularFileSize(at: temporary) != nil { unlink(temporary) }
            if regularFileSize(at: backup) != nil { unlink(backup) }
        }
    }

    /// The inode of what is at `path`, read without following a link; nil for nothing.
    private static func inode(at path: String) -> UInt64? {
        var status = stat()
        return lstat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    /// Whether `pid` is another process that no longer exists: a killed run, whose leftovers may be cleared up.
    private static func isGone(_ pid: pid_t) -> Bool {
        pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// The size in bytes of the regular file at `path`, read without following a link; nil for anything else or nothing.
    private static func regularFileSize(at path: String) -> off_t? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return status.st_size
    }

    /// Writes every byte to a new file at `path`, created exclusively, and closes it; errors name `target`.
    private static func writeWhole(_ bytes: [UInt8], to path: String, target: String) throws(OutputError) {
        let descriptor = try createExclusively(path, target: target)
        try writeAll(bytes, to: descriptor, path: path, target: target)
        try closeWritten(descriptor, path: path, target: target)
    }

    /// Creates a new file at `path` for writing; errors name `target`, the file the user asked for.
    ///
    /// The file is created exclusively (`O_EXCL`, `O_NOFOLLOW`): whatever is already at `path` (a file a dead
    /// process with this id left, or a planted link) is unlinked, never written through, and creation retried once.
    /// - Returns: The open descriptor.
    static func createExclusively(_ path: String, target: String) throws(OutputError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        var descriptor = open(path, flags, 0o644)
        if descriptor < 0 && errno == EEXIST {
            unlink(path)
            descriptor = open(path, flags, 0o644)
        }
        guard descriptor >= 0 else { throw .cannotWrite(path: target, reason: systemReason()) }
        return descriptor
    }

    /// Writes every byte to the open file `path`; on a failure closes and removes it. Errors name `target`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String, target: String) throws(OutputError) {
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
    }

    /// Closes the file `path` that was written; on a failure removes it. Errors name `target`.
    static func closeWritten(_ descriptor: Int32, path: String, target: String) throws(OutputError) {
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
