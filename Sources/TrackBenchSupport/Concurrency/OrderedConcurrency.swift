/// Runs work items in parallel and returns their results in input order, so output never depends on scheduling.
package enum OrderedConcurrency {
    /// `transform` applied to every item, at most `maximumConcurrency` at a time, results in the items' order.
    /// - Parameter progress: Told how many items are done after each, one call at a time, from the calling task.
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item],
        maximumConcurrency: Int,
        progress: ((Int) -> Void)? = nil,
        _ transform: @escaping @Sendable (Item) -> Result
    ) async -> [Result] {
        let limit = max(1, maximumConcurrency)
        var results = [Result?](repeating: nil, count: items.count)
        await withTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            func startNext() {
                let index = next
                let item = items[index]
                group.addTask { (index, transform(item)) }
                next += 1
            }
            while next < min(limit, items.count) { startNext() }
            var done = 0
            for await (index, result) in group {
                results[index] = result
                done += 1
                progress?(done)
                if next < items.count { startNext() }
            }
        }
        return results.map { $0! }
    }
}
