import Foundation

extension CheckCommand {
    /// Appends the report to the CI job summary; a failure to do so is a warning, not a verdict.
    ///
    /// The file is opened without blocking and must be a regular file: a FIFO with no reader, a device or a full
    /// disk gives a warning naming the path and the reason, and the verdict stands. A symbolic link is refused, as
    /// `--junit` refuses one: it is not followed (`O_NOFOLLOW`), so the summary never lands where the link points.
    static func appendSummary(_ markdown: String, to path: String, context: CommandContext) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            var status = stat()
            if errno == ELOOP, lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                context.console.standardError(
                    "warning: will not write the job summary '\(path)' (GITHUB_STEP_SUMMARY): it is a symbolic link, not a regular file; "
                        + "point GITHUB_STEP_SUMMARY at the file itself\n"
                )
                return
            }
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
