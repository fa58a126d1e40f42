import Foundation

/// The record `AtomicFile` keeps while it renames a set of files into place, so that a run killed among its renames
/// can be rolled back or completed by the next process that touches the folder.
///
/// A journal is a file any results folder may hold, and a results folder may come from anyone (a CI artifact, a
/// colleague's baseline), so reading one trusts nothing in it. It names only files in its own folder, by plain names
/// (no `/`, not `.` or `..`, no control characters), and each with the inode of the new file that replaced it:
/// the clean-up removes or replaces a target only while that target is still the file this journal's process put
/// there, or the hard link it kept of the previous contents. A journal that breaks any rule is ignored whole,
/// reported, and left for the user to remove; it is never acted on.
///
/// The format, in UTF-8 with LF line ends: the line `trackbench journal 2`, then one line per target in rename
/// order (the commit point last): `<1 if it existed, else 0>`, a tab, the new file's inode in decimal, a tab, and
/// the target's name.
struct ReplacementJournal: Equatable {
    /// One renamed file.
    struct Entry: Equatable {
        /// Whether a file was at the target before the run: if not, rolling back removes the new one.
        var existed: Bool
        /// The inode of the new file (the temporary file renamed over the target).
        var inode: UInt64
        /// The target's name in the journal's folder.
        var name: String
    }

    /// The targets in rename order; the last is the commit point.
    var entries: [Entry]

    /// The journal's first line: a journal of another format is not this type's to act on.
    static let header = "trackbench journal 2"

    /// The largest journal read, in bytes: a set of some thousand files (the terrain tiles of a large suite).
    static let maximumSize = 1 << 20

    /// The journal's file name for process `pid`: `.trackbench-replacing.<pid>`.
    static func fileName(pid: pid_t) -> String {
        "\(prefix)\(pid)"
    }

    /// The start of every journal's file name.
    static let prefix = ".trackbench-replacing."

    /// The journal's text.
    var text: String {
        ([Self.header] + entries.map { "\($0.existed ? 1 : 0)\t\($0.inode)\t\($0.name)" }).joined(separator: "\n") + "\n"
    }

    /// Why a journal is not acted on.
    struct Rejection: Error, Equatable {
        /// The line at fault, counted from 1; nil for the file as a whole.
        var line: Int?
        /// What is wrong, in words.
        var reason: String
    }

    /// Reads a journal's text, trusting nothing in it.
    /// - Throws: `Rejection` naming the first line that breaks the format.
    init(parsing text: String) throws(Rejection) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.last == "" else { throw Rejection(line: nil, reason: "its last line does not end") }
        lines.removeLast()
        guard lines.first == Substring(Self.header) else {
            throw Rejection(line: 1, reason: "it does not start with '\(Self.header)'")
        }
        guard lines.count > 1 else { throw Rejection(line: nil, reason: "it names no file") }
        var entries: [Entry] = []
        var seen: Set<String> = []
        for (index, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0] == "0" || fields[0] == "1",
                let inode = UInt64(fields[1]), fields[1].allSatisfy(\.isASCII), fields[1].first != "+"
            else {
                throw Rejection(line: index + 1, reason: "it is not '0 or 1, a tab, an inode number, a tab and a name'")
            }
            let name = String(fields[2])
            guard Self.isPlainName(name) else {
                throw Rejection(line: index + 1, reason: "it names a path, not a file in the journal's own folder")
            }
            guard seen.insert(name).inserted else { throw Rejection(line: index + 1, reason: "it names '\(name)' twice") }
            entries.append(Entry(existed: fields[0] == "1", inode: inode, name: name))
        }
        self.entries = entries
    }

    /// Creates a journal of `entries`.
    init(entries: [Entry]) {
        self.entries = entries
    }

    /// Whether `name` names a file in a folder and nothing else: not empty, no `/`, not `.` or `..`, no control
    /// character (which also rules out NUL).
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/")
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
