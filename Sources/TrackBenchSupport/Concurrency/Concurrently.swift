import Dispatch

/// Two independent pieces of work run at once.
///
/// After a run, the results file and the reports are made from the same
/// scores and need nothing from each other: on two cores the reports are
/// ready by the time the rows are written, instead of after them.
package enum Concurrently {
    /// The results of `first` and `second`, each run on its own thread where there is a core for it.
    package static func both<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let results = Results<First, Second>()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 { results.first = first() } else { results.second = second() }
        }
        return (results.first!, results.second!)
    }

    /// The two results: each is written by one iteration only, and `concurrentPerform` returns after both
    /// have finished, so sharing them across its threads is safe.
    private final class Results<First, Second>: @unchecked Sendable {
        var first: First?
        var second: Second?
    }
}
