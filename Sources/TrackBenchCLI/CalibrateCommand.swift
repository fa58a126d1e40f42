import Foundation
import TrackBenchSupport
import TrackBenchModel
import TrackBenchRecordings
import TrackBenchSuite
import TrackBenchScoring
import TrackBenchReports

/// `calibrate`: a signal profile fitted to a recording with a timed truth, printed as JSON for a scenario file.
enum CalibrateCommand: Command {
    static let name = "calibrate"
    static let overview = "Fit a signal profile to a phone recording with a timed reference; print it as JSON for a scenario file's 'signals'."
    static let arguments: [(name: String, help: String)] = [
        ("fixes", "The phone's recording: NMEA, GPX, TCX, GnssLogger, or a CSV such as GSDC, SensorLog, GPSLogger or TrackBench's (the format is detected)."),
    ]
    static let truth = OptionSpec(name: "--truth", valueName: "file", isRequired: true, help: "The reference recorded with times, in any format 'fixes' takes. (required)")
    static let profileName = OptionSpec(name: "--name", valueName: "name", help: "The profile's name: lowercase letters, digits and '-'. (default: calibrated)")
    static let timeOffset = OptionSpec(name: "--time-offset", valueName: "seconds", help: "Seconds added to the fixes' times to put them on the truth's clock. (default: 0)")
    static let provider = OptionSpec(name: "--provider", valueName: "name", help: "The GnssLogger provider to read: GPS, FLP or NLP. (default: \(RecordingReadOptions.defaultProvider))")
    static let options = [truth, profileName, timeOffset, provider] + CompareProfileOptions.options + SeedOptions.options + [HelpOption.help]

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let fixesFile = try arguments.onlyPositional("the recording's file", command: name)
        guard let truthFile = arguments.value(truth) else {
            throw UsageError.missingArgument("--truth <file>", command: name)
        }
        let name = arguments.value(profileName) ?? "calibrated"
        guard SignalProfile.isValidName(name) else {
            throw UsageError.invalidValue(option: profileName.name, value: name, expected: "lowercase letters, digits and '-' (it becomes part of scenario ids)")
        }
        var offset = 0.0
        if let text = arguments.value(timeOffset) {
            let limit = RecordingSuite.timeOffsetLimitSeconds
            guard let value = Double(text), value.isFinite, abs(value) <= limit else {
                throw UsageError.invalidValue(option: timeOffset.name, value: text, expected: "a number of seconds within -\(NumberFormat.compact(limit))...\(NumberFormat.compact(limit))")
            }
            offset = value
        }
        var readOptions = RecordingReadOptions()
        if let text = arguments.value(provider) {
            guard !text.isEmpty else {
                throw UsageError.invalidValue(option: provider.name, value: text, expected: "GPS, FLP or NLP")
            }
            readOptions.provider = text
        }
        let seeds = try SeedOptions(arguments).seeds
        let fixes = try Recording.load(from: URL(fileURLWithPath: fixesFile), options: readOptions)
        let reference = try Recording.load(from: URL(fileURLWithPath: truthFile), options: readOptions)
        let replay = try RecordingReplay(id: URL(fileURLWithPath: fixesFile).lastPathComponent, fixes: fixes, truth: reference, timeOffsetSeconds: offset)
        let calibration: SignalCalibration
        if let profile = try CompareProfileOptions.profile(arguments, context: context) {
            if arguments.value(profileName) != nil {
                throw UsageError.conflictingOptions(profileName.name, CompareProfileOptions.compare.name)
            }
            calibration = try SignalCalibration(replay: replay, comparing: profile, seeds: seeds)
        } else {
            calibration = try SignalCalibration(replay: replay, name: name, seeds: seeds)
        }
        for (file, recording) in [(fixesFile, fixes), (truthFile, reference)] where recording.skippedCount > 0 {
            context.console.standardError("Read \(file): skipped \(recording.skippedSummary)\n")
        }
        context.console.standardError(CalibrationReport.render(calibration, fixesFile: fixesFile, truthFile: truthFile))
        context.print(calibration.profile.jsonText())
        return .success
    }
}
