import Foundation
import TrackBenchCalibration
import TrackBenchEngine
import TrackBenchFormats
import TrackBenchModel
import TrackBenchReports
import TrackBenchSupport

/// `calibrate`: a signal profile fitted to a recording with a timed truth, printed as JSON for a scenario file.
enum CalibrateCommand: Command {
    static let name = "calibrate"
    static let overview = "Fit a signal profile to a phone recording with a timed reference; print it as JSON for a scenario file's 'signals'."
    static let arguments = [
        Argument(
            name: "fixes",
            help: "The phone's recording: NMEA, GPX, TCX, GnssLogger, or a CSV such as GSDC, SensorLog, GPSLogger or TrackBench's "
                + "(the format is detected; gzipped files are read as they are)."
        ),
    ]
    static let truth = Option<String>(
        name: "--truth",
        valueName: "file",
        help: "The reference recorded with times, in any format 'fixes' takes, or checkpoints (a checkpoint CSV, or a GetSensorData "
            + "log's POSI records: the fixes' own file may be named)."
    ).required()
    static let profileName = Option<String>(
        name: "--name",
        valueName: "name",
        help: "The profile's name: lowercase letters, digits and '-'.",
        expected: "lowercase letters, digits and '-' (it becomes part of scenario ids)"
    ) { SignalProfile.isValidName($0) ? $0 : nil }
        .defaulting(to: "calibrated")
    static let timeOffset = Option<Double>(
        name: "--time-offset",
        valueName: "seconds",
        help: "Seconds added to the fixes' times to put them on the truth's clock.",
        expected: "a number of seconds within -\(offsetLimit)...\(offsetLimit)"
    ) { text in Double(text).flatMap { $0.isFinite && abs($0) <= RecordingSuite.timeOffsetLimitSeconds ? $0 : nil } }
        .defaulting(to: 0, shown: NumberFormat.compact(0))
    static let provider = Option<String>(
        name: "--provider",
        valueName: "name",
        help: "The GnssLogger provider to read: GPS, FLP or NLP.",
        expected: "GPS, FLP or NLP (or gps, fused, network)"
    ) { RecordingReadOptions.knownProviders.contains(RecordingReadOptions.canonicalProvider($0)) ? $0 : nil }
        .defaulting(to: RecordingReadOptions.defaultProvider)
    static let seed = SeedOptions.seed.help(
        "Simulate the profile on the recording's route under this one seed, 0 to \(UInt64.max), for the statistics compared with the recording's."
    )
    static let seeds = SeedOptions.seeds.help(
        "Simulate the profile on the recording's route under each seed from first to last, e.g. 100...129.", default: "\(Benchmark.defaultSeeds)"
    )
    static let options = [truth.spec, profileName.spec, timeOffset.spec, DateOption.date.spec, provider.spec] + CompareProfileOptions.options
        + [seed.spec, seeds.spec]
        + [HelpOption.help.spec]

    /// The largest time offset, as the error shows it.
    private static var offsetLimit: String { NumberFormat.compact(RecordingSuite.timeOffsetLimitSeconds) }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let fixesFile = try arguments.onlyPositional("the recording's file", command: name)
        let truthFile = try arguments.required(truth, command: name)
        let name = try arguments.value(profileName)
        let offset = try arguments.value(timeOffset)
        let day = try arguments.value(DateOption.date)
        var readOptions = RecordingReadOptions()
        readOptions.provider = try arguments.value(provider)
        let seeds = try SeedOptions(arguments).seeds
        let fixes = try Recording.load(from: URL(fileURLWithPath: fixesFile), options: readOptions)
        let reference = try Recording.load(from: URL(fileURLWithPath: truthFile), options: readOptions)
        let replay = try RecordingReplay(
            id: URL(fileURLWithPath: fixesFile).lastPathComponent, fixes: fixes, truth: reference, timeOffsetSeconds: offset, day: day
        )
        let calibration: SignalCalibration
        if let profile = try CompareProfileOptions.profile(arguments, context: context) {
            if arguments.isGiven(profileName) {
                throw UsageError.conflictingOptions(profileName.name, CompareProfileOptions.compare.name)
            }
            calibration = try SignalCalibration(replay: replay, comparing: profile, seeds: seeds)
        } else {
            calibration = try SignalCalibration(replay: replay, name: name, seeds: seeds)
        }
        // A GetSensorData log may be its own truth: its reading is reported once.
        let read = truthFile == fixesFile ? [(fixesFile, fixes)] : [(fixesFile, fixes), (truthFile, reference)]
        for (file, recording) in read {
            if recording.skippedCount > 0 { context.console.standardError("Read \(file): skipped \(recording.skippedSummary)\n") }
            // The fixes' assumed accuracies are what `calibrate` compares the error with: say where they came from.
            let accuracyNotes = file == fixesFile ? recording.accuracyNotes : []
            for note in recording.notes + accuracyNotes { context.console.standardError("Read \(file): note: \(note)\n") }
        }
        context.console.standardError(offsetReport(replay))
        context.console.standardError(CalibrationReport.render(calibration, fixesFile: fixesFile, truthFile: truthFile))
        context.print(calibration.profile.jsonText())
        return .success
    }

    /// The time offset used and the one that fits best, as `run` reports them, with a warning when they differ by
    /// more than `RecordingReplay.offsetWarningSeconds`: a clock error a fitted profile would otherwise absorb.
    static func offsetReport(_ replay: RecordingReplay) -> String {
        guard let best = replay.bestTimeOffsetSeconds else { return "" }
        let used = NumberFormat.compact(replay.timeOffsetSeconds)
        var text = "Time offset \(used) s, best fit \(NumberFormat.compact(best)) s.\n"
        if abs(best - replay.timeOffsetSeconds) > RecordingReplay.offsetWarningSeconds {
            text += "warning: the fixes fit the truth best at --time-offset \(NumberFormat.compact(best)), not \(used): "
                + "if the clocks differ, calibrate again with --time-offset \(NumberFormat.compact(best)), or the profile takes "
                + "the clock error for position error\n"
        }
        return text
    }
}
