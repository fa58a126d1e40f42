import Dispatch
import Foundation

/// Work on a long run of items, split into contiguous chunks that run on every core at once, results in chunk order.
///
/// For the serial steps around a run (writing and reading back a results
/// file of tens of thousands of rows), where a task group's per-item cost
/// would outweigh the work. The chunks are fixed by the item count alone, so
/// what a caller builds from the results in order does not depend on the
/// number of cores or on scheduling.
package enum ParallelChunks {
    /// Items per chunk: enough that starting a chunk costs nothing next to its work.
    static let chunkSize = 512

    /// `transform` applied to each chunk of `0..<count`, in order; one chunk when `count` is small.
    package static func map<Result: Sendable>(count: Int, _ transform: @Sendable (Range<Int>) -> Result) -> [Result] {
        let chunks = max(1, (count + chunkSize - 1) / chunkSize)
        guard chunks > 1 else { return [transform(0..<count)] }
        var results = [Result?](repeating: nil, count: chunks)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let range = (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize)
                slots.buffer[chunk] = transform(range)
            }
        }
        return results.map { $0! }
    }

    /// The result slots, one per chunk: each chunk writes only its own, and `concurrentPerform` returns after all
    /// have finished, so sharing the buffer across its threads is safe.
    private struct Slots<Result>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Result?>
    }
}
