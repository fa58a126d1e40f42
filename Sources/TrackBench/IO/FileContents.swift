import Foundation

/// Reads a whole input file, with a reason a user can act on when it cannot be read.
enum FileContents {
    /// The file's bytes.
    ///
    /// Only regular files (or links to them) are read: a device such as `/dev/zero` or a pipe would never end.
    /// - Throws: The reason, `no such file`, `it is not a regular file` or `it is not a readable file`, for the
    ///   caller's error type.
    static func read(_ url: URL) throws(Unreadable) -> Data {
        let type = (try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path))?[.type] as? FileAttributeType
        if let type, type != .typeRegular, type != .typeDirectory {
            throw Unreadable(reason: "it is not a regular file")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw Unreadable(reason: FileManager.default.fileExists(atPath: url.path) ? "it is not a readable file" : noSuchFile)
        }
    }

    /// The reason given for a path where no file exists.
    static let noSuchFile = "no such file"

    /// Why a file could not be read.
    struct Unreadable: Error {
        let reason: String
    }
}
