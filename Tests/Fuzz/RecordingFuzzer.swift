// libFuzzer harness for recordings: Recording.read (Recordings/), which detects and reads NMEA, GPX, GnssLogger, CSV,
// GNSS/INS tables, GetSensorData logs and checkpoint CSVs, gzipped or not (Gzip, Inflater, CRC32).
// Compiled into one module with the library's layers by .ci/fuzz; run `.ci/fuzz Recording`.
// A thrown RecordingFileError is the expected outcome for bad input; only traps, crashes and ASan reports are findings.
// Recordings that read are also aligned with themselves as truth, so the replay's interpolation and offset search run too.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let recording = try? Recording.read(bytes, file: "fuzz") else { return 0 }
    guard recording.hasTimes, recording.fixes.count <= 2000 else { return 0 }
    // Undated times are dated by a fixed date, so the dating runs too; a GetSensorData log is its own checkpoint truth.
    let entry = RecordingSuite.Entry(
        id: "fuzz", fixes: recording, truth: recording.truthRecording, distanceMeters: nil, timeOffsetSeconds: 0, tags: [:], fixesFile: "fuzz",
        truthFile: "fuzz", day: UTCTime.days(year: 2020, month: 10, day: 16)
    )
    if let replay = try? RecordingReplay(entry) {
        _ = WorkUnit.replayed(replay).scores(filters: [FilterRegistry.builtIn.defaultConfigurations[0]])
    }
    return 0
}
