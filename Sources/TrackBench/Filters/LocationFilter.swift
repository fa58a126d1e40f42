/// A location filter: fixes in, estimated fixes out, one stream at a time.
///
/// Filters are values. The harness makes a fresh one per scenario, feeds it
/// the noisy fixes in delivery order, then calls `finish` once; it never needs
/// to know which kind of filter it runs. A filter may emit zero, one or several
/// estimates per fix (a gate drops fixes, a smoother that looks ahead holds
/// them back and emits them in `finish`).
public protocol LocationFilter: Sendable {
    /// Takes the next delivered fix and appends any estimates it releases.
    /// - Parameters:
    ///   - fix: The fix as the phone delivered it; invalid fixes included.
    ///   - estimates: The output stream; append, never remove.
    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix])

    /// Ends the stream: appends the estimates still held back.
    ///
    /// Streaming filters have nothing held back and keep the default, which
    /// appends nothing.
    mutating func finish(into estimates: inout [LocationFix])
}

extension LocationFilter {
    /// Appends nothing: a streaming filter holds nothing back.
    public mutating func finish(into estimates: inout [LocationFix]) {}

    /// Runs a copy of this filter over a whole path and returns its estimates.
    ///
    /// The filter itself is left untouched, so one configured value can run
    /// on many paths.
    public func estimatedPath(for path: Path) -> Path {
        var filter = self
        var estimates: [LocationFix] = []
        estimates.reserveCapacity(path.count)
        for fix in path.fixes {
            filter.receive(fix, into: &estimates)
        }
        filter.finish(into: &estimates)
        return Path(estimates)
    }
}
