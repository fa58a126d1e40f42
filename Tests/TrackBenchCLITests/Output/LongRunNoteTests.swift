import Foundation
import Testing
@testable import TrackBenchCLI

/// The note that filter processes make a run long: projected from the share of expected fixes done, printed once.
struct LongRunNoteTests {
    private static let start = Date(timeIntervalSince1970: 0)
    private static let median = ["'median' (exec:python3 Examples/FilterProcess/median.py 5)"]
    private static let evenUnits = [Double](repeating: 2000, count: 540)

    private static func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    @Test func aSlowFilterProcessIsNamedWithTheProjectionFromTheSecondRound() throws {
        let note = try #require(LongRunNote(processes: Self.median, unitCosts: Self.evenUnits, jobs: 2, noun: "run", start: Self.start))
        // The first round also started the processes: the pace is measured from its end.
        #expect(note.update(done: 1, now: Self.at(0.4)) == nil)
        #expect(note.update(done: 2, now: Self.at(1)) == nil)
        #expect(note.update(done: 3, now: Self.at(1.5)) == nil)
        // 2 units in 1 s since: 0.5 s a unit, 2 s so far and 536 units to go.
        let text = note.update(done: 4, now: Self.at(2))
        #expect(
            text == "note: filter process 'median' (exec:python3 Examples/FilterProcess/median.py 5) makes this run long: "
                + "540 runs at about 0.5 s each, about 4 min 30 s in all"
        )
        #expect(note.update(done: 5, now: Self.at(2.5)) == nil, "the note is printed twice")
    }

    /// A run that starts with short scenarios: by units done the second round would project under a minute.
    @Test func theProjectionWeighsUnitsByTheirExpectedFixes() throws {
        let costs = [Double](repeating: 200, count: 4) + [Double](repeating: 2500, count: 536)
        let note = try #require(LongRunNote(processes: Self.median, unitCosts: costs, jobs: 2, noun: "run", start: Self.start))
        #expect(note.update(done: 2, now: Self.at(0.1)) == nil)
        // 400 fixes in 0.1 s and 1 340 000 to go: 335 s more, where 2 units in 0.1 s would say 27 s.
        let text = try #require(note.update(done: 4, now: Self.at(0.2)))
        #expect(text.hasSuffix("540 runs at about 0.6 s each, about 5 min 35 s in all"))
    }

    @Test func aRunProjectedUnderAMinuteUntilATenthIsDoneGetsNoNote() throws {
        let note = try #require(LongRunNote(processes: Self.median, unitCosts: Self.evenUnits, jobs: 1, noun: "run", start: Self.start))
        #expect(note.update(done: 1, now: Self.at(0.1)) == nil)
        #expect(note.update(done: 2, now: Self.at(0.15)) == nil)
        // Slower, and still in the first tenth: noted.
        #expect(note.update(done: 20, now: Self.at(3)) != nil)
        let quick = try #require(LongRunNote(processes: Self.median, unitCosts: Self.evenUnits, jobs: 1, noun: "run", start: Self.start))
        #expect(quick.update(done: 1, now: Self.at(0.1)) == nil)
        #expect(quick.update(done: 54, now: Self.at(1)) == nil)
        // Past the first tenth: no projection any more, however slow.
        #expect(quick.update(done: 55, now: Self.at(100)) == nil)
    }

    @Test func runsWithoutFilterProcessesHaveNoNote() {
        #expect(LongRunNote(processes: [], unitCosts: Self.evenUnits, jobs: 2, noun: "run") == nil)
        #expect(LongRunNote.described([]) == [])
    }

    @Test func severalFilterProcessesAreListedTogether() {
        let text = LongRunNote.text(processes: ["'a' (exec:./a)", "'b' (exec:./b)"], perUnit: 20, total: 3, noun: "recording", projected: 61)
        #expect(
            text == "note: filter processes 'a' (exec:./a) and 'b' (exec:./b) make this run long: "
                + "3 recordings at about 20 s each, about 1 min 1 s in all")
    }
}
