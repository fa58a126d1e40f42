import TrackBenchModel
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

    /// Takes the next pedometer update and appends any estimates it releases.
    ///
    /// The default ignores it: a filter of fixes only keeps it.
    mutating func receive(_ steps: StepEvent, into estimates: inout [LocationFix])

    /// Takes the next compass sample and appends any estimates it releases.
    ///
    /// The default ignores it: a filter of fixes only keeps it.
    mutating func receive(_ heading: HeadingEvent, into estimates: inout [LocationFix])

    /// Takes the next barometer reading and appends any estimates it releases.
    ///
    /// The default ignores it: a filter of fixes only keeps it.
    mutating func receive(_ barometer: BarometerEvent, into estimates: inout [LocationFix])

    /// Ends the stream: appends the estimates still held back.
    ///
    /// Streaming filters have nothing held back and keep the default, which
    /// appends nothing.
    mutating func finish(into estimates: inout [LocationFix])

    /// Takes the next fixes in order, appending any estimates they release; the stream goes on.
    ///
    /// The default implementation calls `receive` for each fix; conforming
    /// types keep it. It exists as a requirement so the harness, which holds
    /// filters as `any LocationFilter`, makes one dynamic call per batch of
    /// fixes instead of one per fix, each filter's loop is compiled for its
    /// own type, and a long path can be fed in batches whose estimates are
    /// scored before the next, so no run holds a filter's estimates for a
    /// whole day at once. A filter may keep `fixes` (a slice shares its
    /// array's storage) to read them again when it finishes.
    mutating func receive(contentsOf fixes: ArraySlice<LocationFix>, into estimates: inout [LocationFix])

    /// Ends the stream like `finish(into:)`, handing a long run's held-back estimates over in batches.
    ///
    /// After appending each batch to `estimates`, a filter calls `flush`,
    /// which takes the batch and empties the array; the caller takes whatever
    /// is left after this returns. The default calls `finish(into:)`: one
    /// batch. An offline smoother keeps to its memory this way instead of
    /// appending every estimate of a day-long run at once.
    mutating func finish(into estimates: inout [LocationFix], flush: (inout [LocationFix]) -> Void)

    /// Feeds every fix of `path` in order, then finishes, appending all estimates to `estimates`.
    ///
    /// The default implementation passes the fixes to `receive(contentsOf:into:)`
    /// and calls `finish` once; conforming types keep it.
    mutating func run(over path: Path, into estimates: inout [LocationFix])

    /// Feeds every event in order to the `receive` method for its kind, then finishes.
    ///
    /// The default implementation does exactly that; conforming types keep
    /// it. Like `run(over:into:)` for a path, it is a requirement so the
    /// harness makes one dynamic call per run.
    mutating func run(over events: [SensorEvent], into estimates: inout [LocationFix])
}

extension LocationFilter {
    /// Appends nothing: a streaming filter holds nothing back.
    public mutating func finish(into estimates: inout [LocationFix]) {}

    /// Ignores a pedometer update: the filter uses fixes only.
    public mutating func receive(_ steps: StepEvent, into estimates: inout [LocationFix]) {}

    /// Ignores a compass sample: the filter uses fixes only.
    public mutating func receive(_ heading: HeadingEvent, into estimates: inout [LocationFix]) {}

    /// Ignores a barometer reading: the filter uses fixes only.
    public mutating func receive(_ barometer: BarometerEvent, into estimates: inout [LocationFix]) {}

    /// Feeds every event in order, then finishes.
    public mutating func run(over events: [SensorEvent], into estimates: inout [LocationFix]) {
        for event in events {
            switch event {
            case let .fix(fix): receive(fix, into: &estimates)
            case let .steps(steps): receive(steps, into: &estimates)
            case let .heading(heading): receive(heading, into: &estimates)
            case let .barometer(reading): receive(reading, into: &estimates)
            }
        }
        finish(into: &estimates)
    }

    /// Feeds every fix in order.
    public mutating func receive(contentsOf fixes: ArraySlice<LocationFix>, into estimates: inout [LocationFix]) {
        fixes.withUnsafeBufferPointer { fixes in
            for fix in fixes {
                receive(fix, into: &estimates)
            }
        }
    }

    /// Finishes in one batch, which the caller takes.
    public mutating func finish(into estimates: inout [LocationFix], flush: (inout [LocationFix]) -> Void) {
        finish(into: &estimates)
    }

    /// Feeds every fix in order, then finishes.
    public mutating func run(over path: Path, into estimates: inout [LocationFix]) {
        receive(contentsOf: path.fixes[...], into: &estimates)
        finish(into: &estimates)
    }

    /// Runs a copy of this filter over a whole path and returns its estimates.
    ///
    /// The filter itself is left untouched, so one configured value can run
    /// on many paths.
    public func estimatedPath(for path: Path) -> Path {
        var estimates: [LocationFix] = []
        estimates.reserveCapacity(path.count)
        estimate(path, into: &estimates)
        return Path(estimates)
    }

    /// Runs a copy of this filter over a whole path, replacing the contents of `estimates` with its output.
    ///
    /// The buffer keeps its capacity, so scoring many filters on one path
    /// allocates its estimates once, not once per filter.
    package func estimate(_ path: Path, into buffer: inout [LocationFix]) {
        var filter = self
        buffer.removeAll(keepingCapacity: true)
        filter.run(over: path, into: &buffer)
    }
}
