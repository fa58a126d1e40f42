import Foundation

/// A file written a piece at a time into its temporary file, then put in place with others by
/// `AtomicFile.write(_:after:)`: a run's results streamed to disk as they come instead of held whole.
///
/// The temporary file is `AtomicFile`'s own (`.<name>.<pid>.tmp` in the
/// target's folder, created exclusively and never through a link), so the
/// target changes only when the whole set is renamed into place. A staged
/// file that is never placed (the run failed) removes its temporary file,
/// and the folders it created for it if they are still empty, when it goes;
/// a signal ending TrackBench removes it too (`LiveTemporaryFiles`).
package final class StagedFile {
    /// The file it will replace.
    package let url: URL
    /// The temporary file the pieces go to.
    let temporaryPath: String
    /// The folders created for the file, deepest first: removed again if they are empty when it goes unplaced.
    private let createdFolders: [String]
    /// The temporary file's descriptor; -1 once closed.
    private var descriptor: Int32
    /// Bytes appended but not yet written.
    private var buffer: [UInt8] = []
    /// Whether `AtomicFile` renamed the file into place.
    var isPlaced = false

    /// Bytes gathered before a write: few system calls, little memory.
    static let bufferSize = 1 << 16

    /// Creates the temporary file for `url`, and the folders it goes in, at once.
    /// - Throws: `OutputError` when something other than a regular file is at `url`, or the folder or the
    ///   temporary file cannot be created.
    package init(url: URL) throws(OutputError) {
        if let kind = AtomicFile.kindOfExistingNonFile(at: url.path) {
            throw .notARegularFile(path: url.path, kind: kind)
        }
        self.url = url
        createdFolders = try AtomicFile.createFolder(of: url)
        temporaryPath = AtomicFile.temporaryPath(for: url)
        LiveTemporaryFiles.insert(temporaryPath)
        do {
            descriptor = try AtomicFile.createExclusively(temporaryPath, target: url.path)
        } catch {
            LiveTemporaryFiles.remove(temporaryPath)
            Self.removeEmpty(createdFolders)
            throw error
        }
    }

    /// Appends bytes to the file.
    /// - Throws: `OutputError` naming `url` when the bytes cannot be written, as on a full disk.
    package func append(_ bytes: [UInt8]) throws(OutputError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes what is buffered and closes the file, ready to be renamed.
    func finish() throws(OutputError) {
        guard descriptor >= 0 else { return }
        try flush()
        let open = descriptor
        descriptor = -1
        try AtomicFile.closeWritten(open, path: temporaryPath, target: url.path)
    }

    private func flush() throws(OutputError) {
        guard descriptor >= 0 else { throw .cannotWrite(path: url.path, reason: "the file was already closed") }
        do {
            try AtomicFile.writeAll(buffer, to: descriptor, path: temporaryPath, target: url.path)
            buffer.removeAll(keepingCapacity: true)
        } catch {
            // `writeAll` closed and removed the file.
            descriptor = -1
            throw error
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        guard !isPlaced else { return }
        unlink(temporaryPath)
        LiveTemporaryFiles.remove(temporaryPath)
        Self.removeEmpty(createdFolders)
    }

    /// Removes each of `folders`, deepest first, that is empty.
    private static func removeEmpty(_ folders: [String]) {
        for folder in folders { rmdir(folder) }
    }
}
