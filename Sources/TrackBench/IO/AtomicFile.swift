import Foundation

/// Writes files so that readers see either the old file or the complete new one.
///
/// A report that is half-written when the disk fills or the job is killed
/// would be worse than none: CI would compare against garbage. Text goes to a
/// temporary file in the same folder, which is then renamed over the target,
/// an atomic step on POSIX file systems.
@_spi(CLI) public enum AtomicFile {
    /// Replaces the file at `url` with `text` in UTF-8, creating parent folders as needed.
    /// - Throws: `OutputError` naming the path and the reason.
    public static func write(_ text: String, to url: URL) throws(OutputError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: folder.path, reason: reason(for: error))
        }
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: reason(for: error))
        }
    }

    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return nsError.localizedDescription
    }
}
