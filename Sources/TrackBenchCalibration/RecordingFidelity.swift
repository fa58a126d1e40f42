import Foundation
import TrackBenchEngine
import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchModel

/// Whether the synthetic benchmark agrees with reality for one recording: every filter run on the real fixes and
/// on phones simulated with a profile calibrated from them, on the same route.
///
/// The simulations use the recording's own truth as the route (its positions,
/// turns, stops and speed changes) and its fitted profile, so the only thing
/// that differs is the noise model. If the filters rank the same way on both,
/// the noise model is good enough for that phone to rank filters; the rank
/// correlation says how far.
package struct RecordingFidelity: Sendable {
    /// The profile fitted to the recording, and the statistics side by side.
    package var calibration: SignalCalibration
    /// Every filter's score on the real fixes, in filter order.
    package var real: [ScenarioScore]
    /// Every filter's score on each simulation: one array per seed, in filter order.
    package var simulated: [[ScenarioScore]]

    /// A score compared between the real and simulated runs: the ranking's own and the position error.
    package struct Comparison: Sendable {
        /// The column heading, with its unit.
        package var label: String
        /// The value of one score; lower is better; nil when not measured.
        package var value: @Sendable (ScenarioScore) -> Double?
    }

    /// The scores compared, each declared once: the ranking's headline and the position error. A NaN (a filter
    /// that diverged) counts as not measured, so it cannot scramble a ranking.
    package static let comparisons = [
        Comparison(label: "distance error, absolute (%)", value: { score in abs(score.errorPercent).nilIfNaN }),
        Comparison(label: "position RMSE (m)", value: { score in score.metrics.positionRMSEMeters?.nilIfNaN }),
    ]

    /// Calibrates from a replay (or takes `profile`), simulates on its route under `seeds`, and runs `filters` on both.
    /// - Parameter profile: A profile to simulate instead of one fitted to the replay, to check a profile made
    ///   elsewhere (another recording, a default profile) against this recording.
    /// - Throws: `SignalCalibration.CalibrationError` when the replay has no timed truth or too few fixes.
    package init(
        replay: RecordingReplay, filters: [FilterConfiguration], seeds: SeedRange, profile: SignalProfile? = nil
    ) throws(SignalCalibration.CalibrationError) {
        let calibration: SignalCalibration
        if let profile {
            calibration = try SignalCalibration(replay: replay, comparing: profile, seeds: seeds)
        } else {
            calibration = try SignalCalibration(replay: replay, name: "fitted", seeds: seeds)
        }
        self.calibration = calibration
        real = WorkUnit.replayed(replay).scores(filters: filters)
        // The calibration's own simulations: the same runs its statistics came from.
        simulated = calibration.simulatedFixes.map { fixes in
            var simulatedReplay = replay
            simulatedReplay.fixes = fixes
            simulatedReplay.fixesOutsideTruth = 0
            simulatedReplay.bestTimeOffsetSeconds = nil
            return WorkUnit.replayed(simulatedReplay).scores(filters: filters)
        }
    }

    /// Each filter's mean over the simulations of `comparison`, in filter order; nil where no simulation measured it.
    package func simulatedMeans(_ comparison: Comparison) -> [Double?] {
        real.indices.map { index in
            Statistics.mean(simulated.compactMap { comparison.value($0[index]) })
        }
    }

    /// Spearman's rank correlation between the filters' real values and their simulated means, from -1 to 1;
    /// nil with fewer than three filters measured on both, or when either side ranks them all equal.
    package func rankCorrelation(_ comparison: Comparison) -> Double? {
        let pairs = zip(real.map(comparison.value), simulatedMeans(comparison)).compactMap { real, simulated in
            real.flatMap { real in simulated.map { (real, $0) } }
        }
        guard pairs.count >= 3 else { return nil }
        let realRanks = Self.ranks(pairs.map(\.0))
        let simulatedRanks = Self.ranks(pairs.map(\.1))
        return Self.pearson(realRanks, simulatedRanks)
    }

    /// Each filter's rank by `comparison` on the real fixes (1 = best), ties sharing the mean of their places.
    package func realRanks(_ comparison: Comparison) -> [Double?] {
        Self.ranksSkippingMissing(real.map(comparison.value))
    }

    /// Each filter's rank by the simulated mean of `comparison` (1 = best), ties sharing the mean of their places.
    package func simulatedRanks(_ comparison: Comparison) -> [Double?] {
        Self.ranksSkippingMissing(simulatedMeans(comparison))
    }

    private static func ranksSkippingMissing(_ values: [Double?]) -> [Double?] {
        let present = values.compactMap { $0 }
        let ranked = ranks(present)
        var next = 0
        return values.map { value in
            guard value != nil else { return nil }
            defer { next += 1 }
            return ranked[next]
        }
    }

    /// Ranks from 1 (smallest), tied values sharing the mean of their places.
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] || (values[$0] == values[$1] && $0 < $1) }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            let shared = Double(start + end) / 2 + 1
            for position in start...end { ranks[order[position]] = shared }
            start = end + 1
        }
        return ranks
    }

    /// Pearson's correlation; nil when either side does not vary.
    static func pearson(_ first: [Double], _ second: [Double]) -> Double? {
        guard let meanFirst = Statistics.mean(first), let meanSecond = Statistics.mean(second) else { return nil }
        var (covariance, varianceFirst, varianceSecond) = (0.0, 0.0, 0.0)
        for (a, b) in zip(first, second) {
            covariance += (a - meanFirst) * (b - meanSecond)
            varianceFirst += (a - meanFirst) * (a - meanFirst)
            varianceSecond += (b - meanSecond) * (b - meanSecond)
        }
        guard varianceFirst > 0, varianceSecond > 0 else { return nil }
        return covariance / (varianceFirst * varianceSecond).squareRoot()
    }
}

private extension Double {
    /// The value, or nil for NaN.
    var nilIfNaN: Double? { isNaN ? nil : self }
}
