import Foundation
import TrackBenchModel

/// A filter run by another program: `exec:COMMAND`, speaking the filter process protocol (Docs/filter-protocol.md).
///
/// Creating one starts the command under `/bin/sh -c` and reads its hello,
/// which gives the filter's name and timing. Runs then borrow a running
/// process, one per concurrent run, starting another when all are busy, so
/// a run with four workers has at most four processes, each long-lived.
/// The first failure is recorded (`failure`) and later runs estimate
/// nothing; the caller checks `failure` after the run. `shutdown()` ends
/// every process and reaps it.
public final class FilterProcess: @unchecked Sendable {
    /// The shell command, as given after `exec:`.
    package let command: String
    /// The label the specification gives (`LABEL=exec:COMMAND`), which errors name; nil when it gives none, and
    /// errors name the hello's name, the default label.
    package let label: String?
    /// How long a process may go without writing a whole line (or taking more of a request) while TrackBench waits
    /// for it, in seconds.
    package let timeout: Double
    /// The name from the process's hello.
    package let name: String
    /// Online or offline, from the process's hello.
    package let timing: FilterTiming

    /// How many fix lines are formatted at a time: about 40 KB, within a pipe's 64 KB buffer.
    static let fixesPerChunk = 200

    /// The timeout unless told otherwise: 30 seconds.
    package static let defaultTimeout = 30.0

    private let lock = NSLock()
    /// Started processes not running a scenario now, each with the run it last answered.
    private var idle: [(connection: FilterProcessConnection, lastRun: String)] = []
    private var recordedFailure: FilterProcessError?

    /// Starts `command` and reads its hello.
    /// - Parameters:
    ///   - command: Run by `/bin/sh -c`.
    ///   - label: The specification's label, for errors; nil when it gives none.
    ///   - timeout: How long the process may go without writing a whole line (or taking more of a request), in
    ///     seconds; more than 0.
    /// - Throws: `FilterProcessError` when the process cannot start or does not introduce itself within `timeout`.
    package init(command: String, label: String? = nil, timeout: Double = defaultTimeout) throws(FilterProcessError) {
        self.command = command
        self.label = label
        self.timeout = timeout
        let (connection, hello) = try Self.connect(command, label: label, timeout: timeout)
        name = hello.name
        timing = hello.timing
        idle = [(connection, "")]
    }

    /// The first failure of any run so far; nil while every process kept to the protocol.
    package var failure: FilterProcessError? {
        lock.withLock { recordedFailure }
    }

    /// Ends every idle process: closes its input, checks it wrote nothing more, then kills its process group and
    /// reaps it. Extra answers are recorded as a failure.
    package func shutdown() {
        let connections = lock.withLock {
            defer { idle.removeAll() }
            return idle
        }
        for (connection, lastRun) in connections {
            let extra = connection.unreadOutput(endingInput: true, timeout: min(timeout, 1))
            connection.terminate()
            if !extra.isEmpty {
                record(failure(tooMany: extra, run: lastRun, connection: connection))
            }
        }
    }

