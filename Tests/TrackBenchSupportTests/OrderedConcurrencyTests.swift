import Foundation
import Testing
@testable import TrackBenchSupport

struct OrderedConcurrencyTests {
    /// The order items finished in, shared by the tasks that run them under a lock.
    private final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Int] = []

        func append(_ item: Int) { lock.withLock { items.append(item) } }
        var order: [Int] { lock.withLock { items } }
    }

    @Test func resultsAreConsumedInItemOrderWhenLaterItemsFinishFirst() async {
        let finished = Finished()
        let lastDone = DispatchSemaphore(value: 0)
        var consumed: [Int] = []
        // The first item waits until the last has finished (a bound on the wait keeps a stuck scheduler from hanging).
        await OrderedConcurrency.forEach(Array(0..<6), maximumConcurrency: 6, { item in
            if item == 0 { _ = lastDone.wait(timeout: .now() + 300) }
            finished.append(item)
            if item == 5 { lastDone.signal() }
            return item * 10
        }, consume: { consumed.append($0) })
        #expect(finished.order.firstIndex(of: 5)! < finished.order.firstIndex(of: 0)!)
        #expect(consumed == [0, 10, 20, 30, 40, 50])
    }

    @Test(arguments: [1, 2, 7])
    func mapGivesEveryResultInItemOrder(jobs: Int) async {
        let results = await OrderedConcurrency.map(Array(0..<500), maximumConcurrency: jobs) { $0 * $0 }
        #expect(results == (0..<500).map { $0 * $0 })
    }

    private struct Stop: Error {}

    @Test func aConsumerThatThrowsStopsTheRunAndItsErrorComesBack() async {
        var consumed: [Int] = []
        var caught: Stop?
        do {
            try await OrderedConcurrency.forEach(Array(0..<1000), maximumConcurrency: 2, { $0 }) { (item: Int) throws(Stop) in
                if item == 3 { throw Stop() }
                consumed.append(item)
            }
        } catch {
            caught = error
        }
        #expect(caught != nil)
        #expect(consumed == [0, 1, 2])
    }
}
