import Testing
@testable import TrackBenchSupport

struct ParallelChunksTests {
    @Test(arguments: [0, 1, ParallelChunks.chunkSize - 1, ParallelChunks.chunkSize, 5 * ParallelChunks.chunkSize + 7])
    func chunksCoverEveryItemOnceInOrder(count: Int) {
        let ranges = ParallelChunks.map(count: count) { $0 }
        #expect(ranges.flatMap { Array($0) } == Array(0..<count))
        #expect(ranges.allSatisfy { $0.count <= ParallelChunks.chunkSize })
    }

    @Test func resultsComeBackInChunkOrderWhateverFinishesFirst() {
        let sums = ParallelChunks.map(count: 20 * ParallelChunks.chunkSize) { range in range.reduce(0, +) }
        let expected = stride(from: 0, to: 20 * ParallelChunks.chunkSize, by: ParallelChunks.chunkSize).map { start in
            (start..<start + ParallelChunks.chunkSize).reduce(0, +)
        }
        #expect(sums == expected)
    }
}
