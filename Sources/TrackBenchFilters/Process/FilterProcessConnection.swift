import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrackBenchSupport

/// One running filter process: `/bin/sh -c COMMAND` with pipes to its standard input, output and error.
///
/// A connection runs one scenario at a time. It writes the request, made a
/// chunk at a time so the process works on one chunk while the next is made,
/// (start, fixes, end) while reading answers, multiplexed with poll(2) over
/// non-blocking pipes, so neither side blocks on a full pipe. The process
/// runs in its own process group, so killing the group also ends anything
/// the shell started; the group is registered (`ChildProcessGroups`), so a
/// signal ending TrackBench ends it too.
///
/// What the process writes is bounded: a line may be at most
/// `FilterProtocol.maximumLineLength` bytes, and only a whole line, or the
/// process taking more of the request, counts as progress against the
/// timeout, so output without newlines cannot keep a run waiting or fill memory.
final class FilterProcessConnection {
    /// The shell's process id, which is also its process group's.
    private let pid: pid_t
    /// Our ends of the pipes: the process's standard input, output and error; -1 once closed.
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    /// Standard output read but not yet taken as lines.
    private var pending: [UInt8] = []
    /// How many bytes at the start of `pending` are known to hold no newline, so each byte is searched once.
    private var scanned = 0
    /// The last `tailLimit` bytes of the process's standard error.
    private var errorTail: [UInt8] = []
    /// Whether the process has been reaped.
    private var isReaped = false

    /// How many bytes of standard error a connection keeps for messages.
    static let tailLimit = 4096

