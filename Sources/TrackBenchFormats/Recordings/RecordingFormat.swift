import Foundation
import TrackBenchSupport

/// The file formats TrackBench reads recordings from, told apart by their content, not their name.
package enum RecordingFormat: String, Sendable, CaseIterable {
    /// NMEA 0183 sentences (`$GPGGA`, `$GNRMC`, `$GPGST`, ...), as receivers and logging apps write them.
    case nmea = "NMEA 0183"
    /// GPX 1.0 or 1.1 (`trk/trkseg/trkpt`, or `rte/rtept` for a route), as Garmin, Strava and phone apps export.
    case gpx = "GPX"
    /// Garmin's Training Center XML (`Activities/Activity/Lap/Track/Trackpoint`, or a course's track), as
    /// Garmin Connect and Strava export activities.
    case tcx = "TCX"
    /// Android GnssLogger's text log: `Fix` records under a `# Fix,...` header.
    case gnssLogger = "GnssLogger"
    /// A CSV with a header row naming the columns: GSDC ground truth (2021 and 2022+), TrackBench's path CSV,
    /// or an app's log of its location objects.
    case csv = "CSV"
    /// A post-processed GNSS/INS reference as a whitespace table: `GPSTime` (GPS seconds of week), `Latitude`,
    /// `Longitude`, optionally `H-Ell`, `Vel-N`, `Vel-E`, `Vel-U` and a quality `Q` (`GNSSTableReader`).
    case gnssTable = "GNSS/INS table"
    /// A GetSensorData log: `GNSS;...` fixes and `POSI;...` landmarks among sensor records (`GetSensorDataReader`).
    case getSensorData = "GetSensorData"
    /// A checkpoint truth: `checkpoint,time,latitude,longitude` rows of timed surveyed points (`CheckpointCSVReader`).
    case checkpoints = "checkpoint CSV"

    /// Whether a file is XML (GPX or TCX, told apart by the root element as it is read): its first character
    /// after a byte order mark, spaces, tabs and line breaks is `<`.
    static func isXML(_ data: Data) -> Bool {
        let body = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        let blanks: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        return body.first { !blanks.contains($0) } == UInt8(ascii: "<")
    }

    /// The format of a text file that is not XML (see `isXML(_:)`): a checkpoint CSV if its first line is
    /// `checkpoint,time,latitude,longitude`; else, by the first of its first 200 lines that tells: NMEA if a line
    /// starts with `$` (after any prefix a logger adds), GnssLogger if a line starts with `# Fix,` (its header),
    /// GetSensorData if a line is its header comment or a `GNSS;` or `POSI;` record, a GNSS/INS table if a line names
    /// `GPSTime`, `Latitude` and `Longitude`; otherwise CSV.
    static func detect(in lines: DataLines) -> RecordingFormat {
        if let first = lines.first(where: { !$0.allSatisfy(\.isWhitespace) }), CheckpointCSVReader.isHeader(first) { return .checkpoints }
        for line in lines.prefix(200) {
            if GetSensorDataReader.isRecord(line) { return .getSensorData }
            if GNSSTableReader.isHeader(line) { return .gnssTable }
            if line.hasPrefix("# Fix,") || line.hasPrefix("#Fix,") { return .gnssLogger }
            if NMEASentence.start(in: line) != nil { return .nmea }
        }
        return .csv
    }
}
