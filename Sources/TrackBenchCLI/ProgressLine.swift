import Foundation
import TrackBenchSupport

/// One line on standard error that a long run keeps rewriting: units done of total, elapsed, time left.
///
/// It appears only once the work has taken `delaySeconds`, so quick runs print nothing extra, and it is
/// redrawn at most every `intervalSeconds`. It is shown when standard error is a terminal unless
/// `--no-progress` says otherwise, or always with `--progress`; it never goes to standard output, so no
/// output file or piped result carries it. `finish()` erases it.
final class ProgressLine: @unchecked Sendable {
    /// How long work runs before the line appears, in seconds.
    static let delaySeconds = 1.0
    /// The shortest time between two redraws, in seconds.
    static let intervalSeconds = 0.1

    private let total: Int
    private let noun: String
    private let write: @Sendable (String) -> Void
    private let start: Date
    private var lastDrawn: Date?
    private var width = 0
    private let lock = NSLock()

    /// A line for `total` units named `noun` ("run", "recording"), written with `write`.
    init(total: Int, noun: String, write: @escaping @Sendable (String) -> Void, start: Date = Date()) {
        self.total = total
        self.noun = noun
        self.write = write
        self.start = start
    }

    /// Records that `done` units are done, redrawing the line when it is due.
    func update(done: Int, now: Date = Date()) {
        lock.withLock {
            let elapsed = now.timeIntervalSince(start)
            guard elapsed >= Self.delaySeconds, done < total else { return }
            if let lastDrawn, now.timeIntervalSince(lastDrawn) < Self.intervalSeconds { return }
            lastDrawn = now
            let left = done > 0 ? elapsed / Double(done) * Double(total - done) : nil
            let text = Self.text(done: done, total: total, noun: noun, elapsedSeconds: elapsed, leftSeconds: left)
            // Carriage return, the text, and spaces over whatever the longer last line left.
            write("\r" + text + String(repeating: " ", count: max(0, width - text.count)))
            width = max(width, text.count)
        }
    }

    /// Erases the line if it was drawn, leaving the cursor at the start of an empty line.
    func finish() {
        lock.withLock {
            guard width > 0 else { return }
            write("\r" + String(repeating: " ", count: width) + "\r")
            width = 0
        }
    }

    /// "312/540 runs, 1.8 s elapsed, about 1.3 s left".
    static func text(done: Int, total: Int, noun: String, elapsedSeconds: Double, leftSeconds: Double?) -> String {
        var text = "\(done)/\(total) \(noun)\(total == 1 ? "" : "s"), \(duration(elapsedSeconds)) elapsed"
        if let leftSeconds { text += ", about \(duration(leftSeconds)) left" }
        return text
    }

    /// "0.8 s", "42 s", "3 min 5 s".
    static func duration(_ seconds: Double) -> String {
        if seconds < 10 { return NumberFormat.fixed(seconds, decimals: 1) + " s" }
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }
}
