import Foundation
import Testing
@testable import TrackBenchCLI

/// The progress line: quiet for quick work, then units, elapsed and time left, erased at the end.
struct ProgressLineTests {
    private final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var storage = ""
        var text: String { lock.withLock { storage } }
        func append(_ text: String) { lock.withLock { storage += text } }
    }

    @Test func quickWorkPrintsNothingAndLongWorkRedrawsOneLineThenErasesIt() {
        let written = Written()
        let start = Date(timeIntervalSince1970: 0)
        let line = ProgressLine(total: 100, noun: "run", write: written.append, start: start)
        line.update(done: 10, now: start.addingTimeInterval(0.5))
        #expect(written.text.isEmpty)
        line.update(done: 40, now: start.addingTimeInterval(2))
        #expect(written.text == "\r40/100 runs, 2.0 s elapsed, about 3.0 s left")
        // Too soon to redraw.
        line.update(done: 41, now: start.addingTimeInterval(2.05))
        #expect(!written.text.contains("41/100"))
        line.update(done: 50, now: start.addingTimeInterval(12))
        // Two characters shorter than the line before: spaces cover what it left.
        #expect(written.text.hasSuffix("\r50/100 runs, 12 s elapsed, about 12 s left  "))
        line.finish()
        #expect(written.text.hasSuffix("\r" + String(repeating: " ", count: "40/100 runs, 2.0 s elapsed, about 3.0 s left".count) + "\r"))
    }

    @Test func durationsReadAsAPersonSaysThem() {
        #expect(ProgressLine.duration(0.84) == "0.8 s" && ProgressLine.duration(42.4) == "42 s" && ProgressLine.duration(185) == "3 min 5 s")
    }

    @Test func aRunShowsTheLineOnlyWhenAskedOrOnATerminal() async throws {
        try await withTemporaryFolder { folder in
            let arguments = ["run", "--seeds", "100...101", "--output", folder.path]
            let shown = try await TrackBenchExecutable.run(arguments + ["--progress"])
            #expect(shown.status == 0)
            // A debug build takes over a second for 144 runs of every filter; the line then counts them.
            #expect(shown.standardError.contains("/144 runs, ") && !shown.standardOutput.contains("/144 runs"), "\(shown.standardError)")
            let quiet = try await TrackBenchExecutable.run(arguments)
            #expect(quiet.status == 0 && quiet.standardError.isEmpty)
            let both = try await TrackBenchExecutable.run(arguments + ["--progress", "--no-progress"])
            #expect(both.status == 64)
        }
    }
}
