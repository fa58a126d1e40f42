import TrackBenchGeodesy

extension ErrorStatistics {
    /// One excursion of a recording's error: a run of fixes beyond the excursion threshold (`excursions(in:besides:)`).
    struct Excursion: Sendable, Equatable {
        /// The largest distance of its fixes from the median error, in metres.
        var peakMeters: Double
        /// How long it lies beyond the threshold, in seconds: one fix interval per run of one fix.
        var beyondSeconds: Double
        /// How long it lies beyond half the threshold around that, in seconds (one fix interval more than from its
        /// first such fix to its last): its shoulders included.
        var spanSeconds: Double
        /// How many of its fixes lie beyond the threshold.
        var fixes: Int
        /// The longest error step into or out of its fixes, in metres: a swell's stay under `jumpStepMeters`.
        var largestStepMeters: Double
    }

    /// Fixes beyond the threshold no more than this many seconds apart belong to one excursion: a swell whose error
    /// dips under the threshold for a few fixes is still one.
    static let excursionMergeSeconds = 10.0
    /// The fewest fixes beyond the threshold that make a swell of the error: one or two are outliers, which the step
    /// tail makes (fitted as swells, they took the tail's place in the WHU X30's step 95th percentile on BJ-4-07).
    static let fewestExcursionFixes = 3

    /// The excursions among `samples`, in time order, those with at least `fewestFixes` fixes.
    /// - Parameters:
    ///   - excursions: Whether each sample lies beyond the threshold, the threshold in metres, and the median error,
    ///     east and north in metres (`excursions(in:besides:)`).
    ///   - interval: The fix interval, in seconds: how long a lone fix lies beyond.
    static func excursionRuns(
        in samples: [Sample], excursions: (inExcursion: [Bool], thresholdMeters: Double, center: LocalPoint), interval: Double,
        fewestFixes: Int = 1
    ) -> [Excursion] {
        let (inExcursion, threshold, center) = excursions
        var runs: [Excursion] = []
        var firsts: [Int] = []
        var last: Int?
        for index in samples.indices where inExcursion[index] {
            let distance = samples[index].error.distance(to: center)
            let step = [index - 1, index + 1].filter(samples.indices.contains).map { samples[$0].error.distance(to: samples[index].error) }.max() ?? 0
            let gap = last.map { samples[index].timeSeconds - samples[$0].timeSeconds }
            if let gap, gap <= excursionMergeSeconds, var run = runs.popLast() {
                run.peakMeters = max(run.peakMeters, distance)
                run.beyondSeconds += gap
                run.fixes += 1
                run.largestStepMeters = max(run.largestStepMeters, step)
                runs.append(run)
            } else {
                runs.append(Excursion(peakMeters: distance, beyondSeconds: interval, spanSeconds: 0, fixes: 1, largestStepMeters: step))
                firsts.append(index)
            }
            last = index
        }
        // Each run's shoulders: out from its first fix and its last while the error stays beyond half the threshold,
        // never into the run before or after.
        let beyondHalf = samples.map { $0.error.distance(to: center) > threshold / 2 }
        var previousEnd = -1
        for (number, first) in firsts.enumerated() {
            let next = number + 1 < firsts.count ? firsts[number + 1] : samples.count
            var start = first
            while start - 1 > previousEnd, beyondHalf[start - 1] { start -= 1 }
            var end = next - 1
            while end > first, !inExcursion[end] { end -= 1 }
            while end + 1 < next, beyondHalf[end + 1] { end += 1 }
            runs[number].spanSeconds = samples[end].timeSeconds - samples[start].timeSeconds + interval
            previousEnd = end
        }
        return runs.filter { $0.fixes >= fewestFixes }
    }
}
