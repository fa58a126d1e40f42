import Foundation
import Testing
@testable import TrackBenchCLI

/// The note that filter processes make a run long: projected after two rounds and two seconds, printed at most once.
struct LongRunNoteTests {
    private static let start = Date(timeIntervalSince1970: 0)
    private static let median = ["'median' (exec:python3 Examples/FilterProcess/median.py 5)"]

    private static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test func aSlowFilterProcessIsNamedWithTheProjectedLength() throws {
        let note = try #require(LongRunNote(processes: Self.median, total: 540, jobs: 2, noun: "run", start: Self.start))
        // The first round also started the processes; two rounds, and two seconds, before any projection.
        #expect(note.update(done: 2, now: Self.at(1.5)) == nil)
        #expect(note.update(done: 4, now: Self.at(1.9)) == nil)
        let text = note.update(done: 8, now: Self.at(4))
        #expect(
            text == "note: filter process 'median' (exec:python3 Examples/FilterProcess/median.py 5) makes this run long: "
                + "540 runs at about 0.5 s each, about 4 min 30 s in all"
        )
        #expect(note.update(done: 9, now: Self.at(4.5)) == nil, "the note is printed twice")
    }

    /// On a shared machine the first units can be slow for reasons of the moment; the pace over two seconds counts.
    @Test func aSlowStartWithinTheFirstTwoSecondsIsNotProjected() throws {
        let note = try #require(LongRunNote(processes: Self.median, total: 540, jobs: 2, noun: "run", start: Self.start))
        // 4 units in 1.5 s would project 203 s; 40 in 2 s project 27 s.
        #expect(note.update(done: 4, now: Self.at(1.5)) == nil)
        #expect(note.update(done: 40, now: Self.at(2)) == nil)
    }

    @Test func aRunProjectedUnderAMinuteUntilATenthIsDoneGetsNoNote() throws {
        let slow = try #require(LongRunNote(processes: Self.median, total: 540, jobs: 1, noun: "run", start: Self.start))
        #expect(slow.update(done: 2, now: Self.at(2)) != nil)
        let quick = try #require(LongRunNote(processes: Self.median, total: 540, jobs: 1, noun: "run", start: Self.start))
        #expect(quick.update(done: 2, now: Self.at(0.1)) == nil)
        #expect(quick.update(done: 54, now: Self.at(2)) == nil)
        // Past the first tenth: no projection any more, however slow.
        #expect(quick.update(done: 55, now: Self.at(100)) == nil)
    }

    @Test func runsWithoutFilterProcessesHaveNoNote() {
        #expect(LongRunNote(processes: [], total: 540, jobs: 2, noun: "run") == nil)
        #expect(LongRunNote.described([]) == [])
    }

    @Test func severalFilterProcessesAreListedTogether() {
        let text = LongRunNote.text(processes: ["'a' (exec:./a)", "'b' (exec:./b)"], perUnit: 20, total: 3, noun: "recording", projected: 61)
        #expect(
            text == "note: filter processes 'a' (exec:./a) and 'b' (exec:./b) make this run long: "
                + "3 recordings at about 20 s each, about 1 min 1 s in all")
    }
}
