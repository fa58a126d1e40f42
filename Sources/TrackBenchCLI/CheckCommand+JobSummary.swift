import Foundation

extension CheckCommand {
    /// Appends the report to the CI job summary; a failure to do so is a warning, not a verdict.
    ///
    /// The file is opened without blocking and must be a regular file: a FIFO with no reader, a device or a full
    /// disk gives a warning naming the path and the reason, and the verdict stands.
    static func appendSummary(_ markdown: String, to path: String, context: CommandContext) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            context.console.standardError("warning: cannot write the job summary '\(path)': \(String(cString: strerror(errno)))\n")
            return
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            context.console.standardError("warning: cannot write the job summary '\(path)': it is not a regular file\n")
            return
        }
        if let failure = StandardStream.writeAll(Array(markdown.utf8), to: descriptor) {
            context.console.standardError("warning: cannot write the job summary '\(path)': \(String(cString: strerror(failure)))\n")
        }
    }
}
