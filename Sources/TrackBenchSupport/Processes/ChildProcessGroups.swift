import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process groups of the filter processes this process started, so that none outlives it.
///
/// Each filter process runs in a process group of its own, ended by killing
/// the whole group. A group is registered while its spawn holds the lock, so
/// a signal's handler ending every group (`endAllBeforeExit()`) never misses
/// one being started. A process that leaves its group (`setsid`, `setpgid`)
/// escapes a group kill: on Linux, once `adoptOrphans()` made this process a
/// child subreaper, such a process becomes this process's child when its
/// parent ends, and `endOrphans()` finds, kills and reaps it. Elsewhere it is
/// left to the system.
package enum ChildProcessGroups {
    private static let lock = NSLock()
    /// Groups whose leader (the shell) runs, by the leader's id.
    nonisolated(unsafe) private static var live: Set<pid_t> = []
    /// Groups killed so far: an adopted process still in one is dying with it, not escaping it.
    nonisolated(unsafe) private static var ended: Set<pid_t> = []
    /// Whether this process is a child subreaper, so it adopts the processes its children orphan.
    nonisolated(unsafe) private static var adopts = false
    /// At most this many rounds of adopting orphans: each round's kills may orphan the next generation.
    static let maximumRounds = 100

    /// Runs `start`, which starts a process leading a new process group and returns its id (nil when it could
    /// not), holding the lock, and registers the group.
    package static func spawn(_ start: () -> pid_t?) -> pid_t? {
        lock.lock()
        defer { lock.unlock() }
        guard let group = start() else { return nil }
        live.insert(group)
        return group
    }

    /// Kills the group `group` leads (SIGKILL) and unregisters it; the caller still reaps its leader.
    package static func end(_ group: pid_t) {
        lock.withLock {
            _ = kill(-group, SIGKILL)
            live.remove(group)
            ended.insert(group)
        }
    }

    /// Makes this process a child subreaper (Linux's `PR_SET_CHILD_SUBREAPER`), so that `endOrphans()` can find
    /// the processes a filter left running outside its group; does nothing elsewhere.
    ///
    /// Only an executable that starts no other children may call it: every child of the process that is not a
    /// running filter process's shell is taken for such an orphan.
    package static func adoptOrphans() {
        #if os(Linux)
        // prctl is variadic in C, which Swift does not import: it is called through a fixed prototype, which the
        // Linux calling conventions pass alike for integer arguments.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(nil, "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        let setChildSubreaper: Int32 = 36
        lock.withLock { adopts = prctl(setChildSubreaper, 1, 0, 0, 0) == 0 }
        #endif
    }

    /// Kills and reaps every adopted process that is not a running filter process's shell, and what it leads.
    /// - Returns: Those that had left their filter's process group, each as `PID (COMMAND)`; empty when none did
    ///   or this process adopts none.
    package static func endOrphans() -> [String] {
        lock.withLock { endOrphansLocked() }
    }

    /// Kills every registered group, reaps their shells and ends the orphans, for a process about to exit on a
    /// signal; the registry stays locked, so no thread starts another filter process before the exit.
    package static func endAllBeforeExit() {
        lock.lock()
        for group in live { _ = kill(-group, SIGKILL) }
        for group in live {
            var status: Int32 = 0
            while waitpid(group, &status, 0) < 0 && errno == EINTR {}
        }
        ended.formUnion(live)
        live.removeAll()
        _ = endOrphansLocked()
    }

    private static func endOrphansLocked() -> [String] {
        guard adopts else { return [] }
        var escaped: [String] = []
        for _ in 0..<maximumRounds {
            let orphans = children().filter { !live.contains($0.pid) && !live.contains($0.group) && $0.state != "Z" }
            guard !orphans.isEmpty else { break }
            for orphan in orphans {
                if !ended.contains(orphan.group) { escaped.append("\(orphan.pid) (\(orphan.command))") }
                _ = kill(-orphan.pid, SIGKILL)
                _ = kill(orphan.pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(orphan.pid, &status, 0) < 0 && errno == EINTR {}
            }
        }
        return escaped
    }

    /// This process's children, read from /proc: id, process group, state letter and command name.
    private static func children() -> [(pid: pid_t, group: pid_t, state: Character, command: String)] {
        let parent = getpid()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = pid_t(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/stat") else { return nil }
            // `PID (COMMAND) STATE PPID PGRP ...`, where the command may hold spaces and parentheses.
            let text = String(decoding: data, as: UTF8.self)
            guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[1]) == parent, let group = pid_t(fields[2]), let state = fields[0].first else { return nil }
            return (pid, group, state, String(text[text.index(after: open)..<close]))
        }
    }
}
