import Foundation

/// Names the kind of a file from its `stat` mode, for messages that refuse anything but a regular file.
enum FileKind {
    /// "a symbolic link", "a FIFO", "a device", "a socket" or "a folder"; nil for a regular file.
    static func describe(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "an unknown kind of file"
        }
    }
}
