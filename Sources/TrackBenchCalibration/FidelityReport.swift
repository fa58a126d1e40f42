import TrackBenchMetrics
import TrackBenchModel
import TrackBenchSupport
/// The Markdown `fidelity` prints: per recording, every filter's real and simulated scores side by side with
/// their ranks, and the rank correlation that says whether the synthetic benchmark agrees with reality.
package enum FidelityReport {
    /// A recording of the suite and what became of it: its fidelity, or why it was skipped.
    package typealias Entry = (id: String, result: Result<RecordingFidelity, SignalCalibration.CalibrationError>)

    /// The report.
    /// - Parameters:
    ///   - entries: The suite's recordings in order.
    ///   - suite: The suite's name.
    ///   - seeds: The seeds simulated.
    ///   - comparedProfile: The name of the profile given to simulate every recording with; nil when each was fitted.
    package static func render(_ entries: [Entry], suite: String, seeds: SeedRange, comparedProfile: String? = nil) -> String {
        var text = "# Fidelity of the noise model: suite '\(MarkdownText.safe(suite))'\n\n"
        let source = comparedProfile.map { "simulated on its own route with the given profile '\(MarkdownText.safe($0))'" }
            ?? "calibrated (`trackbench calibrate`), then simulated on its own route with the fitted profile"
        text += "Each recording with a timed truth is \(source) under seeds \(seeds); every filter runs on the real fixes and on each simulation. "
            + "Simulated values are means over the seeds; rank 1 is the best. A rank correlation (Spearman) near 1 means "
            + "the simulation ranks the filters as the recording does.\n"
        var correlations: [[Double]] = Array(repeating: [], count: RecordingFidelity.comparisons.count)
        for (id, result) in entries {
            text += "\n## \(MarkdownText.safe(id))\n\n"
            let fidelity: RecordingFidelity
            switch result {
            case let .failure(error):
                text += "Skipped: \(MarkdownText.safe(error.problem)).\n"
                continue
            case let .success(value):
                fidelity = value
            }
            let profile = fidelity.calibration.profile
            text += "\(fidelity.calibration.isFitted ? "Fitted" : "Given") profile '\(MarkdownText.safe(profile.name))': "
                + "accuracy \(NumberFormat.fixed(profile.horizontalAccuracyMeanMeters, decimals: 2)) m, "
                + "error \(NumberFormat.fixed(profile.errorToAccuracyRatio, decimals: 2)) x accuracy, "
                + "drift time constant \(NumberFormat.fixed(profile.driftTimeConstantSeconds, decimals: 1)) s, "
                + "jitter \(NumberFormat.fixed(profile.jitterMeters, decimals: 2)) m"
                + (profile.hasCreep
                    ? ", \(NumberFormat.fixed(profile.creepShare * 100, decimals: 0)) % of the drift creeping, reset every "
                        + "\(NumberFormat.fixed(profile.creepResetSeconds, decimals: 1)) s"
                    : "") + ".\n\n"
            var summaries: [String] = []
            for (index, comparison) in RecordingFidelity.comparisons.enumerated() {
                let correlation = fidelity.rankCorrelation(comparison)
                if let correlation { correlations[index].append(correlation) }
                summaries.append("\(comparison.label): \(correlation.map { NumberFormat.fixed($0, decimals: 2) } ?? "not measured")")
            }
            text += "Rank correlation, \(fidelity.real.count) filters: " + summaries.joined(separator: "; ") + ".\n\n"
            var header = ["Filter"]
            for comparison in RecordingFidelity.comparisons {
                header += ["\(comparison.label), real", "simulated", "rank real", "rank simulated"]
            }
            text += "| " + header.joined(separator: " | ") + " |\n"
            text += "|---" + String(repeating: "|---:", count: header.count - 1) + "|\n"
            let columns = RecordingFidelity.comparisons.map { comparison in
                (comparison, fidelity.simulatedMeans(comparison), fidelity.realRanks(comparison), fidelity.simulatedRanks(comparison))
            }
            for (row, score) in fidelity.real.enumerated() {
                var cells = [MarkdownText.safe(score.filter)]
                for (comparison, simulated, realRanks, simulatedRanks) in columns {
                    cells += [number(comparison.value(score)), number(simulated[row]), rank(realRanks[row]), rank(simulatedRanks[row])]
                }
                text += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        text += "\n## Summary\n\n"
        for (index, comparison) in RecordingFidelity.comparisons.enumerated() {
            let values = correlations[index]
            let mean = Statistics.mean(values).map { NumberFormat.fixed($0, decimals: 2) } ?? "not measured"
            text += "- \(comparison.label): mean rank correlation \(mean) over \(values.count) recording\(values.count == 1 ? "" : "s")\n"
        }
        return text
    }

    /// Why the report would compare nothing: one line per recording, or nil when at least one recording has a
    /// rank correlation measured.
    ///
    /// A recording is skipped without a timed truth or when too few fixes overlap it; one that was simulated still
    /// gives no correlation with fewer than three filters measured on both sides, or when either side ranks them
    /// all equal. A report with no correlation at all answers nothing, so `fidelity` fails on it instead.
    package static func reasonsNothingWasCompared(_ entries: [Entry]) -> [String]? {
        var reasons: [String] = []
        for (id, result) in entries {
            switch result {
            case let .failure(error):
                reasons.append(error.problem)
            case let .success(fidelity):
                guard RecordingFidelity.comparisons.allSatisfy({ fidelity.rankCorrelation($0) == nil }) else { return nil }
                reasons.append(
                    "recording '\(id)': \(fidelity.real.count) filter\(fidelity.real.count == 1 ? "" : "s") ran, but a rank correlation needs "
                        + "at least 3 measured on both the recording and its simulations, not all ranked equal"
                )
            }
        }
        return reasons
    }

    private static func number(_ value: Double?) -> String {
        value.map { NumberFormat.fixed($0, decimals: 2) } ?? "-"
    }

    private static func rank(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value == value.rounded() ? String(Int(value)) : NumberFormat.fixed(value, decimals: 1)
    }
}