    /// The estimates the process makes for `fixes`, in order; empty after any failure, which is recorded.
    /// - Parameters:
    ///   - sensorEvents: Pedometer, compass and barometer events, each sent after the fixes before it; unanswered.
    ///   - scenario: The scenario or recording, for the `start` line and messages.
    ///   - seed: The run's seed; nil when it has none.
    func estimates(
        for fixes: [LocationFix], sensorEvents: [(fixesBefore: Int, event: SensorEvent)] = [], scenario: String, seed: UInt64?
    ) -> [LocationFix] {
        let run = "\(scenario)\u{0}\(seed.map(String.init) ?? "")"
        func failed(_ reason: String, line: String? = nil, _ connection: FilterProcessConnection) -> [LocationFix] {
            connection.terminate()
            record(
                .failed(
                    filter: label ?? name, command: command, scenario: scenario, seed: seed, reason: reason, line: line,
                    standardError: connection.standardErrorTail
                )
            )
            return []
        }
        guard failure == nil, let connection = borrowConnection() else { return [] }
        // The request goes a chunk of fixes at a time, so the process parses one chunk while the next is formatted.
        var sent = -1
        var sensorsSent = 0
        func appendSensors(upTo fixesBefore: Int, to request: inout [UInt8]) {
            while sensorsSent < sensorEvents.count, sensorEvents[sensorsSent].fixesBefore <= fixesBefore {
                FilterProtocol.appendSensor(sensorEvents[sensorsSent].event, to: &request)
                sensorsSent += 1
            }
        }
        func produce(_ request: inout [UInt8]) {
            if sent < 0 {
                FilterProtocol.appendStart(scenario: scenario, seed: seed, to: &request)
                sent = 0
            }
            guard sent <= fixes.count else { return }
            let end = min(fixes.count, sent + Self.fixesPerChunk)
            for index in sent..<end {
                appendSensors(upTo: index, to: &request)
                FilterProtocol.appendFix(fixes[index], to: &request)
            }
            if end == fixes.count {
                appendSensors(upTo: end, to: &request)
                FilterProtocol.appendEnd(to: &request)
            }
            sent = end + (end == fixes.count ? 1 : 0)
        }
        var estimates: [LocationFix] = []
        estimates.reserveCapacity(fixes.count)
        var answered = 0
        var violation: (reason: String, line: String)?
        let interruption = connection.exchange(expected: fixes.count, timeout: timeout, produce: produce) { line in
            do throws(FilterProtocolViolation) {
                if let estimate = try FilterProtocol.estimate(parsing: line, for: fixes[answered]) {
                    estimates.append(estimate)
                }
                answered += 1
                return true
            } catch {
                violation = ("answer \(answered + 1) of \(fixes.count) is not valid: \(error.reason)", String(decoding: line, as: UTF8.self))
                return false
            }
        }
        switch interruption {
        case nil:
            lock.withLock { idle.append((connection, run)) }
            return estimates
        case .refused:
            return failed(violation?.reason ?? "an answer is not valid", line: violation?.line, connection)
        case .overlong:
            let limit = FilterProtocol.maximumLineLength
            return failed("answer \(answered + 1) of \(fixes.count) is longer than \(limit) bytes, the longest line the protocol allows", connection)
        case let .exited(how):
            return failed("the process \(how) after answering \(answered) of \(fixes.count) fixes", connection)
        case .silent:
            let waited = FilterParameter.format(timeout)
            return failed(
                "the process wrote no whole line for \(waited) s after answering \(answered) of \(fixes.count) fixes (--exec-timeout)", connection
            )
        }
    }

    /// A process ready for a run: an idle one, or a new one when none is idle; nil on a failure, which is recorded
    /// (a process that cannot start, or one that wrote more answers after its last run than it was asked for).
    private func borrowConnection() -> FilterProcessConnection? {
        var borrowed = lock.withLock { idle.popLast() }
        if borrowed == nil {
            do {
                borrowed = (try Self.connect(command, label: label, timeout: timeout).connection, "")
            } catch {
                record(error)
                return nil
            }
        }
        guard let (connection, lastRun) = borrowed else { return nil }
        let extra = connection.unreadOutput(endingInput: false, timeout: 0)
        guard extra.isEmpty else {
            connection.terminate()
            record(failure(tooMany: extra, run: lastRun, connection: connection))
            return nil
        }
        return connection
    }

    /// Keeps the first failure.
    private func record(_ error: FilterProcessError) {
        lock.withLock {
            if recordedFailure == nil { recordedFailure = error }
        }
    }

    /// The failure for output beyond the last answer of `run` (scenario and seed joined by a NUL; empty before any
    /// run, when the output follows the hello).
    private func failure(tooMany extra: [UInt8], run: String, connection: FilterProcessConnection) -> FilterProcessError {
        let parts = run.split(separator: "\u{0}", omittingEmptySubsequences: false)
        let line = String(decoding: extra.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard !run.isEmpty else {
            return .lineAfterHello(filter: label ?? name, command: command, line: line, standardError: connection.standardErrorTail)
        }
        return .failed(
            filter: label ?? name, command: command, scenario: parts.first.map(String.init) ?? "", seed: parts.count > 1 ? UInt64(parts[1]) : nil,
            reason: "the process wrote more answers than there were fixes", line: line, standardError: connection.standardErrorTail
        )
    }

    /// Starts a process and reads its hello.
    private static func connect(
        _ command: String, label: String?, timeout: Double
    ) throws(FilterProcessError) -> (connection: FilterProcessConnection, hello: FilterProtocol.Hello) {
        let connection = try FilterProcessConnection(command: command)
        var line: String?
        let interruption = connection.exchange(expected: 1, timeout: timeout, produce: { _ in }) { bytes in
            line = String(decoding: bytes, as: UTF8.self)
            return true
        }
        func bad(_ reason: String) -> FilterProcessError {
            connection.terminate()
            return .badHello(label: label, command: command, line: line, reason: reason, standardError: connection.standardErrorTail)
        }
        switch interruption {
        case let .exited(how): throw bad("the process \(how) before writing a line")
        case .silent: throw bad("the process wrote no whole line for \(FilterParameter.format(timeout)) s (--exec-timeout)")
        case .overlong: throw bad("its first line is longer than \(FilterProtocol.maximumLineLength) bytes, the longest line the protocol allows")
        case .refused, nil: break
        }
        do {
            return (connection, try FilterProtocol.hello(parsing: line ?? ""))
        } catch {
            throw bad(error.reason)
        }
    }
}
