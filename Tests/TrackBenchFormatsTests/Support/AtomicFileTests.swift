import Foundation
import Testing
@testable import TrackBenchSupport
@testable import TrackBenchFormats

struct AtomicFileTests {
    private func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("trackbench-tests-\(UUID().uuidString)")
    }

    @Test func createsFoldersAndReplacesTheWholeFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/report.md")
        try AtomicFile.write(String(repeating: "long old text\n", count: 100), to: file)
        try AtomicFile.write("new\n", to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["report.md"])
    }

    @Test func failsWithThePathWhenTheFolderIsAFile() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try AtomicFile.write("x", to: folder.appendingPathComponent("blocker"))
        let target = folder.appendingPathComponent("blocker/results.csv")
        let error = try #require(throws: OutputError.self) { try AtomicFile.write("data", to: target) }
        #expect(error.localizedDescription.contains(folder.appendingPathComponent("blocker").path))
    }

    @Test func aFailedWriteOfSeveralFilesLeavesEveryTargetAsItWas() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.csv")
        try AtomicFile.write("old results\n", to: results)
        try AtomicFile.write("x", to: folder.appendingPathComponent("blocker"))
        let report = folder.appendingPathComponent("blocker/report.md")
        #expect(throws: OutputError.self) {
            try AtomicFile.write([("new results\n", results), ("new report\n", report)])
        }
        #expect(try String(contentsOf: results, encoding: .utf8) == "old results\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["blocker", "results.csv"])
    }

    @Test func writesSeveralFilesTogetherWithoutLeftovers() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [("a\n", folder.appendingPathComponent("a.csv")), ("b\n", folder.appendingPathComponent("b.md"))]
        try AtomicFile.write(files)
        try AtomicFile.write(files.map { ($0.0 + "2", $0.1) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["a.csv", "b.md"])
        #expect(try String(contentsOf: files[1].1, encoding: .utf8) == "b\n2")
    }

    @Test func reasonsComeFromTheSystemInWords() throws {
        let error = try #require(throws: OutputError.self) {
            try AtomicFile.write("x", to: URL(fileURLWithPath: "/proc/trackbench-test/results.csv"))
        }
        #expect(!error.localizedDescription.contains("NSCocoaErrorDomain"))
        #expect(!error.localizedDescription.contains("error 512"))
    }

    @Test(arguments: ["symbolic link", "FIFO", "folder"])
    func refusesToReplaceAnythingButARegularFileAndLeavesItAsItWas(kind: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pointee = folder.appendingPathComponent("notes.txt")
        try "mine\n".write(to: pointee, atomically: false, encoding: .utf8)
        let target = folder.appendingPathComponent("results.csv")
        switch kind {
        case "symbolic link": try FileManager.default.createSymbolicLink(at: target, withDestinationURL: pointee)
        case "FIFO": #expect(mkfifo(target.path, 0o644) == 0)
        default: try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        }
        let error = try #require(throws: OutputError.self) { try AtomicFile.write("new\n", to: target) }
        #expect(error.localizedDescription.contains("will not replace '\(target.path)': it is a"))
        #expect(AtomicFile.kindOfExistingNonFile(at: target.path) != nil)
        #expect(try String(contentsOf: pointee, encoding: .utf8) == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.txt", "results.csv"])
    }

    @Test func aLinkPlantedAtTheTemporaryNameIsReplacedNotWrittenThrough() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("victim.txt")
        try "precious\n".write(to: victim, atomically: false, encoding: .utf8)
        let planted = folder.appendingPathComponent(AtomicFile.temporaryName(for: "results.csv", pid: getpid()))
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)
        try AtomicFile.write("new\n", to: folder.appendingPathComponent("results.csv"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("results.csv"), encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["results.csv", "victim.txt"])
    }

    @Test func temporaryFilesOfDeadRunsAreRemovedAndALiveRunsAreKept() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // No process has an id above Linux's pid_max (at most 2^22), so this one is dead.
        let dead = AtomicFile.temporaryName(for: "results.csv", pid: 99_999_999)
        let alive = AtomicFile.temporaryName(for: "results.csv", pid: 1)
        for name in [dead, dead + AtomicFile.backupSuffix, alive] {
            try "half a run\n".write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        try AtomicFile.write("new\n", to: folder.appendingPathComponent("results.csv"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [alive, "results.csv"])
    }

    /// The files a run killed among its renames leaves: `renamed` of `names` (in rename order, the commit point last)
    /// already replaced, their previous contents kept as backups, the others still temporary, and the journal.
    private func interruptedRun(in folder: URL, names: [String], renamed: Int, pid: pid_t) throws {
        var entries: [ReplacementJournal.Entry] = []
        for name in names {
            try "old \(name)\n".write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
            let temporary = folder.appendingPathComponent(AtomicFile.temporaryName(for: name, pid: pid))
            try "new \(name)\n".write(to: temporary, atomically: false, encoding: .utf8)
            entries.append(.init(existed: true, inode: try inode(of: temporary), name: name))
        }
        let journal = ReplacementJournal(entries: entries).text
        try journal.write(to: folder.appendingPathComponent(AtomicFile.journalName(pid: pid)), atomically: false, encoding: .utf8)
        for name in names.prefix(renamed) {
            let temporary = folder.appendingPathComponent(AtomicFile.temporaryName(for: name, pid: pid))
            let target = folder.appendingPathComponent(name)
            #expect(link(target.path, temporary.path + AtomicFile.backupSuffix) == 0)
            #expect(rename(temporary.path, target.path) == 0)
        }
    }

    private func inode(of url: URL) throws -> UInt64 {
        var status = stat()
        #expect(lstat(url.path, &status) == 0)
        return UInt64(status.st_ino)
    }

    /// A journal of a dead process planted in `folder`, with `lines` after the header.
    private func plantJournal(in folder: URL, _ lines: [String]) throws -> URL {
        let url = folder.appendingPathComponent(AtomicFile.journalName(pid: 99_999_999))
        try ([ReplacementJournal.header] + lines).map { $0 + "\n" }.joined().write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    @Test(arguments: [
        "absolute", "parent", "nested",
    ])
    func aPlantedJournalNamingAFileOutsideItsFolderIsIgnored(kind: String) throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("results")
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let victim = elsewhere.appendingPathComponent("victim.txt")
        try "precious\n".write(to: victim, atomically: false, encoding: .utf8)
        let inside = folder.appendingPathComponent("sub/victim.txt")
        try "precious\n".write(to: inside, atomically: false, encoding: .utf8)
        let name = ["absolute": victim.path, "parent": "../elsewhere/victim.txt", "nested": "sub/victim.txt"][kind]!
        // Every way the old format could delete a target: not there before, its temporary file gone.
        let journal = try plantJournal(in: folder, ["0\t\(try inode(of: kind == "nested" ? inside : victim))\t\(name)"])
        try AtomicFile.write("new\n", to: folder.appendingPathComponent("results.csv"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOf: inside, encoding: .utf8) == "precious\n")
        #expect(FileManager.default.fileExists(atPath: journal.path), "a journal that breaks the format is left for the user")
    }

    @Test func aPlantedJournalNamingAFileItDidNotWriteLeavesIt() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("notes.txt")
        try "precious\n".write(to: victim, atomically: false, encoding: .utf8)
        // A well-formed journal of a set that never committed, naming a file whose inode is not its new file's.
        _ = try plantJournal(in: folder, ["0\t\(try inode(of: victim) + 1)\tnotes.txt"])
        try "planted\n".write(
            to: folder.appendingPathComponent(AtomicFile.temporaryName(for: "notes.txt", pid: 99_999_999) + AtomicFile.backupSuffix),
            atomically: false, encoding: .utf8
        )
        try AtomicFile.write("new\n", to: folder.appendingPathComponent("results.csv"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.txt", "results.csv"])
    }

    @Test(arguments: [
        ["1\t12\tresults.csv", "1\t12\tresults.csv"],
        ["2\t12\tresults.csv"],
        ["1\t-12\tresults.csv"],
        ["1\t12\t"],
        ["1\t12\t.."],
        ["1\t12\tresults\u{1B}.csv"],
        ["1 12 results.csv"],
    ])
    func aJournalBreakingTheFormatIsRejected(lines: [String]) {
        let text = ([ReplacementJournal.header] + lines).map { $0 + "\n" }.joined()
        #expect(throws: ReplacementJournal.Rejection.self) { try ReplacementJournal(parsing: text) }
    }

    @Test func aJournalReadsBackWhatItWrote() throws {
        let journal = ReplacementJournal(entries: [
            .init(existed: false, inode: 7, name: "report.md"), .init(existed: true, inode: 9, name: "results.csv"),
        ])
        #expect(try ReplacementJournal(parsing: journal.text) == journal)
        #expect(throws: ReplacementJournal.Rejection.self) { try ReplacementJournal(parsing: "1\t9\tresults.csv\n") }
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("baseline.csv")
        try AtomicFile.write("old\n", to: url)
        #expect(chmod(url.path, 0o600) == 0)
        try AtomicFile.write("new\n", to: url)
        var status = stat()
        #expect(stat(url.path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o600)
    }

    @Test func aSetSpanningTwoFoldersIsRefused() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: OutputError.self) {
            try AtomicFile.write([("a\n", folder.appendingPathComponent("a.md")), ("b\n", folder.appendingPathComponent("sub/b.md"))])
        }
    }

    @Test func aRunKilledAmongItsRenamesIsRolledBackByTheNextWrite() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = ["report.html", "report.md", "results.csv"]
        try interruptedRun(in: folder, names: names, renamed: 1, pid: 99_999_999)
        #expect(try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8) == "new report.html\n")
        try AtomicFile.write("other\n", to: folder.appendingPathComponent("notes.md"))
        for name in names {
            #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == "old \(name)\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.md"] + names.sorted())
    }

    @Test func aReaderMendsARunKilledAmongItsRenamesBeforeItReads() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = ["report.md", "results.csv"]
        try interruptedRun(in: folder, names: names, renamed: 1, pid: 99_999_999)
        let results = folder.appendingPathComponent("results.csv")
        let read = try AtomicFile.readSettled(results) { try String(contentsOf: results, encoding: .utf8) }
        #expect(read == "old results.csv\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8) == "old report.md\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
    }

    @Test func aRunKilledAfterItsLastRenameKeepsItsNewFiles() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = ["report.html", "report.md", "results.csv"]
        try interruptedRun(in: folder, names: names, renamed: names.count, pid: 99_999_999)
        try AtomicFile.write("other\n", to: folder.appendingPathComponent("notes.md"))
        for name in names {
            #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == "new \(name)\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.md"] + names.sorted())
    }

    @Test func aLiveRunsJournalIsLeftAlone() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try interruptedRun(in: folder, names: ["report.md", "results.csv"], renamed: 1, pid: 1)
        try AtomicFile.write("other\n", to: folder.appendingPathComponent("notes.md"))
        #expect(try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8) == "new report.md\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(AtomicFile.journalName(pid: 1)).path))
    }

    @Test func aStagedFileWrittenInPiecesGoesInPlaceFirstWithTheOthers() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("nested/results.csv")
        let staged = try StagedFile(url: results)
        let pieces = (0..<3000).map { "row \($0)\n" }
        for piece in pieces { try staged.append(Array(piece.utf8)) }
        // Nothing is in place before the set is written: only the temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: results.deletingLastPathComponent().path) == [
            AtomicFile.temporaryName(for: "results.csv", pid: getpid())
        ])
        try AtomicFile.write([("report\n", results.deletingLastPathComponent().appendingPathComponent("report.md"))], after: [staged])
        #expect(try String(contentsOf: results, encoding: .utf8) == pieces.joined())
        let names = try FileManager.default.contentsOfDirectory(atPath: results.deletingLastPathComponent().path)
        #expect(names.sorted() == ["report.md", "results.csv"])
    }

    @Test func aStagedFileNeverPlacedLeavesNothingBehindAndTheTargetAsItWas() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try AtomicFile.write("old\n", to: folder.appendingPathComponent("results.csv"))
        do {
            let staged = try StagedFile(url: folder.appendingPathComponent("results.csv"))
            try staged.append(Array("half a run\n".utf8))
            let fresh = try StagedFile(url: folder.appendingPathComponent("new/deeper/results.csv"))
            try fresh.append(Array("half a run\n".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["results.csv"])
        #expect(try String(contentsOf: folder.appendingPathComponent("results.csv"), encoding: .utf8) == "old\n")
    }

    @Test func aStagedFileRefusesALinkAtItsTargetBeforeWritingAnything() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pointee = folder.appendingPathComponent("notes.txt")
        try "mine\n".write(to: pointee, atomically: false, encoding: .utf8)
        let target = folder.appendingPathComponent("results.csv")
        try FileManager.default.createSymbolicLink(at: target, withDestinationURL: pointee)
        let error = try #require(throws: OutputError.self) { try StagedFile(url: target) }
        #expect(error.localizedDescription.contains("will not replace '\(target.path)': it is a"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.txt", "results.csv"])
    }
}
