import Testing
@testable import TrackBenchFilters

struct RingBufferTests {
    @Test func holdsEveryElementUntilFull() {
        var buffer = RingBuffer<Int>(capacity: 4)
        buffer.append(1)
        buffer.append(2)
        #expect(buffer.count == 2)
        #expect(buffer.elements == [1, 2])
    }

    @Test func keepsOnlyTheLastCapacityElementsOnceFull() {
        var buffer = RingBuffer<Int>(capacity: 3)
        for value in 1...7 {
            buffer.append(value)
        }
        #expect(buffer.count == 3)
        #expect(buffer.elements.sorted() == [5, 6, 7])
    }

    @Test func aCapacityOfOneKeepsTheNewestElement() {
        var buffer = RingBuffer<Int>(capacity: 1)
        buffer.append(1)
        buffer.append(2)
        #expect(buffer.elements == [2])
    }
}
