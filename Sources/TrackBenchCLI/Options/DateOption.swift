import TrackBenchFormats

/// `--date YYYY-MM-DD`: the UTC date a recording starts, for files whose times carry none (NMEA `GGA` alone, a
/// GNSS/INS table's GPS seconds of week). Shared by `calibrate` and `fidelity`; a recording suite's `date` key
/// means the same for one recording.
enum DateOption {
    static let date = Option<Int>(
        name: "--date",
        valueName: "YYYY-MM-DD",
        help: "The UTC date the recording starts, for times without a date (NMEA GGA alone, GPS seconds of week).",
        default: "the files' own dates",
        expected: "a UTC date as YYYY-MM-DD, 1980 or later"
    ) { UTCTime.day(fromDate: $0) }
}
