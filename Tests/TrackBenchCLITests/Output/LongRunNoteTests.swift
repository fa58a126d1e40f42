import Foundation
import Testing
@testable import TrackBenchCLI

/// The note that filter processes make a run long: projected from the first round of units, printed at most once.
struct LongRunNoteTests {
    private static let start = Date(timeIntervalSince1970: 0)
    private static let median = ["'median' (exec:python3 Examples/FilterProcess/median.py 5)"]

    @Test func aSlowFilterProcessIsNamedWithTheProjectedLengthAfterTheFirstRound() throws {
        let note = try #require(LongRunNote(processes: Self.median, total: 540, jobs: 2, noun: "run", start: Self.start))
        // One of the two units running at once is done: too early to project.
        #expect(note.update(done: 1, now: Self.start.addingTimeInterval(0.4)) == nil)
        let text = note.update(done: 2, now: Self.start.addingTimeInterval(1))
        #expect(
            text == "note: filter process 'median' (exec:python3 Examples/FilterProcess/median.py 5) makes this run long: "
                + "540 runs at about 0.5 s each, about 4 min 30 s in all"
        )
        #expect(note.update(done: 3, now: Self.start.addingTimeInterval(1.5)) == nil, "the note is printed twice")
    }

    @Test func aRunProjectedUnderAMinuteGetsNoNoteEvenWhenItLaterSlowsDown() throws {
        let note = try #require(LongRunNote(processes: Self.median, total: 540, jobs: 1, noun: "run", start: Self.start))
        #expect(note.update(done: 1, now: Self.start.addingTimeInterval(0.1)) == nil)
        #expect(note.update(done: 2, now: Self.start.addingTimeInterval(100)) == nil)
    }

    @Test func runsWithoutFilterProcessesHaveNoNote() {
        #expect(LongRunNote(processes: [], total: 540, jobs: 2, noun: "run") == nil)
        #expect(LongRunNote.described([]) == [])
    }

    @Test func severalFilterProcessesAreListedTogether() {
        let text = LongRunNote.text(processes: ["'a' (exec:./a)", "'b' (exec:./b)"], perUnit: 20, total: 3, noun: "recording", projected: 61)
        #expect(text == "note: filter processes 'a' (exec:./a) and 'b' (exec:./b) make this run long: 3 recordings at about 20 s each, about 1 min 1 s in all")
    }
}
