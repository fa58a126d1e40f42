import TrackBenchFilters
import TrackBenchModel
import TrackBenchSimulation
extension SimulatedScenario {
    /// How many delivered fixes a filter is fed at a time when the harness scores it.
    static let batchSize = 1 << 16

    /// Runs `filter` over the scenario's delivered fixes, or over its whole event stream when it has sensors or a
    /// barometer, handing its estimates to `consume` in the order made, a batch at a time.
    ///
    /// Fixes go in batches of `batchSize`, and each batch's estimates are
    /// handed over before the next is fed, so a day-long run never holds a
    /// filter's estimates for all of it at once.
    /// - Parameters:
    ///   - filter: A fresh filter; a copy runs.
    ///   - events: The scenario's event stream (`events`), or nil to feed the fixes alone.
    ///   - buffer: Room for the estimates, reused from filter to filter; emptied.
    ///   - consume: Takes each batch of estimates.
    package func run(_ filter: any LocationFilter, events: [SensorEvent]?, buffer: inout [LocationFix], consume: ([LocationFix]) -> Void) {
        var filter = filter
        buffer.removeAll(keepingCapacity: true)
        if let events {
            filter.run(over: events, into: &buffer)
        } else {
            let fixes = noisyPath.fixes
            var start = 0
            repeat {
                let end = min(fixes.count, start + Self.batchSize)
                filter.receive(contentsOf: fixes[start..<end], into: &buffer)
                consume(buffer)
                buffer.removeAll(keepingCapacity: true)
                start = end
            } while start < fixes.count
            filter.finish(into: &buffer) { batch in
                consume(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        consume(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Runs `filter` over the scenario's fixes, or its whole event stream when it has one, and returns its estimates.
    package func estimatedPath(of filter: any LocationFilter) -> Path {
        var buffer: [LocationFix] = []
        var estimates: [LocationFix] = []
        run(filter, events: events, buffer: &buffer) { estimates.append(contentsOf: $0) }
        return Path(estimates)
    }
}