    /// Starts `command` under `/bin/sh -c`.
    /// - Throws: `FilterProcessError.cannotStart` when the pipes or the shell cannot be made.
    init(command: String) throws(FilterProcessError) {
        // A process that exits while we write must give EPIPE, not kill TrackBench.
        signal(SIGPIPE, SIG_IGN)
        var fds: [Int32] = []
        for _ in 0..<3 {
            var pair: [Int32] = [-1, -1]
            guard pipe(&pair) == 0 else {
                fds.forEach { close($0) }
                throw .cannotStart(command: command, reason: String(cString: strerror(errno)))
            }
            fds += pair
        }
        // The child reads fds[0], writes fds[3] and fds[5]; we keep fds[1], fds[2], fds[4].
        for fd in [fds[1], fds[2], fds[4]] {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        // Darwin declares these types as optional pointers, Glibc as structures.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fds[3], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[5], 2)
        for fd in fds { posix_spawn_file_actions_addclose(&actions, fd) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group; default handling of the signals TrackBench ignores, and none blocked (a dispatch thread
        // may be the one starting it), so the process is not started deaf to them.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in TerminationSignals.handled + [SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments = words.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var status: Int32 = 0
        let started = ChildProcessGroups.spawn { () -> pid_t? in
            var pid: pid_t = 0
            status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments + [nil], environment)
            return status == 0 ? pid : nil
        }
        for fd in [fds[0], fds[3], fds[5]] { close(fd) }
        guard let pid = started else {
            for fd in [fds[1], fds[2], fds[4]] { close(fd) }
            throw .cannotStart(command: command, reason: String(cString: strerror(status)))
        }
        self.pid = pid
        input = fds[1]
        output = fds[2]
        errors = fds[4]
    }

    deinit {
        terminate()
    }

    /// What the process wrote last on its standard error, as text.
    var standardErrorTail: String {
        String(decoding: errorTail, as: UTF8.self)
    }

    /// Why an exchange ended before the process wrote every line expected.
    enum Interruption: Error, Equatable {
        /// The process closed its standard output: it exited, as this text says (`exited with status 3`).
        case exited(String)
        /// No whole line came, and no more of the request was taken, for the timeout's seconds.
        case silent
        /// `take` refused a line.
        case refused
        /// The process wrote a line longer than `FilterProtocol.maximumLineLength` bytes.
        case overlong
    }

    /// Writes the request `produce` makes while handing the lines the process writes to `take`, until it has had
    /// `expected` lines and the request is written.
    ///
    /// - Parameters:
    ///   - produce: Appends the next chunk of the request to an empty buffer; appends nothing when the request is
    ///     complete. The process's standard input stays open after it.
    ///   - expected: How many lines to read.
    ///   - timeout: How long the process may go without taking more of the request or writing a whole line, in
    ///     seconds; bytes without a newline are not progress.
    ///   - take: Takes one line without its newline; returns false to stop the exchange.
    /// - Returns: nil when every line was taken, or why the exchange stopped first.
    func exchange(
        expected: Int, timeout: Double, produce: (inout [UInt8]) -> Void, take: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Interruption? {
        var request: [UInt8] = []
        produce(&request)
        var written = 0
        var taken = 0
        if let interruption = takeLines(upTo: expected, taken: &taken, take) { return interruption }
        var lastProgress = ContinuousClock.now
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while taken < expected || (written < request.count && input >= 0) {
            var descriptors: [pollfd] = []
            if written < request.count && input >= 0 { descriptors.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            // Lines beyond those expected stay in the pipe, for the caller to find.
            if taken < expected { descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            if errors >= 0 { descriptors.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            let remaining = timeout - Self.seconds(ContinuousClock.now - lastProgress)
            guard remaining > 0 else { return .silent }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                return .exited("could not be waited for: \(String(cString: strerror(errno)))")
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                if descriptor.fd == input {
                    let count = request.withUnsafeBytes { write(input, $0.baseAddress! + written, $0.count - written) }
                    if count > 0 {
                        written += count
                        lastProgress = .now
                        if written == request.count {
                            request.removeAll(keepingCapacity: true)
                            written = 0
                            produce(&request)
                        }
                    } else if count < 0 && errno != EAGAIN && errno != EINTR {
                        // The process closed its input or exited: its output tells which.
                        closeInput()
                    }
                } else if descriptor.fd == output {
                    let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
                    if count > 0 {
                        pending.append(contentsOf: chunk[..<count])
                        let before = taken
                        if let interruption = takeLines(upTo: expected, taken: &taken, take) { return interruption }
                        if taken > before { lastProgress = .now }
                    } else if count == 0 {
                        drainStandardError()
                        return .exited(reap(grace: 1))
                    }
                } else if descriptor.fd == errors {
                    readStandardError(into: &chunk)
                }
            }
        }
        return nil
    }

    /// Hands the whole lines of `pending` to `take` until `taken` reaches `expected`; keeps the rest.
    ///
    /// Each byte is searched for a newline once, however many reads a long line takes.
    /// - Returns: `.refused` when `take` refused a line, `.overlong` when a line, whole or not, is longer than
    ///   `FilterProtocol.maximumLineLength`; nil otherwise.
    private func takeLines(
        upTo expected: Int, taken: inout Int, _ take: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Interruption? {
        var interruption: Interruption?
        var start = 0
        pending.withUnsafeBufferPointer { bytes in
            var index = scanned
            while interruption == nil, taken < expected, index < bytes.count {
                if bytes[index] == UInt8(ascii: "\n") {
                    if index - start > FilterProtocol.maximumLineLength {
                        interruption = .overlong
                    } else if !take(UnsafeBufferPointer(rebasing: bytes[start..<index])) {
                        interruption = .refused
                    }
                    taken += 1
                    start = index + 1
                }
                index += 1
            }
            scanned = index - start
        }
        pending.removeFirst(start)
        if interruption == nil, taken < expected, scanned > FilterProtocol.maximumLineLength { return .overlong }
        return interruption
    }

    /// `duration` in seconds.
    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Reads what the process wrote to standard error, keeping the last `tailLimit` bytes.
    private func readStandardError(into chunk: inout [UInt8]) {
        let count = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress!, $0.count) }
        if count > 0 {
            errorTail.append(contentsOf: chunk[..<count])
            if errorTail.count > Self.tailLimit { errorTail.removeFirst(errorTail.count - Self.tailLimit) }
        } else if count == 0 {
            close(errors)
            errors = -1
        }
    }

    /// What the process wrote beyond the lines taken, waiting at most `timeout` seconds in all for its output to
    /// end once `endInput` closes its standard input; empty if nothing.
    ///
    /// Any output there is a failure, so reading stops at its first whole line or `FilterProtocol.maximumLineLength`
    /// bytes: a process writing without end after its input closed costs at most `timeout` and a line's memory.
    func unreadOutput(endingInput endInput: Bool, timeout: Double) -> [UInt8] {
        if endInput { closeInput() }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var hasLine = pending.contains(UInt8(ascii: "\n"))
        while output >= 0, !hasLine, pending.count <= FilterProtocol.maximumLineLength {
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let wait = endInput ? Int32(max(0, Self.seconds(deadline - .now)) * 1000) + 1 : 0
            guard poll(&descriptor, 1, wait) > 0 else { break }
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress!, $0.count) }
            guard count > 0 else { break }
            pending.append(contentsOf: chunk[..<count])
            hasLine = chunk[..<count].contains(UInt8(ascii: "\n"))
        }
        defer {
            pending.removeAll()
            scanned = 0
        }
        return pending
    }

    /// Closes the process's standard input, telling it the runs are over.
    private func closeInput() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }

    /// Gathers what is left on standard error, waiting at most 0.1 s for more.
    private func drainStandardError() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while errors >= 0 {
            var descriptor = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { break }
            readStandardError(into: &chunk)
        }
    }

    /// Kills the process group, reaps the shell, keeps the end of its standard error and closes the pipes; safe to
    /// call twice.
    func terminate() {
        if !isReaped {
            _ = reap(grace: 0)
        }
        drainStandardError()
        closeInput()
        for fd in [output, errors] where fd >= 0 { close(fd) }
        output = -1
        errors = -1
    }

    /// Waits up to `grace` seconds for the shell to end, then kills its process group and reaps it; describes how it
    /// ended: `exited with status 3`, `was killed by signal 9`.
    private func reap(grace: Double) -> String {
        var status: Int32 = 0
        var result: pid_t = 0
        let deadline = ContinuousClock.now + .milliseconds(Int(grace * 1000))
        while result == 0 && ContinuousClock.now < deadline {
            result = waitpid(pid, &status, WNOHANG)
            if result == 0 { usleep(5_000) }
        }
        // Whatever the shell left in its group goes too, and the shell itself if it is still running.
        ChildProcessGroups.end(pid)
        while result == 0 || (result < 0 && errno == EINTR) {
            result = waitpid(pid, &status, 0)
        }
        isReaped = true
        guard result == pid else { return "ended" }
        if status & 0x7f == 0 { return "exited with status \((status >> 8) & 0xff)" }
        return "was killed by signal \(status & 0x7f)"
    }
}
