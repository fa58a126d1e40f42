import Foundation

/// Why a filter process (`exec:COMMAND`, Docs/filter-protocol.md) could not be used; the run stops with it.
package enum FilterProcessError: Error, LocalizedError, Equatable {
    /// `/bin/sh` could not be started.
    case cannotStart(command: String, reason: String)
    /// The process's first line is not a valid hello, or it never wrote one; `label` is the specification's, nil
    /// when it gives none.
    case badHello(label: String?, command: String, line: String?, reason: String, standardError: String)
    /// The process broke the protocol, exited or fell silent during a run.
    /// - Parameters:
    ///   - filter: The specification's label, or the name from the process's hello when it gives none.
    ///   - scenario: The scenario or recording being run; empty for `speed`'s timing runs, which send no scenario.
    ///   - seed: The seed of the run; nil for a recording or a timing run.
    ///   - reason: What went wrong, lowercase.
    ///   - line: The answer line at fault, if there is one.
    ///   - standardError: The last lines the process wrote to its standard error.
    case failed(filter: String, command: String, scenario: String, seed: UInt64?, reason: String, line: String?, standardError: String)
    /// The process wrote a line after its hello before it was sent any run: no answer is due before a `start`.
    /// - Parameters:
    ///   - filter: The specification's label, or the name from the process's hello when it gives none.
    ///   - line: The first line it wrote after its hello.
    ///   - standardError: The last lines the process wrote to its standard error.
    case lineAfterHello(filter: String, command: String, line: String, standardError: String)
    /// Processes the filter processes started were still running outside their process groups once those were
    /// killed (a `setsid` child); TrackBench killed them.
    /// - Parameters:
    ///   - filters: The labels of the filter processes that ran, any of which may have started them.
    ///   - processes: Each as `PID (COMMAND)`.
    case leftRunning(filters: [String], processes: [String])
    package var errorDescription: String? {
        switch self {
        case let .cannotStart(command, reason):
            return "cannot start the filter process '\(command)': \(reason)"
        case let .badHello(label, command, line, reason, standardError):
            let shown = line.map { "; it wrote: \(Self.quoted($0))" } ?? ""
            let filter = label.map { "filter '\($0)' (exec:\(command))" } ?? "filter process '\(command)'"
            return "\(filter) did not introduce itself: \(reason)\(shown)"
                + #". Its first line must be {"trackbench": 1, "name": "NAME", "online": true} (Docs/filter-protocol.md)"#
                + Self.tail(standardError)
        case let .failed(filter, command, scenario, seed, reason, line, standardError):
            // Only `speed`'s timing runs send an empty scenario: a suite's scenarios and recordings all have names.
            let run = scenario.isEmpty
                ? "a timing run of 'speed' (the suite's noisy paths, sent with an empty scenario)"
                : "scenario '\(scenario)'" + (seed.map { ", seed \($0)" } ?? "")
            let shown = line.map { "\n  answer: \(Self.quoted($0))" } ?? ""
            return "filter '\(filter)' (exec:\(command)) failed on \(run): \(reason)\(shown)" + Self.tail(standardError)
        case let .lineAfterHello(filter, command, line, standardError):
            return "filter '\(filter)' (exec:\(command)) wrote a line after its hello before any run started; it may write only "
                + "answers, each after a fix (Docs/filter-protocol.md)\n  line: \(Self.quoted(line))" + Self.tail(standardError)
        case let .leftRunning(filters, processes):
            let names = filters.map { "'\($0)'" }.joined(separator: " or ")
            return "filter process \(names) left \(processes.count) process(es) running outside its process group, which TrackBench "
                + "killed: \(processes.joined(separator: ", ")). A filter process must leave nothing running once its process group "
                + "is killed; do not detach children with setsid (Docs/filter-protocol.md)"
        }
    }

    /// The longest answer line quoted in a message, in characters.
    static let quotedLength = 200

    /// `line`, cut to `quotedLength` characters.
    private static func quoted(_ line: String) -> String {
        line.count <= quotedLength ? line : String(line.prefix(quotedLength)) + "..."
    }

    /// The process's last standard error lines, indented, or a note that it wrote none.
    private static func tail(_ standardError: String) -> String {
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: false).suffix(10).filter { !$0.isEmpty }
        guard !lines.isEmpty else { return "\n  (nothing on its standard error)" }
        return "\n  its standard error ended with:\n" + lines.map { "    " + $0 }.joined(separator: "\n")
    }
}
