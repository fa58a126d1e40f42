import Dispatch
import Foundation

/// Ends the process on SIGINT or SIGTERM without leaving its filter processes or temporary files behind.
///
/// The signals are handled by dispatch sources, on a dispatch queue rather
/// than in a signal handler, so the cleanup may lock, read /proc and wait:
/// every filter process group is killed and reaped, with the processes
/// that left their groups when this process adopts them
/// (`ChildProcessGroups`), every live temporary file is removed
/// (`LiveTemporaryFiles`), and the process exits with 128 plus the signal's
/// number, the shells' convention (130 for SIGINT, 143 for SIGTERM).
package enum TerminationSignals {
    private static let lock = NSLock()
    /// The installed sources, kept alive for the process's life.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// The signals handled.
    package static let handled = [SIGINT, SIGTERM]

    /// Installs the handlers; calling it again does nothing.
    ///
    /// A signal this process was started with ignored (SIGINT for a job a shell put in the background) stays ignored,
    /// as the shells' convention asks.
    package static func install() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for number in handled {
                // The source sees the signal only once its default action, ending the process at once, is off.
                let previous = signal(number, SIG_IGN)
                guard unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { continue }
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    ChildProcessGroups.endAllBeforeExit()
                    LiveTemporaryFiles.removeAllBeforeExit()
                    _exit(128 + number)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
