import TrackBenchModel
/// The length of a filter's estimated path as its estimates stream past, in metres.
///
/// Many filters change only speeds, or drop nothing and move nothing: their
/// estimates draw the noisy line again. While the estimates keep the noisy
/// path's coordinates, fix for fix, nothing is measured; once they leave it,
/// the shared stretch is measured on the noisy fixes (the same coordinates,
/// so the same sums) and the rest on the estimates. An estimated path that is
/// the whole noisy path takes its length, measured once for all filters.
package struct EstimatedPathLength {
    private let noisyFixes: [LocationFix]
    private let noisyMeters: Double
    private var count = 0
    private var isNoisyPath = true
    private var length = PathLength()

    /// Starts measuring against a scenario's delivered fixes, whose length is `noisyMeters`.
    package init(noisyPath: Path, noisyMeters: Double) {
        noisyFixes = noisyPath.fixes
        self.noisyMeters = noisyMeters
    }

    /// Measures the next estimates, in the order the filter made them.
    package mutating func add(_ estimates: [LocationFix]) {
        for estimate in estimates {
            if isNoisyPath {
                if count < noisyFixes.count, estimate.latitude == noisyFixes[count].latitude, estimate.longitude == noisyFixes[count].longitude {
                    count += 1
                    continue
                }
                isNoisyPath = false
                measureNoisyFixes(upTo: count)
            }
            length.add(estimate)
            count += 1
        }
    }

    /// The length of every estimate added, in metres.
    package var meters: Double {
        guard isNoisyPath else { return length.meters }
        guard count < noisyFixes.count else { return noisyMeters }
        var prefix = self
        prefix.measureNoisyFixes(upTo: count)
        return prefix.length.meters
    }

    /// Measures the noisy fixes the estimates so far repeated.
    private mutating func measureNoisyFixes(upTo end: Int) {
        for fix in noisyFixes[..<end] { length.add(fix) }
    }
}
