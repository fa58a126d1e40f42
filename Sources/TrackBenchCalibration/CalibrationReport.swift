import TrackBenchMetrics
import TrackBenchSupport
/// The text `calibrate` prints: the statistics measured on a recording beside the same statistics simulated with
/// the fitted profile on the recording's route.
package enum CalibrationReport {
    /// One statistic of the table: its label with unit, how to read it, and its decimals.
    struct Row: Sendable {
        var label: String
        var value: @Sendable (ErrorStatistics) -> Double?
        var decimals: Int
        /// How far from zero the statistic can fall by chance, when that is known: near zero, a ratio says nothing.
        var noiseFloor: (@Sendable (ErrorStatistics) -> Double)?
        /// What `noiseFloor` is, for the note that says a ratio was not printed.
        var noiseFloorMeaning = ""
    }

    /// Every statistic the table shows, in order; each is declared once here.
    static let rows: [Row] = [
        Row(label: "fixes", value: { Double($0.fixCount) }, decimals: 0),
        Row(label: "fix interval mean (s)", value: { $0.fixIntervalMeanSeconds }, decimals: 3),
        Row(label: "fix interval SD (s)", value: { $0.fixIntervalDeviationSeconds }, decimals: 3),
        Row(label: "reported accuracy mean (m)", value: { $0.accuracyMeanMeters }, decimals: 2),
        Row(label: "reported accuracy SD (m)", value: { $0.accuracyDeviationMeters }, decimals: 2),
        Row(label: "error SD per axis, mean and bias removed, no excursions (m)", value: { $0.errorDeviationMeters }, decimals: 2),
        Row(label: "error median, 2-D (m)", value: { $0.errorMedianMeters }, decimals: 2),
        Row(label: "error 95th percentile, 2-D (m)", value: { $0.error95thPercentileMeters }, decimals: 2),
        Row(label: "fixes within reported accuracy (%)", value: { $0.withinAccuracyPercent }, decimals: 1),
        Row(label: "error decorrelation, 1/e, no excursions (s)", value: { $0.decorrelationSeconds }, decimals: 1),
        Row(label: "error step median (m)", value: { $0.stepMedianMeters }, decimals: 3),
        Row(label: "error step 95th percentile (m)", value: { $0.step95thPercentileMeters }, decimals: 3),
        Row(label: "error step median, moving (m)", value: { $0.movingStepMedianMeters }, decimals: 3),
        Row(label: "error step median, stopped (m)", value: { $0.stoppedStepMedianMeters }, decimals: 3),
        Row(
            label: "stopped steps over half the moving median (%)", value: { $0.stoppedReleasePercent }, decimals: 1,
            noiseFloor: { $0.stoppedReleaseNoisePercent },
            noiseFloorMeaning: "the share \(ErrorStatistics.fewestReleases) releases of the length seen make, the fewest a release "
                + "share is fitted from"
        ),
        Row(
            label: "along-track error mean (m)", value: { $0.alongTrackMeanMeters }, decimals: 2, noiseFloor: { $0.alongTrackNoiseMeters },
            noiseFloorMeaning: "error SD per axis × sqrt(2 × decorrelation / time moving): the standard error of the drive's mean"
        ),
        Row(label: "along / cross-track RMS", value: { $0.alongToCrossTrackRatio }, decimals: 2),
        Row(
            label: "error steps over 5 m (%)", value: { $0.jumpStepPercent }, decimals: 2, noiseFloor: { $0.jumpStepNoisePercent },
            noiseFloorMeaning: "the share \(ErrorStatistics.fewestJumpSteps) such steps make, one jump out and back and one more: a count "
                + "this small varies by chance by as much as it is"
        ),
        Row(
            label: "fixes in excursions (%)", value: { $0.excursionPercent }, decimals: 1, noiseFloor: { $0.excursionNoisePercent },
            noiseFloorMeaning: "the share one excursion holds (at least \(ErrorStatistics.fewestExcursionFixes) fixes): a drive has a few "
                + "at most, and one more or less moves the share by that much"
        ),
        Row(label: "largest error step (m)", value: { $0.largestStepMeters }, decimals: 1),
        Row(label: "speed error SD (m/s)", value: { $0.speedErrorDeviationMetersPerSecond }, decimals: 2),
        Row(label: "course error RMS (deg)", value: { $0.courseErrorRMSDegrees }, decimals: 1),
        Row(
            label: "path length vs truth (%)", value: { $0.lengthErrorPercent }, decimals: 2, noiseFloor: { $0.lengthNoiseFloorPercent },
            noiseFloorMeaning: "sqrt(2) × error SD per axis over the truth's length: the along-track errors at the two ends"
        ),
    ]

    /// The side-by-side table, with a heading and the fit's notes.
    ///
    /// Each row gives the measured value, the simulations' median and range, their ratio, and whether the
    /// measured value falls within the simulations' range (`in` or `out`): with `--compare`, whether the profile
    /// covers this recording.
    /// - Parameters:
    ///   - calibration: The fit and its simulations.
    ///   - fixesFile: The recording's file, as the user named it.
    ///   - truthFile: The truth's file, as the user named it.
    package static func render(_ calibration: SignalCalibration, fixesFile: String, truthFile: String) -> String {
        let measured = calibration.measured
        let minutes = NumberFormat.fixed(calibration.replay.durationSeconds / 60, decimals: 1)
        let verb = calibration.isFitted ? "Calibrated" : "Compared signal"
        var text = "\(verb) '\(calibration.profile.name)' \(calibration.isFitted ? "from" : "with") \(fixesFile) against \(truthFile): "
            + "\(measured.fixCount) fixes over \(minutes) min"
        if calibration.replay.fixesOutsideTruth > 0 {
            text += " (\(calibration.replay.fixesOutsideTruth) outside the truth's time span left out)"
        }
        text += ".\nSimulated with \(calibration.isFitted ? "the fitted" : "that") profile on the same route, seeds \(calibration.seeds) "
            + "(\(NumberFormat.count(calibration.simulated.count, "run"))): median and range.\n\n"
        var noiseNotes: [String] = []
        var table: [[String]] = [["statistic", "measured", "simulated", "range", "simulated / measured", "measured in range"]]
        for row in rows {
            let real = row.value(measured)
            var simulated = calibration.simulated.compactMap(row.value)
            let median = Statistics.percentile(&simulated, 0.5)
            let range = simulated.isEmpty ? "" : "\(format(simulated.min(), row.decimals))...\(format(simulated.max(), row.decimals))"
            let floor = row.noiseFloor?(measured)
            let ratio = Self.ratio(real, median, noiseFloor: floor)
            if ratio == Self.withinNoise, let real, let median, let floor {
                noiseNotes.append(
                    "\(row.label): measured \(NumberFormat.fixed(real, decimals: 3)), simulated \(NumberFormat.fixed(median, decimals: 3)): the "
                        + "measured within its noise (±\(NumberFormat.fixed(floor, decimals: 3)), \(row.noiseFloorMeaning)) of zero and the "
                        + "simulated as close to it, so '\(Self.withinNoise)', not a ratio"
                )
            }
            table.append(
                [row.label, format(real, row.decimals), format(median, row.decimals), range, ratio, inRange(real, simulated, decimals: row.decimals)]
            )
        }
        text += PlainTextTable.lines(table, rightAligned: Set(1..<table[0].count)).map { $0 + "\n" }.joined()
        let notes = calibration.notes + noiseNotes
        if !notes.isEmpty {
            text += "\nNotes:\n" + notes.map { "- \($0)\n" }.joined()
        }
        return text
    }

    /// What the ratio column says for a statistic whose measured value is indistinguishable from zero and whose
    /// simulated median lies as close to it.
    static let withinNoise = "within noise"

    /// The ratio column: simulated over measured to two decimals; `withinNoise` when the measured value lies within
    /// `noiseFloor` of zero and the simulated one within `noiseFloor` of it (a ratio of two numbers indistinguishable
    /// from zero says nothing); empty when either is missing, when both are zero (no event to compare, such as no
    /// step over 5 m), or when the measured value is zero and the simulated one is not within the floor.
    static func ratio(_ measured: Double?, _ simulated: Double?, noiseFloor: Double?) -> String {
        guard let measured, let simulated, measured != 0 || simulated != 0 else { return "" }
        if let noiseFloor, abs(measured) <= noiseFloor, abs(simulated - measured) <= noiseFloor { return withinNoise }
        return abs(measured) > 1e-9 ? NumberFormat.fixed(simulated / measured, decimals: 2) : ""
    }

    /// `in` when the measured value lies within the simulations' range as the table prints them (to `decimals`),
    /// `out` when it does not, empty when either is missing.
    static func inRange(_ measured: Double?, _ simulated: [Double], decimals: Int) -> String {
        guard let measured, let low = simulated.min(), let high = simulated.max() else { return "" }
        let printed = { (value: Double) in Double(NumberFormat.fixed(value, decimals: decimals)) ?? value }
        return (printed(low)...printed(high)).contains(printed(measured)) ? "in" : "out"
    }

    private static func format(_ value: Double?, _ decimals: Int) -> String {
        value.map { NumberFormat.fixed($0, decimals: decimals) } ?? "-"
    }
}
