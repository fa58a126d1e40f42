/// Runs work items in parallel and hands over their results in input order, so output never depends on scheduling.
package enum OrderedConcurrency {
    /// `transform` applied to every item, at most `maximumConcurrency` at a time, results in the items' order.
    /// - Parameter progress: Told how many items are done after each, one call at a time, from the calling task.
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item],
        maximumConcurrency: Int,
        progress: ((Int) -> Void)? = nil,
        _ transform: @escaping @Sendable (Item) -> Result
    ) async -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(items.count)
        await forEach(items, maximumConcurrency: maximumConcurrency, progress: progress, transform) { results.append($0) }
        return results
    }

    /// How many results, per item allowed to run at once, may wait for an earlier item that is still running.
    ///
    /// A long item holds back the start of items this far past it, so the
    /// results waiting to be consumed stay bounded however many items there are.
    static let reorderWindowPerTask = 64

    /// `transform` applied to every item, at most `maximumConcurrency` at a time, each result given to `consume` in
    /// the items' order as soon as the results before it have been: a run's results streamed, not collected.
    ///
    /// Results that finish early wait in a reorder buffer for the ones
    /// before them; no item starts more than `reorderWindowPerTask` x
    /// `maximumConcurrency` places past the first unconsumed one.
    /// - Parameters:
    ///   - progress: Told how many items are done after each, one call at a time, from the calling task.
    ///   - consume: Takes each result in order, from the calling task; if it throws, no further item starts or is
    ///     consumed, the items running finish, and the error is rethrown.
    package static func forEach<Item: Sendable, Result: Sendable, Failure: Error>(
        _ items: [Item],
        maximumConcurrency: Int,
        progress: ((Int) -> Void)? = nil,
        _ transform: @escaping @Sendable (Item) -> Result,
        consume: (Result) throws(Failure) -> Void
    ) async throws(Failure) {
        let limit = max(1, maximumConcurrency)
        let window = limit * reorderWindowPerTask
        var failure: Failure?
        await withTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            var running = 0
            var consumed = 0
            var waiting: [Int: Result] = [:]
            func startAvailable() {
                while running < limit && next < items.count && next - consumed < window {
                    let index = next
                    let item = items[index]
                    group.addTask { (index, transform(item)) }
                    next += 1
                    running += 1
                }
            }
            startAvailable()
            var done = 0
            for await (index, result) in group {
                running -= 1
                waiting[index] = result
                while let ready = waiting.removeValue(forKey: consumed) {
                    do throws(Failure) {
                        try consume(ready)
                    } catch {
                        failure = error
                        group.cancelAll()
                        return
                    }
                    consumed += 1
                }
                done += 1
                progress?(done)
                startAvailable()
            }
        }
        if let failure { throw failure }
    }
}
